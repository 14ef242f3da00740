import { beforeAll, describe, expect, it } from 'vitest';
import { CHAT_LIMITS, CHAT_MESSAGES } from '@wellbe/shared/schemas/chat';
import { json } from '../../../test/helpers.ts';
import { whileHeld } from '../../../test/locks.ts';
import { wsClient } from '../../../test/ws-client.ts';
import { chatMembers, users } from '../../db/tables.ts';
import { chat, del, get, patch, post, s, setUpChatApp } from './chat.test-kit.ts';

// Group conversations: created by staff with colleagues of the practice; rename and add (any
// member), remove (the creator), leave (anyone); a removed member loses access at once.

setUpChatApp();
let base: string;
beforeAll(() => {
  base = chat.base;
});

describe('groups', () => {
  it('staff create a group with colleagues; a patient or another organisation’s user cannot be added', async () => {
    const res = await post('pr', '/api/chat/conversations', { title: 'Astreinte', memberIds: [s.pa.id, s.pg.id] });
    expect(res.statusCode, res.body).toBe(201);
    const group = json(res);
    expect(group).toMatchObject({ kind: 'group', title: 'Astreinte' });
    expect((await post('pa', '/api/chat/send-message', { chatId: group.id, messageText: 'Qui est de garde samedi ?' })).statusCode).toBe(200);
    expect((await get('rh', `/api/chat/get-chat?chatId=${group.id}`)).statusCode).toBe(404);
    expect((await post('pr', '/api/chat/conversations', { title: 'X', memberIds: [s.pr2.id] })).statusCode).toBe(404);
    expect((await post('pr', '/api/chat/conversations', { title: 'X', memberIds: [s.pt.id] })).statusCode).toBe(404);
    expect((await post('pt', '/api/chat/conversations', { title: 'X', memberIds: [s.pr.id] })).statusCode).toBe(403);
    expect((await post('pr', '/api/chat/conversations', { title: ' ', memberIds: [s.pa.id] })).statusCode).toBe(400);
  });
});


