import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../i18n/i18n.ts';
import { fakeApi, renderAs } from '../../../test/render.tsx';
import { textsInEachLanguage } from '../../../test/texts.ts';
import { closeSaveDialog, openSaveDialog } from '../save-flow.ts';
import { PatientDialog } from './patient-dialog.tsx';

// 'Choisissez un patient' → create one: the shared schema's checks and the duplicate warning are
// SPEC §5's French texts; the practitioner reads them in the interface's language.

textsInEachLanguage(['consultations', 'patients']);
afterEach(() => {
  act(() => closeSaveDialog());
  vi.unstubAllGlobals();
});

const existing = { success: true, data: [{ idPatient: 'p1', FullName: 'Lina Benali', PhoneNumber: '0611111111' }] };

async function createIn(language: string) {
  await act(() => i18n.changeLanguage(language));
  fakeApi({ 'POST /api/patient': existing });
  renderAs('PR', <PatientDialog />);
  act(() => openSaveDialog());
  await userEvent.click(await screen.findByLabelText(i18n.t('consultations:saveDialog.createToggle')));
  fireEvent.change(screen.getByRole('textbox', { name: new RegExp(i18n.t('consultations:saveDialog.name')) }), { target: { value: 'Lina Benali' } });
  fireEvent.change(screen.getByRole('textbox', { name: new RegExp(i18n.t('consultations:saveDialog.email')) }), { target: { value: 'lina@' } });
}

describe('a new patient in the save dialog', () => {
  it('French: the SPEC’s texts, « déja » included', async () => {
    await createIn('fr');
    expect(await screen.findByText('Adresse email invalide.')).toBeInTheDocument();
    expect(await screen.findByText('Un patient avec ce nom existe déja')).toBeInTheDocument();
  });

  it('English: an invalid email and a name already used', async () => {
    await createIn('en');
    expect(await screen.findByText('Invalid email address.')).toBeInTheDocument();
    expect(await screen.findByText('A patient with this name already exists')).toBeInTheDocument();
  });
});
