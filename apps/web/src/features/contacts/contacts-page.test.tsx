import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '../../i18n/i18n.ts';
import { fakeApi, renderAs } from '../../test/render.tsx';
import { ContactsPage } from './contacts-page.tsx';
import { testContact } from './test-contact.ts';

// /contact: the practice's staff get the address book (from GET /api/contacts); a patient gets
// the practice's card and writes to it, never the address book.

vi.mock('../../lib/notify.ts', () => ({ notify: vi.fn() }));

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => vi.unstubAllGlobals());

const contact = (id: string, name: string, lastName: string, company: string) => testContact({ id, name, lastName, company });
const CARD = { name: 'Cabinet Démo', address: '1 rue de la Paix, 75002 Paris', phone: '01 23 45 67 89', email: 'accueil@demo.wellbe.fr', openingHours: 'Du lundi au vendredi, 8 h 30 – 19 h' };

describe('/contact', () => {
  it('shows the staff the address book the API answers, filed by letter', async () => {
    fakeApi({
      'GET /api/contacts': { data: { items: [contact('c1', 'Claire', 'Dubois', 'Laboratoire Bio+'), contact('c2', 'Élise', 'Évrard', 'Pharmacie Saxe')], nextCursor: null } },
      'GET /api/contacts/me': { data: { id: 'me', starred: [], frequentContacts: [], groups: [] } },
    });
    renderAs('PA', <ContactsPage />);
    const list = await screen.findByRole('list', { name: 'Liste des contacts' });
    expect(await within(list).findByText(/Claire Dubois/)).toBeInTheDocument();
    expect(within(list).getByText(/Élise Évrard/)).toBeInTheDocument();
    // « É » files under E, after D.
    expect(within(list).getAllByText(/^[A-Z]$/).map((h) => h.textContent)).toEqual(['D', 'E']);
    expect(screen.queryByRole('button', { name: 'Envoyer' })).not.toBeInTheDocument();
  });

  it('shows a patient the practice’s card and sends their message to it', async () => {
    const requests = fakeApi({ 'GET /api/contacts/practice': { data: CARD }, 'POST /api/contacts/practice/message': { success: true, chatId: null } });
    renderAs('PT', <ContactsPage />);
    expect(await screen.findByText('Du lundi au vendredi, 8 h 30 – 19 h')).toBeInTheDocument();
    expect(screen.getByText('1 rue de la Paix, 75002 Paris')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText(/^Objet/), { target: { value: 'Ordonnance' } });
    fireEvent.change(screen.getByLabelText(/^Message/), { target: { value: 'Pouvez-vous renouveler mon ordonnance ?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Envoyer' }));
    await waitFor(() => expect(requests.find((r) => r.method === 'POST')).toMatchObject({ path: '/api/contacts/practice/message', body: { subject: 'Ordonnance', message: 'Pouvez-vous renouveler mon ordonnance ?' } }));
    expect(requests.some((r) => r.path === '/api/contacts')).toBe(false);
  });
});
