import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { PatientFile } from '@wellbe/shared/schemas/patient-files';
import { i18nReady } from '../../../i18n/i18n.ts';
import { fakeApi, renderAs } from '../../../test/render.tsx';
import { IdentityCard } from './identity-card.tsx';

// The identity of the file (SPEC §5, §6): read at once; « Modifier » brings the edit form, a chunk of
// its own since issue 31 (react-hook-form, zod and the date picker out of the file's first load),
// whose save sends the identity and returns to the reading.

vi.mock('../../../lib/notify.ts', () => ({ notify: vi.fn() }));

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => vi.unstubAllGlobals());

const identity: PatientFile['identity'] = {
  idPatient: '6f1c2a4e-3b7d-4c8e-9a10-2b3c4d5e6f70',
  FullName: 'Lucas Bernard',
  PhoneNumber: '06 45 12 78 90',
  Email: 'lucas.bernard@example.fr',
  birthDate: '1985-03-14',
  sex: null,
  address: null,
  notes: null,
  createdAt: '2026-01-05T09:00:00.000Z',
} as PatientFile['identity'];

describe('IdentityCard', () => {
  it('reads the identity, then edits it in the form loaded on « Modifier » and saves it', async () => {
    const requests = fakeApi({ [`PATCH /api/patients/${identity.idPatient}`]: { ...identity, FullName: 'Lucas Bernard-Martin' } });
    renderAs('PR', <IdentityCard identity={identity} canWrite />);
    expect(await screen.findByText('Lucas Bernard')).toBeInTheDocument();
    expect(screen.getByText('14/03/1985')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Modifier' }));
    const name = await screen.findByLabelText(/^Nom complet/);
    expect(name).toHaveValue('Lucas Bernard');
    fireEvent.change(name, { target: { value: 'Lucas Bernard-Martin' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'PATCH')?.body).toMatchObject({ FullName: 'Lucas Bernard-Martin', birthDate: '1985-03-14' }));
    await waitFor(() => expect(screen.queryByLabelText(/^Nom complet/)).not.toBeInTheDocument());
  });

  it('offers no « Modifier » to who may only read', async () => {
    renderAs('PR', <IdentityCard identity={identity} canWrite={false} />);
    expect(await screen.findByText('Lucas Bernard')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Modifier' })).not.toBeInTheDocument();
  });
});
