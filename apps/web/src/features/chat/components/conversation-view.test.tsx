import { screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Chat } from '@wellbe/shared/schemas/chat';
import { i18nReady } from '../../../i18n/i18n.ts';
import { setDisplayTimeZone } from '../../../lib/format.ts';
import { fakeApi, renderAs } from '../../../test/render.tsx';
import { fakeUser } from '../../../test/fixtures.ts';
import { ConversationView } from './conversation-view.tsx';

// A message's time is the organisation's, as its day separator: it was the browser's (getHours), so
// a practitioner abroad, or a browser set to another zone, read 09:30 under a Paris day for 14:30.

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  setDisplayTimeZone('Europe/Paris');
});

const ME = fakeUser('PR').id;
const OTHER = '00000000-0000-4000-8000-000000000002';
const CHAT: Chat = {
  id: 'c1',
  kind: 'direct',
  title: 'Claire Petit',
  createdBy: null,
  members: [
    { id: ME, name: 'Julien Moreau', avatar: null, role: 'PR', lastReadSeq: 1 },
    { id: OTHER, name: 'Claire Petit', avatar: null, role: 'PR', lastReadSeq: 1 },
  ],
  dialog: [{ id: 'm1', seq: 1, who: OTHER, message: 'Bonjour', time: '2026-03-12T13:30:00.000Z', attachment: null }],
  olderCursor: null,
  lastSeq: 1,
  unread: 0,
  patientConversation: false,
  supportStatus: null,
};

describe('a conversation’s message time', () => {
  it('is in the organisation’s zone, not the browser’s', async () => {
    vi.stubEnv('TZ', 'America/New_York');
    setDisplayTimeZone('Europe/Paris');
    fakeApi({});
    renderAs('PR', <ConversationView chat={CHAT} me={ME} send={async () => undefined} markRead={async () => undefined} />);
    expect(await screen.findByText('14:30')).toBeInTheDocument();
    expect(screen.queryByText('09:30')).not.toBeInTheDocument();
  });
});
