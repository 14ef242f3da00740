import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderAs } from '../test/render.tsx';
import { PatientPicker, type PickedPatient } from './patient-picker.tsx';

// A patient picked from a list that is being replaced is a wrong-patient risk: the list shows the
// answer to the text typed, never the previous search's while the next one is on its way.

afterEach(() => vi.unstubAllGlobals());

function Picker() {
  const [value, setValue] = useState<PickedPatient | null>(null);
  return (
    <>
      <PatientPicker value={value} onChange={setValue} label="Patient" noOptionsText="Aucun patient" source="agenda" />
      <output aria-label="Choisi">{value?.FullName ?? ''}</output>
    </>
  );
}

describe('PatientPicker', () => {
  it('withdraws the previous answer while the next search is typed and answered, then picks from the new one', async () => {
    // The search for « zo » is answered when the test says so.
    let answerZoe: () => void = () => {};
    const zoe = new Promise((resolve) => (answerZoe = () => resolve({ success: true, data: [{ id: 'p2', fullName: 'Zoé Laurent' }] })));
    const requests = fakeApi({
      'GET /api/agenda/patients': (r: { query: URLSearchParams }) => (r.query.get('q') === 'lu' ? { success: true, data: [{ id: 'p1', fullName: 'Lucas Bernard' }] } : zoe),
    });
    renderAs('PR', <Picker />);
    const box = screen.getByRole('combobox', { name: 'Patient' });
    await userEvent.type(box, 'lu');
    expect(await screen.findByRole('option', { name: 'Lucas Bernard' })).toBeInTheDocument();

    await userEvent.clear(box);
    await userEvent.type(box, 'zo');
    // Typed, not yet answered: Lucas Bernard is no longer there to be clicked.
    expect(screen.queryByRole('option', { name: 'Lucas Bernard' })).toBeNull();
    await waitFor(() => expect(requests.some((r) => r.query.get('q') === 'zo')).toBe(true));
    expect(screen.queryByRole('option')).toBeNull();
    answerZoe();
    await userEvent.click(await screen.findByRole('option', { name: 'Zoé Laurent' }));
    expect(screen.getByRole('status', { name: 'Choisi' })).toHaveTextContent('Zoé Laurent');
  });
});