describe('group management', () => {

  it('members rename and add colleagues; only the creator removes; anyone leaves; a removed member loses access at once', async () => {
    const group = json(await post('pr', '/api/chat/conversations', { title: 'Staff du lundi', memberIds: [s.pa.id] }));
    const onPa = wsClient(base);
    await onPa.auth(s.pa.token);
    const onRh = wsClient(base);
    await onRh.auth(s.rh.token);

    const renamed = await patch('pa', `/api/chat/conversations/${group.id}`, { title: 'Staff du mardi' });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(json(renamed)).toMatchObject({ title: 'Staff du mardi', createdBy: s.pr.id });
    expect((await patch('pa', `/api/chat/conversations/${group.id}`, { title: '  ' })).statusCode).toBe(400);
    await onPa.next((f) => f.type === 'chat.chat' && f.data?.chatId === group.id);

    const added = await post('pa', `/api/chat/conversations/${group.id}/members`, { memberIds: [s.rh.id] });
    expect(added.statusCode, added.body).toBe(200);
    expect(json(added).members.map((m: { id: string }) => m.id).sort()).toEqual([s.pr.id, s.pa.id, s.rh.id].sort());
    await onRh.next((f) => f.type === 'chat.chat' && f.data?.chatId === group.id);
    expect((await get('rh', `/api/chat/get-chat?chatId=${group.id}`)).statusCode).toBe(200);
    // No patient, nobody of another organisation, nobody twice.
    expect((await post('pa', `/api/chat/conversations/${group.id}/members`, { memberIds: [s.pt.id] })).statusCode).toBe(404);
    expect((await post('pa', `/api/chat/conversations/${group.id}/members`, { memberIds: [s.pr2.id] })).statusCode).toBe(404);
    expect((await post('pa', `/api/chat/conversations/${group.id}/members`, { memberIds: [s.rh.id] })).statusCode).toBe(409);
    // Outsiders cannot manage it.
    expect((await patch('pr2', `/api/chat/conversations/${group.id}`, { title: 'x' })).statusCode).toBe(404);
    expect((await patch('ad', `/api/chat/conversations/${group.id}`, { title: 'x' })).statusCode).toBe(404);

    // Only the creator removes somebody else.
    const refused = await del('pa', `/api/chat/conversations/${group.id}/members/${s.rh.id}`);
    expect(refused.statusCode).toBe(403);
    expect(json(refused).error.message).toBe(CHAT_MESSAGES.removeForbidden);
    const removed = await del('pr', `/api/chat/conversations/${group.id}/members/${s.rh.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    await onRh.next((f) => f.type === 'chat.chat' && f.data?.chatId === group.id);
    expect((await get('rh', `/api/chat/get-chat?chatId=${group.id}`)).statusCode).toBe(404);
    expect((await post('rh', '/api/chat/send-message', { chatId: group.id, messageText: 'encore là ?' })).statusCode).toBe(404);
    // Messages after the removal no longer reach rh's socket.
    const sent = json(await post('pr', '/api/chat/send-message', { chatId: group.id, messageText: 'Ordre du jour' }));
    await onPa.next((f) => f.type === 'chat.message' && f.data?.messageId === sent.message.id);
    // A later message to rh (one-to-one, sent after) is the marker: one socket's frames go out in
    // the order of their events, so the group's message, had it reached rh, came before it.
    const marker = json(await post('pr', '/api/chat/send-message', { contactId: s.rh.id, messageText: 'Repère' }));
    await onRh.next((f) => f.type === 'chat.message' && f.data?.messageId === marker.message.id);
    expect(onRh.frames.some((f) => f.type === 'chat.message' && f.data?.messageId === sent.message.id)).toBe(false);

    // Leaving.
    const left = await del('pa', `/api/chat/conversations/${group.id}/members/${s.pa.id}`);
    expect(json(left)).toMatchObject({ left: true, chat: null });
    expect((await get('pa', `/api/chat/get-chat?chatId=${group.id}`)).statusCode).toBe(404);
    // A one-to-one conversation has no members to manage.
    const direct = json(await get('pr', `/api/chat/get-chat?contactId=${s.ad.id}`)).chat;
    expect((await patch('pr', `/api/chat/conversations/${direct.id}`, { title: 'x' })).statusCode).toBe(400);
    for (const c of [onPa, onRh]) c.close();
  });
});

describe('group size', () => {
  it('counts two additions at once one after the other: the 50th member joins, the 51st is refused', async () => {
    const group = json(await post('pr', '/api/chat/conversations', { title: 'Grand staff', memberIds: [s.pa.id] }));
    // Filled up to one seat: accounts of the practice made for the test, members without a screen.
    const extra = await chat.t.ctx.db
      .insert(users)
      .values(Array.from({ length: CHAT_LIMITS.groupMembersMax - 3 }, (_, i) => ({ organizationId: s.pr.idOrganization, username: `staff${i}`, email: `staff${i}@exemple.fr`, role: 'AD', firstName: 'Membre', lastName: `${i}` })))
      .returning({ id: users.id });
    await chat.t.ctx.db.insert(chatMembers).values(extra.map((u) => ({ conversationId: group.id, userId: u.id })));
    // Both additions start while the conversation's row is held: neither may count before the other added.
    const [first, second] = await whileHeld(chat.t.handle.pool, (c) => c.query('select 1 from chat_conversations where id = $1 for update', [group.id]), [
      () => post('pr', `/api/chat/conversations/${group.id}/members`, { memberIds: [s.rh.id] }),
      () => post('pa', `/api/chat/conversations/${group.id}/members`, { memberIds: [s.pg.id] }),
    ]);
    expect([first!.statusCode, second!.statusCode]).toEqual([200, 400]);
    expect(json(second!).error.message).toBe(CHAT_MESSAGES.tooManyMembers);
    expect(json(await get('pr', `/api/chat/get-chat?chatId=${group.id}`)).chat.members).toHaveLength(CHAT_LIMITS.groupMembersMax);
  });
});
