import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CONTACT_MESSAGES } from '@wellbe/shared/schemas/contacts';
import { i18nReady } from '../../i18n/i18n.ts';
import { apiError, fakeApi, renderAs } from '../../test/render.tsx';
import { ContactFormDialog } from './components/contact-form-dialog.tsx';
import { testContact } from './test-contact.ts';

// The address book's contact form: the rules of packages/shared shown in French under each field
// before anything is sent, then POST or PUT /api/contacts.

vi.mock('../../lib/notify.ts', () => ({ notify: vi.fn() }));

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => vi.unstubAllGlobals());

const SAVED = testContact({ id: 'c1', name: 'Claire', lastName: 'Dubois', company: 'Laboratoire Bio+', email: 'claire.dubois@bioplus.fr', phone: '04 78 60 70 80' });
const type = (label: RegExp, value: string) => {
  const input = screen.getByLabelText(label);
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

describe('the contact form', () => {
  it('says in French what is wrong with each field and sends nothing', async () => {
    const requests = fakeApi({ 'POST /api/contacts': { data: SAVED } });
    renderAs('PR', <ContactFormDialog contact={null} onClose={vi.fn()} onSaved={vi.fn()} />);
    expect(await screen.findByRole('heading', { name: 'Nouveau contact' })).toBeInTheDocument();
    type(/^E-mail/, 'claire@');
    type(/^Téléphone/, '12');
    type(/RPPS/, '12345678901');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText(CONTACT_MESSAGES.nameRequired)).toBeInTheDocument();
    expect(screen.getByText('Adresse e-mail invalide.')).toBeInTheDocument();
    expect(screen.getByText('Numéro de téléphone invalide : un numéro français ou international est attendu.')).toBeInTheDocument();
    expect(screen.getByText('Numéro RPPS/ADELI invalide : 11 chiffres attendus, avec une clé de contrôle correcte.')).toBeInTheDocument();
    expect(requests).toEqual([]);
  });

  it('creates the contact with what was typed', async () => {
    const requests = fakeApi({ 'POST /api/contacts': { data: SAVED } });
    const onSaved = vi.fn();
    renderAs('PA', <ContactFormDialog contact={null} onClose={vi.fn()} onSaved={onSaved} />);
    type(/^Prénom ou nom/, 'Claire');
    type(/^Nom$/, 'Dubois');
    type(/^E-mail/, 'claire.dubois@bioplus.fr');
    type(/^Téléphone/, '04 78 60 70 80');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(SAVED));
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: 'POST', path: '/api/contacts', body: expect.objectContaining({ name: 'Claire', lastName: 'Dubois', email: 'claire.dubois@bioplus.fr', phone: '04 78 60 70 80' }) });
  });

  it('edits an existing contact in place and shows the server’s French refusal', async () => {
    const requests = fakeApi({ 'PUT /api/contacts/c1': () => apiError(409, 'conflict', 'Un contact porte déjà cette adresse e-mail.') });
    const onSaved = vi.fn();
    renderAs('PR', <ContactFormDialog contact={SAVED} onClose={vi.fn()} onSaved={onSaved} />);
    expect(await screen.findByRole('heading', { name: 'Modifier le contact' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Prénom ou nom/)).toHaveValue('Claire');
    type(/^Fonction/, 'Biologiste');
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(await screen.findByText('Un contact porte déjà cette adresse e-mail.')).toBeInTheDocument();
    expect(requests[0]).toMatchObject({ method: 'PUT', body: expect.objectContaining({ jobTitle: 'Biologiste' }) });
    expect(onSaved).not.toHaveBeenCalled();
  });
});
