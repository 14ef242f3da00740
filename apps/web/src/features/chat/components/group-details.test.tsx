import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Chat, ChatContact } from '@wellbe/shared/schemas/chat';
import { i18nReady } from '../../../i18n/i18n.ts';
import { fakeApi, renderAs } from '../../../test/render.tsx';
import { fakeUser } from '../../../test/fixtures.ts';
import { ConversationDetails } from './group-details.tsx';

// /messaging's details column of a group: its creator removes members, the others may not; any
// member renames it, adds colleagues (never a patient) and leaves it.

vi.mock('../../../lib/notify.ts', () => ({ notify: vi.fn() }));

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => vi.unstubAllGlobals());

const ME = fakeUser('PR').id;
const OTHER = '00000000-0000-4000-8000-000000000002';
const GROUP: Chat = {
  id: 'c1',
  kind: 'group',
  title: 'Équipe du matin',
  createdBy: ME,
  members: [
    { id: ME, name: 'Julien Moreau', avatar: null, role: 'PR', lastReadSeq: 0 },
    { id: OTHER, name: 'Claire Petit', avatar: null, role: 'PR', lastReadSeq: 0 },
  ],
  dialog: [],
  olderCursor: null,
  lastSeq: 0,
  unread: 0,
  patientConversation: false,
  supportStatus: null,
};
const contact = (id: string, name: string, role: string): ChatContact => ({ id, name, avatar: null, status: 'online', mood: '', unread: 0, role, job: '', chatId: null, lastMessageTime: null });
const CONTACTS = [contact(OTHER, 'Claire Petit', 'PR'), contact('u3', 'Marc Roux', 'AD'), contact('u4', 'Zoé Laurent', 'PT')];

describe('group details', () => {
  it('lets the group’s creator remove a member, and renames the group', async () => {
    const requests = fakeApi({ [`DELETE /api/chat/conversations/c1/members/${OTHER}`]: { left: false }, 'PATCH /api/chat/conversations/c1': GROUP });
    renderAs('PR', <ConversationDetails chat={GROUP} me={ME} contacts={CONTACTS} onLeft={vi.fn()} />);
    expect(await screen.findByText('Julien Moreau (Vous)')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retirer Julien Moreau' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Retirer Claire Petit' }));
    await waitFor(() => expect(requests.some((r) => r.method === 'DELETE' && r.path.endsWith(`/members/${OTHER}`))).toBe(true));

    const rename = screen.getByRole('button', { name: 'Renommer' });
    expect(rename).toBeDisabled();
    fireEvent.change(screen.getByLabelText('Nom du groupe'), { target: { value: '  Équipe du soir ' } });
    fireEvent.click(rename);
    await waitFor(() => expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({ title: 'Équipe du soir' }));
  });

  it('shows no remove button to a member who did not create the group, and offers no patient to add', async () => {
    const requests = fakeApi({ [`DELETE /api/chat/conversations/c1/members/${ME}`]: { left: true } });
    const onLeft = vi.fn();
    renderAs('PR', <ConversationDetails chat={{ ...GROUP, createdBy: OTHER }} me={ME} contacts={CONTACTS} onLeft={onLeft} />);
    expect(await screen.findByText('Claire Petit')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Retirer/ })).not.toBeInTheDocument();

    fireEvent.mouseDown(screen.getByLabelText('Ajouter des membres'));
    expect(await screen.findByRole('option', { name: 'Marc Roux' })).toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Zoé Laurent' })).not.toBeInTheDocument();
    expect(screen.queryByRole('option', { name: 'Claire Petit' })).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Quitter la conversation' }));
    await waitFor(() => expect(onLeft).toHaveBeenCalled());
    expect(requests.some((r) => r.method === 'DELETE' && r.path.endsWith(`/members/${ME}`))).toBe(true);
  });
});
