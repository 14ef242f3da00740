import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemScope, type OrgScope } from '../src/access/scope.ts';
import { publishRealtime } from '../src/lib/realtime/index.ts';
import { finalEnd, missedEvents, ORIGIN } from '../src/lib/realtime/events.ts';
import * as chat from '../src/modules/chat/chat.repository.ts';
import * as contacts from '../src/modules/contacts/contacts.repository.ts';
import * as notes from '../src/modules/notes/notes.repository.ts';
import { createTestApp, json, type Session, type TestApp } from './helpers.ts';

// The scope applies itself (issue 30): every repository function of the chat, the notes, the
// address book and the real-time events that reads or writes an organisation's rows is run with
// the rows' own organisation (it finds them: the check is not vacuous) and with another one
// (nothing crosses, nothing changes).

let t: TestApp;
const s: Record<string, Session> = {};
let demo: OrgScope;
let nord: OrgScope;

const send = (who: string, method: 'GET' | 'POST', url: string, payload?: unknown) =>
  t.app.inject({ method, url, headers: s[who].auth, ...(payload === undefined ? {} : { payload: payload as object }) });

beforeAll(async () => {
  t = await createTestApp();
  for (const u of ['pr', 'pa', 'ad', 'pr2']) s[u] = await t.login(u);
  demo = systemScope(s.pr.idOrganization!);
  nord = systemScope(s.pr2.idOrganization!);
}, 60_000);
afterAll(async () => {
  await t?.close();
});

