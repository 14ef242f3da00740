import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { PATIENT_MESSAGES } from '@wellbe/shared/schemas/patients';
import { i18n, i18nReady } from '../../../i18n/i18n.ts';
import { apiError, fakeApi, renderAs } from '../../../test/render.tsx';
import { textsInEachLanguage } from '../../../test/texts.ts';
import { NewPatientDialog } from './new-patient-dialog.tsx';

// 'Nouveau patient' (SPEC §5): create stays disabled while a field is empty, a wrong email is said
// in French before anything is sent, and the server's refusal (a duplicate) is shown in the dialog.

vi.mock('../../../lib/notify.ts', () => ({ notify: vi.fn() }));

beforeAll(async () => {
  await i18nReady;
});
textsInEachLanguage(['patients']);
afterEach(() => vi.unstubAllGlobals());

function fill(name: string, phone: string, email: string) {
  fireEvent.change(screen.getByLabelText(/^Nom du patient/), { target: { value: name } });
  fireEvent.change(screen.getByLabelText(/^Téléphone/), { target: { value: phone } });
  fireEvent.change(screen.getByLabelText(/^Adresse Email/), { target: { value: email } });
}

describe('Nouveau patient', () => {
  it('refuses a wrong email in French and sends nothing, then creates the patient', async () => {
    const requests = fakeApi({ 'POST /api/patients': { idPatient: 'new-1' } });
    const onCreated = vi.fn();
    renderAs('PR', <NewPatientDialog onClose={vi.fn()} onCreated={onCreated} />);
    const submit = await screen.findByRole('button', { name: 'Créer le patient' });
    expect(submit).toBeDisabled();
    fill('Lina Benali', '06 12 34 56 78', 'lina@');
    expect(submit).toBeEnabled();
    fireEvent.click(submit);
    expect(await screen.findByText(PATIENT_MESSAGES.emailInvalid)).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByLabelText(/^Adresse Email/), { target: { value: 'lina@example.fr' } });
    fireEvent.click(submit);
    await waitFor(() => expect(onCreated).toHaveBeenCalledWith('new-1'));
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({ FullName: 'Lina Benali', Email: 'lina@example.fr' });
  });

  it('shows the server’s refusal of a duplicate in the dialog', async () => {
    fakeApi({ 'POST /api/patients': () => apiError(409, 'duplicate', PATIENT_MESSAGES.duplicateName) });
    const onCreated = vi.fn();
    renderAs('PR', <NewPatientDialog onClose={vi.fn()} onCreated={onCreated} />);
    fill('Louis Martin', '0612345678', 'louis@example.fr');
    fireEvent.click(await screen.findByRole('button', { name: 'Créer le patient' }));
    expect(await screen.findByText(PATIENT_MESSAGES.duplicateName)).toBeInTheDocument();
    expect(onCreated).not.toHaveBeenCalled();
  });
});

describe('its messages in the reader’s language (the shared schema writes them in French)', () => {
  const fillIn = (name: string, phone: string, email: string) => {
    fireEvent.change(screen.getByLabelText(new RegExp(`^${i18n.t('patients:create.fullName')}`)), { target: { value: name } });
    fireEvent.change(screen.getByLabelText(new RegExp(`^${i18n.t('patients:create.phone')}`)), { target: { value: phone } });
    fireEvent.change(screen.getByLabelText(new RegExp(`^${i18n.t('patients:create.email')}`)), { target: { value: email } });
  };

  it('a wrong email, in English', async () => {
    await act(() => i18n.changeLanguage('en'));
    fakeApi({});
    renderAs('PR', <NewPatientDialog onClose={vi.fn()} onCreated={vi.fn()} />);
    fillIn('Lina Benali', '06 12 34 56 78', 'lina@');
    fireEvent.click(await screen.findByRole('button', { name: i18n.t('patients:create.submit') }));
    expect(await screen.findByText('Invalid email address.')).toBeInTheDocument();
  });

  it('the server’s refusal of a duplicate, in Arabic', async () => {
    await act(() => i18n.changeLanguage('ar'));
    fakeApi({ 'POST /api/patients': () => apiError(409, 'duplicate', PATIENT_MESSAGES.duplicateName) });
    renderAs('PR', <NewPatientDialog onClose={vi.fn()} onCreated={vi.fn()} />);
    fillIn('Louis Martin', '0612345678', 'louis@example.fr');
    fireEvent.click(await screen.findByRole('button', { name: i18n.t('patients:create.submit') }));
    expect(await screen.findByText('يوجد مريض بهذا الاسم بالفعل')).toBeInTheDocument();
  });
});