describe('another organisation’s scope reaches nothing', () => {
  it('address book: contacts, duplicates, groups and the user’s state', async () => {
    const created = await send('ad', 'POST', '/api/contacts', { name: 'Radiologie', lastName: 'Portée', email: 'portee@example.org' });
    expect(created.statusCode, created.body).toBe(201);
    const id = json(created).data.id as string;
    expect((await send('ad', 'POST', '/api/contacts/groups', { name: 'Portée', contactIds: [id] })).statusCode).toBe(201);
    const [group] = await contacts.listGroups(t.ctx.db, demo, s.ad.id);
    const db = t.ctx.db;
    const one = { filter: 'all' as const, words: [], ids: [id] };

    expect(await contacts.findContact(db, demo, s.ad.id, id)).toMatchObject({ id, name: 'Radiologie' });
    expect(await contacts.findContact(db, nord, s.ad.id, id)).toBeNull();
    expect(await contacts.listContacts(db, nord, s.ad.id, one, 10)).toEqual([]);
    expect(await contacts.existingIds(db, nord, [id])).toEqual([]);
    expect(await contacts.duplicates(db, demo, ['portee@example.org'], [])).toHaveLength(1);
    expect(await contacts.duplicates(db, nord, ['portee@example.org'], [])).toEqual([]);
    expect(group).toMatchObject({ name: 'Portée', contactIds: [id] });
    expect(await contacts.listGroups(db, nord, s.ad.id)).toEqual([]);
    expect(await contacts.findGroup(db, nord, s.ad.id, group.id)).toBeNull();
    expect((await contacts.userState(db, nord, s.ad.id, 10)).groups).toEqual([]);

    expect(await contacts.updateContact(db, nord, id, { name: 'Changé' })).toBe(false);
    await contacts.setPhotoKey(db, nord, id, 'changé');
    expect(await contacts.deleteContacts(db, nord, [id])).toEqual([]);
    expect(await contacts.deleteGroup(db, nord, s.ad.id, group.id)).toBe(false);
    expect(await contacts.findContact(db, demo, s.ad.id, id)).toMatchObject({ name: 'Radiologie', photoKey: '' });
    expect(await contacts.findGroup(db, demo, s.ad.id, group.id)).not.toBeNull();
  });

  it('notes: the author’s own note under another organisation’s scope does not exist', async () => {
    const now = t.ctx.clock.now();
    const created = await send('pr', 'POST', '/api/notes', { title: 'Portée', content: 'Rappel', pinned: true, reminderAt: new Date(now + 3600_000).toISOString() });
    expect(created.statusCode, created.body).toBe(201);
    const id = json(created).data.id as string;
    const db = t.ctx.db;
    const from = new Date(now);
    const to = new Date(now + 2 * 3600_000);
    const listed = (scope: OrgScope) => notes.listNotes(db, scope, s.pr.id, { filter: 'notes', words: [] }, 500);

    expect((await listed(demo)).map((n) => n.id)).toContain(id);
    expect((await listed(nord)).map((n) => n.id)).not.toContain(id);
    expect(await notes.findNote(db, nord, s.pr.id, id)).toBeNull();
    expect((await notes.pinnedNotes(db, demo, s.pr.id, 10)).map((n) => n.id)).toContain(id);
    expect(await notes.pinnedNotes(db, nord, s.pr.id, 10)).toEqual([]);
    expect((await notes.remindersBetween(db, demo, s.pr.id, from, to)).map((n) => n.id)).toContain(id);
    expect(await notes.remindersBetween(db, nord, s.pr.id, from, to)).toEqual([]);

    expect(await notes.updateNote(db, nord, s.pr.id, id, () => ({ title: 'Changé' }), [])).toBe(false);
    expect(await notes.deleteNote(db, nord, s.pr.id, id)).toBe(false);
    expect(await notes.findNote(db, demo, s.pr.id, id)).toMatchObject({ title: 'Portée' });
  });

  it('chat: conversations, staff and patient accounts, a send, support', async () => {
    const sent = await send('pr', 'POST', '/api/chat/send-message', { contactId: s.pa.id, messageText: 'Portée' });
    expect(sent.statusCode, sent.body).toBe(200);
    const chatId = json(sent).message.chatId as string;
    const support = await send('pa', 'POST', '/api/chat/support/messages', { messageText: 'Portée du support' });
    expect(support.statusCode, support.body).toBe(200);
    const supportId = json(support).message.chatId as string;
    const db = t.ctx.db;
    const key = [s.pr.id, s.pa.id].sort().join(':');

    expect(await chat.findConversation(db, demo, chatId)).toMatchObject({ id: chatId });
    expect(await chat.findConversation(db, nord, chatId)).toBeNull();
    expect(await chat.findDirect(db, demo, key)).toMatchObject({ id: chatId });
    expect(await chat.findDirect(db, nord, key)).toBeNull();
    expect(await chat.conversationWithMember(db, nord, chatId, s.pr.id)).toBeNull();
    expect((await chat.chatListOf(db, demo, s.pr.id)).map((c) => c.chatId)).toContain(chatId);
    expect(await chat.chatListOf(db, nord, s.pr.id)).toEqual([]);
    expect(await chat.conversationsOf(db, nord, s.pr.id)).toEqual([]);
    expect((await chat.supportConversations(db, demo)).map((r) => r.conversation.id)).toContain(supportId);
    expect((await chat.supportConversations(db, nord)).map((r) => r.conversation.id)).not.toContain(supportId);

    const demoStaff = (await chat.usersOfOrganisation(db, demo, ['PR', 'PA', 'PT'])).map((u) => u.id);
    expect(demoStaff).toContain(s.pr.id);
    expect((await chat.usersOfOrganisation(db, nord, ['PR', 'PA', 'PT'])).map((u) => u.id)).not.toContain(s.pr.id);
    const patientIds = (await chat.usersOfOrganisation(db, demo, ['PT'])).map((u) => u.patientId!);
    expect((await chat.patientAccounts(db, demo, patientIds)).length).toBeGreaterThan(0);
    expect(await chat.patientAccounts(db, nord, patientIds)).toEqual([]);

    const now = new Date(t.ctx.clock.now());
    const outcome = await chat.postMessage(db, nord, { id: randomUUID(), conversationId: chatId, senderId: s.pr.id, text: 'Traversée', now, rateSince: new Date(0), rateLimit: 1000, extraAudience: [] });
    expect(outcome.status).toBe('gone');
    await chat.updateSupport(db, nord, supportId, { supportStatus: 'closed' });
    expect(await chat.findConversation(db, demo, supportId)).toMatchObject({ supportStatus: 'open' });
    expect((await chat.history(db, chatId, { limit: 50 })).map((m) => m.text)).not.toContain('Traversée');
  });

  it('real time: a socket’s replay holds its own organisation’s events only', async () => {
    await publishRealtime(t.ctx.db, { type: 'test.scope', organisationId: s.pr.idOrganization!, data: { thingId: 'demo' } });
    const end = await finalEnd(t.ctx.db);
    const types = async (scope: OrgScope, userId: string) => (await missedEvents(t.ctx.db, { scope, userId }, ORIGIN, end, 1000)).filter((e) => e.event.type === 'test.scope');
    expect(await types(demo, s.pr.id)).toHaveLength(1);
    expect(await types(nord, s.pr2.id)).toEqual([]);
  });
});
