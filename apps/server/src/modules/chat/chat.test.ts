import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHAT_LIMITS, CHAT_MESSAGES } from '@wellbe/shared/schemas/chat';
import { createTestApp, json, type Session, type TestApp } from '../../../test/helpers.ts';
import { multipart } from '../../../test/multipart.ts';
import { until } from '../../../test/until.ts';
import { closeWsClients, wsClient } from '../../../test/ws-client.ts';
import { appointments, auditEvents, chatAttachments, chatMessages, users } from '../../db/tables.ts';
import { mailUnread } from './chat.service.ts';

// Messaging (issue 16): who may talk to whom (SPEC §6 `chats`), the SPEC §7 /api/chat/* shapes,
// idempotent send, paging, read state, limits, rate limit, audit of patient conversations, live
// delivery through /api/ws, support conversations and the unread mail.

let t: TestApp;
let base: string;
const s: Record<string, Session> = {};

/** A user's entry in a coalesced presence frame (`chat.statuses`), if the frame is one and carries it. */
function statusIn(f: { type: string; data?: Record<string, unknown> }, userId: string) {
  if (f.type !== 'chat.statuses') return undefined;
  return (f.data?.statuses as { userId: string; status: string; mood: string }[]).find((e) => e.userId === userId);
}

const get = (who: string, url: string) => t.app.inject({ method: 'GET', url, headers: s[who].auth });
/** A contact's status as `who` reads it in GET /api/chat/contacts. */
const statusFor = async (who: string, id: string) => (json(await get(who, '/api/chat/contacts')) as { id: string; status: string }[]).find((c) => c.id === id)?.status;
const post = (who: string, url: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: s[who].auth, payload: payload as object });

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  for (const u of ['pr', 'pa', 'ad', 'rh', 'pt', 'pg', 'pr2', 'us', 're', 'sa', 'de', 'di']) s[u] = await t.login(u);
}, 60_000);
afterEach(closeWsClients);
afterAll(async () => {
  await t?.close();
});

describe('contacts and conversations (SPEC §7 shapes)', () => {
  it('lists the practice’s chat staff and the followed patient for pr, with status, mood and unread, last message first', async () => {
    const res = await get('pr', '/api/chat/contacts');
    expect(res.statusCode, res.body).toBe(200);
    const list = json(res) as { id: string; name: string; status: string; mood: string; unread: number; chatId: string | null }[];
    const names = list.map((c) => c.name);
    expect(names).toContain('Antoine Lefèvre');
    expect(names).toContain('Lucas Bernard');
    // US, RE and SA have no chat; pr2 is another organisation.
    for (const absent of ['Camille Petit', 'Thomas Girard', 'Sophie Marchand', 'Émilie Fournier', 'Julien Moreau']) expect(names).not.toContain(absent);
    const pa = list.find((c) => c.id === s.pa.id)!;
    // Presence comes from the sockets: pa has chosen 'online' but has no socket open yet.
    expect(pa).toMatchObject({ status: 'offline', mood: 'En consultation jusqu’à 18 h', unread: 1 });
    expect(Object.keys(pa)).toEqual(expect.arrayContaining(['id', 'name', 'avatar', 'status', 'mood', 'unread']));
    expect(list[0].id).toBe(s.pa.id);
  });

  it('a patient sees only the practitioners who saw them (pr, pa and the dietitian di in the demo)', async () => {
    const list = json(await get('pt', '/api/chat/contacts')) as { id: string }[];
    expect(list.map((c) => c.id).sort()).toEqual([s.pr.id, s.pa.id, s.di.id].sort());
  });

  it('get-chat loads the conversation with a contact (chat, userChatList); a second call finds the same one', async () => {
    const res = await get('pa', `/api/chat/get-chat?contactId=${s.ad.id}&userId=${s.pa.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = json(res);
    expect(Object.keys(body).sort()).toEqual(['chat', 'userChatList']);
    expect(body.chat).toMatchObject({ kind: 'direct', dialog: [], title: 'Nathalie Garnier' });
    expect(body.userChatList).toContainEqual({ chatId: body.chat.id, contactId: s.ad.id, lastMessageTime: null });
    const again = json(await get('pa', `/api/chat/get-chat?contactId=${s.ad.id}`));
    expect(again.chat.id).toBe(body.chat.id);
    const fromAd = json(await get('ad', `/api/chat/get-chat?contactId=${s.pa.id}`));
    expect(fromAd.chat.id).toBe(body.chat.id);
  });

  it('GET /api/chat/user and POST /api/chat/user/data: status and mood', async () => {
    const me = json(await get('rh', '/api/chat/user'));
    expect(me).toMatchObject({ id: s.rh.id, name: 'Isabelle Roux', status: 'dnd', mood: 'Paie du mois en cours' });
    expect(Array.isArray(me.chatList)).toBe(true);
    const res = await post('rh', '/api/chat/user/data', { status: 'away', mood: 'Réunion' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({ status: 'away', mood: 'Réunion' });
    expect((await post('rh', '/api/chat/user/data', { status: 'busy' })).statusCode).toBe(400);
  });
});

describe('who may talk to whom', () => {
  it('US, RE and SA have no chat (403), a guest has none (401)', async () => {
    for (const who of ['us', 're', 'sa']) expect((await get(who, '/api/chat/contacts')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/chat/contacts' })).statusCode).toBe(401);
  });

  it('a patient writing to a practitioner who never saw them: 403 with a French message, nothing stored', async () => {
    const res = await post('pt', '/api/chat/send-message', { contactId: s.pg.id, messageText: 'Bonjour' });
    expect(res.statusCode).toBe(403);
    expect(json(res).error.message).toBe(CHAT_MESSAGES.patientNotFollowed);
    expect((await get('pt', `/api/chat/get-chat?contactId=${s.pg.id}`)).statusCode).toBe(403);
    expect((await get('pt', `/api/chat/get-chat?contactId=${s.di.id}`)).statusCode).toBe(200);
  });

  it('an appointment booked with a practitioner opens the conversation; once cancelled, it closes again', async () => {
    const [account] = await t.ctx.db.select({ patientId: users.patientId, organizationId: users.organizationId }).from(users).where(eq(users.id, s.pt.id));
    const startsAt = new Date(t.clock.now() + 7 * 86_400_000);
    const [booked] = await t.ctx.db
      .insert(appointments)
      .values({ organizationId: account.organizationId!, practitionerId: s.pg.id, patientId: account.patientId!, startsAt, endsAt: new Date(startsAt.getTime() + 1_800_000), status: 'demandé', createdVia: 'patient' })
      .returning({ id: appointments.id });
    try {
      expect((await get('pt', `/api/chat/get-chat?contactId=${s.pg.id}`)).statusCode).toBe(200);
      await t.ctx.db.update(appointments).set({ status: 'annulé', cancelReason: 'Test' }).where(eq(appointments.id, booked.id));
      expect((await post('pt', '/api/chat/send-message', { contactId: s.pg.id, messageText: 'Bonjour' })).statusCode).toBe(403);
    } finally {
      await t.ctx.db.delete(appointments).where(eq(appointments.id, booked.id));
    }
  });

  it('nobody across organisations: pr2 cannot write to pr (404), nor read pr’s conversation (404)', async () => {
    expect((await post('pr2', '/api/chat/send-message', { contactId: s.pr.id, messageText: 'Bonjour' })).statusCode).toBe(404);
    const chat = json(await get('pr', `/api/chat/get-chat?contactId=${s.pa.id}`)).chat;
    for (const url of [`/api/chat/get-chat?chatId=${chat.id}`, `/api/chat/conversations/${chat.id}/messages`]) {
      expect((await get('pr2', url)).statusCode).toBe(404);
      // A colleague of the same practice who is not a member: 404 too.
      expect((await get('rh', url)).statusCode).toBe(404);
    }
    expect((await post('pr2', '/api/chat/send-message', { chatId: chat.id, messageText: 'Intrusion' })).statusCode).toBe(404);
    expect((await post('pr2', `/api/chat/conversations/${chat.id}/read`, {})).statusCode).toBe(404);
    expect((await get('pr', `/api/chat/get-chat?chatId=not-an-id`)).statusCode).toBe(404);
  });

  it('staff other than practitioners do not write to patients (AD → pt: 404)', async () => {
    expect((await post('ad', '/api/chat/send-message', { contactId: s.pt.id, messageText: 'Bonjour' })).statusCode).toBe(404);
  });
});

describe('sending', () => {
  it('refuses an empty or whitespace message and one of 4,001 characters (400, French), stores 4,000', async () => {
    for (const messageText of ['', '   \n  ']) {
      const res = await post('pa', '/api/chat/send-message', { contactId: s.pg.id, messageText });
      expect(res.statusCode).toBe(400);
      expect(json(res).error.message).toBe(CHAT_MESSAGES.empty);
    }
    const long = await post('pa', '/api/chat/send-message', { contactId: s.pg.id, messageText: 'a'.repeat(CHAT_LIMITS.messageMax + 1) });
    expect(long.statusCode).toBe(400);
    expect(json(long).error.message).toBe(CHAT_MESSAGES.tooLong);
    const ok = await post('pa', '/api/chat/send-message', { contactId: s.pg.id, messageText: 'a'.repeat(CHAT_LIMITS.messageMax) });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('keeps HTML as text', async () => {
    const res = await post('pa', '/api/chat/send-message', { contactId: s.pg.id, messageText: '<script>alert(1)</script> <b>gras</b>' });
    expect(json(res).message.message).toBe('<script>alert(1)</script> <b>gras</b>');
  });

  it('is idempotent on the client’s message id: a resend answers the stored message, never a duplicate', async () => {
    const id = randomUUID();
    const first = json(await post('pg', '/api/chat/send-message', { contactId: s.pa.id, messageText: 'Le compte rendu est prêt.', id }));
    expect(Object.keys(first).sort()).toEqual(['message', 'userChatList']);
    expect(first.message).toMatchObject({ id, who: s.pg.id, message: 'Le compte rendu est prêt.' });
    const again = json(await post('pg', '/api/chat/send-message', { chatId: first.message.chatId, messageText: 'Le compte rendu est prêt.', id }));
    expect(again.message).toEqual(first.message);
    expect(await t.ctx.db.select().from(chatMessages).where(eq(chatMessages.id, id))).toHaveLength(1);
    // Somebody else reusing that id: 409.
    expect((await post('pa', '/api/chat/send-message', { chatId: first.message.chatId, messageText: 'x', id })).statusCode).toBe(409);
  });

  it('pages the history by sequence number, 50 per page, and tracks the read state', async () => {
    const chat = json(await get('pr', `/api/chat/get-chat?contactId=${s.pg.id}`)).chat;
    for (let i = 1; i <= 60; i++) {
      t.clock.advance(3000); // stays under the rate limit
      const res = await post('pg', '/api/chat/send-message', { chatId: chat.id, messageText: `Message ${i}`, id: randomUUID() });
      expect(res.statusCode, res.body).toBe(200);
    }
    const page1 = json(await get('pr', `/api/chat/conversations/${chat.id}/messages`));
    expect(page1.messages).toHaveLength(50);
    expect(page1.messages.at(-1).message).toBe('Message 60');
    const page2 = json(await get('pr', `/api/chat/conversations/${chat.id}/messages?before=${page1.olderCursor}`));
    expect(page2.messages.map((m: { message: string }) => m.message)).toEqual(Array.from({ length: 10 }, (_, i) => `Message ${i + 1}`));
    expect(page2.olderCursor).toBeNull();

    const contacts = json(await get('pr', '/api/chat/contacts')) as { id: string; unread: number }[];
    expect(contacts.find((c) => c.id === s.pg.id)!.unread).toBe(60);
    expect(json(await get('pr', '/api/chat/unread')).unread).toBeGreaterThanOrEqual(60);
    const read = await post('pr', `/api/chat/conversations/${chat.id}/read`, {});
    expect(json(read).lastReadSeq).toBe(60);
    const after = json(await get('pr', '/api/chat/contacts')) as { id: string; unread: number }[];
    expect(after.find((c) => c.id === s.pg.id)!.unread).toBe(0);
    const seen = json(await get('pg', `/api/chat/get-chat?chatId=${chat.id}`)).chat;
    expect(seen.members.find((m: { id: string }) => m.id === s.pr.id).lastReadSeq).toBe(60);
  });

  it('limits a user to 30 messages a minute (429, French), then lets them write again', async () => {
    t.clock.advance(120_000);
    const chat = json(await get('ad', `/api/chat/get-chat?contactId=${s.rh.id}`)).chat;
    for (let i = 0; i < CHAT_LIMITS.perMinute; i++) expect((await post('ad', '/api/chat/send-message', { chatId: chat.id, messageText: `n°${i}` })).statusCode).toBe(200);
    const flood = await post('ad', '/api/chat/send-message', { chatId: chat.id, messageText: 'un de trop' });
    expect(flood.statusCode).toBe(429);
    expect(json(flood).error.message).toBe(CHAT_MESSAGES.rateLimited);
    t.clock.advance(61_000);
    expect((await post('ad', '/api/chat/send-message', { chatId: chat.id, messageText: 'de nouveau' })).statusCode).toBe(200);
  });

  it('counts parallel sends atomically: 40 at once, exactly 30 accepted and 10 refused (429)', async () => {
    t.clock.advance(120_000);
    // Two conversations, so that the conversation's row lock does not line the sends up by itself.
    const chats = [json(await get('rh', `/api/chat/get-chat?contactId=${s.ad.id}`)).chat, json(await get('rh', `/api/chat/get-chat?contactId=${s.pa.id}`)).chat];
    const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => post('rh', '/api/chat/send-message', { chatId: chats[i % 2].id, messageText: `rafale n°${i}` })));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(CHAT_LIMITS.perMinute);
    expect(codes.filter((c) => c === 429)).toHaveLength(40 - CHAT_LIMITS.perMinute);
    const stored = await t.ctx.db.select({ text: chatMessages.text }).from(chatMessages).where(eq(chatMessages.senderId, s.rh.id));
    expect(stored.filter((m) => m.text.startsWith('rafale'))).toHaveLength(CHAT_LIMITS.perMinute);
    t.clock.advance(61_000);
  });
});

describe('audit and patient conversations', () => {
  it('journals the read of a conversation with a patient like a file read, not a conversation between colleagues', async () => {
    const chat = json(await get('pr', `/api/chat/get-chat?contactId=${s.pt.id}`)).chat;
    expect(chat.patientConversation).toBe(true);
    expect(chat.dialog.map((d: { message: string }) => d.message)).toContain('Bonjour docteur, puis-je reprendre la course à pied ?');
    const rows = await t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'chat.read'), eq(auditEvents.userId, s.pr.id)));
    expect(rows.length).toBeGreaterThanOrEqual(1);
    expect(rows[0]).toMatchObject({ recordType: 'chat', recordId: chat.id, outcome: 'success' });
    expect(rows[0].patientId).toBeTruthy();
    const pt = await post('pt', '/api/chat/send-message', { chatId: chat.id, messageText: 'Merci docteur !' });
    expect(pt.statusCode, pt.body).toBe(200);
    const colleague = json(await get('pr', `/api/chat/get-chat?contactId=${s.ad.id}`)).chat;
    const none = await t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'chat.read'), eq(auditEvents.recordId, colleague.id)));
    expect(none).toHaveLength(0);
  });
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

describe('live delivery through /api/ws', () => {
  it('pushes the re-read message, the typing indicator and the read receipt to the other member only', async () => {
    const onPa = wsClient(base);
    await onPa.auth(s.pa.token);
    const onRh = wsClient(base);
    await onRh.auth(s.rh.token);
    const onPr = wsClient(base);
    await onPr.auth(s.pr.token);
    const chat = json(await get('pr', `/api/chat/get-chat?contactId=${s.pa.id}`)).chat;
    onPr.send({ type: 'chat.typing', data: { chatId: chat.id } });
    const typing = await onPa.next((f) => f.type === 'chat.typing');
    expect(typing.data).toEqual({ chatId: chat.id, userId: s.pr.id });
    const sent = json(await post('pr', '/api/chat/send-message', { chatId: chat.id, messageText: 'Je passe te voir à midi.' }));
    const frame = await onPa.next((f) => f.type === 'chat.message');
    expect(frame.data).toMatchObject({ chatId: chat.id, messageId: sent.message.id, message: { message: 'Je passe te voir à midi.', who: s.pr.id } });
    await post('pa', `/api/chat/conversations/${chat.id}/read`, {});
    const receipt = await onPr.next((f) => f.type === 'chat.read');
    expect(receipt.data).toMatchObject({ chatId: chat.id, userId: s.pa.id, seq: sent.message.seq });
    // rh is not a member: nothing about that conversation.
    await post('pr', '/api/chat/user/data', { status: 'online' });
    await onRh.next((f) => f.type === 'chat.statuses');
    expect(onRh.frames.filter((f) => f.type.startsWith('chat.') && f.type !== 'chat.statuses')).toEqual([]);
    for (const c of [onPa, onRh, onPr]) c.close();
  });
});

describe('support', () => {
  it('pa writes to WellBe support; the developer desk sees it, answers, closes; others have no access', async () => {
    const mine = json(await get('pa', '/api/chat/support'));
    expect(mine).toMatchObject({ kind: 'support', title: 'Support WellBe' });
    expect(mine.patientConversation).toBe(false);
    expect((await post('pa', '/api/chat/support/messages', { messageText: 'Merci de votre aide !' })).statusCode).toBe(200);
    expect((await get('pr', '/api/chat/support')).statusCode).toBe(403);
    expect((await get('pa', '/api/chat/support-desk')).statusCode).toBe(403);
    const desk = json(await get('de', '/api/chat/support-desk')) as { id: string; organisation: string; supportStatus: string }[];
    const entry = desk.find((d) => d.id === mine.id)!;
    expect(entry.supportStatus).toBe('open');
    const answer = await post('de', `/api/chat/support-desk/${mine.id}/messages`, { messageText: 'Depuis /user, bouton Ajouter.' });
    expect(answer.statusCode, answer.body).toBe(200);
    const closed = await t.app.inject({ method: 'PATCH', url: `/api/chat/support-desk/${mine.id}`, headers: s.de.auth, payload: { status: 'closed' } });
    expect(json(closed).supportStatus).toBe('closed');
    const again = json(await get('pa', '/api/chat/support'));
    expect(again.dialog.at(-1).message).toBe('Depuis /user, bouton Ajouter.');
    // Support conversations never appear in the practice's chat list.
    expect((json(await get('pa', '/api/chat/conversations')) as { kind: string }[]).some((c) => c.kind === 'support')).toBe(false);
  });
});

describe('unread mail', () => {
  it('mails once, without the text, for a message still unread after 15 minutes', async () => {
    const chat = json(await get('pg', `/api/chat/get-chat?contactId=${s.rh.id}`)).chat;
    await post('pg', '/api/chat/send-message', { chatId: chat.id, messageText: 'Secret médical à ne pas mailer' });
    const ctx = { ...t.ctx };
    const sent: { to: string; subject: string; text: string }[] = [];
    const mailer = { send: async (m: { to: string; subject: string; text: string }) => void sent.push(m) } as unknown as typeof t.ctx.mailer;
    expect(await mailUnread({ ...ctx, mailer })).toBe(0);
    t.clock.advance(16 * 60_000);
    await mailUnread({ ...ctx, mailer });
    const toRh = sent.filter((m) => m.to.startsWith('rh@'));
    expect(toRh).toHaveLength(1);
    expect(toRh[0].subject).toBe('Vous avez un nouveau message sur WellBe');
    expect(toRh[0].text).not.toContain('Secret');
    await mailUnread({ ...ctx, mailer });
    expect(sent.filter((m) => m.to.startsWith('rh@'))).toHaveLength(1);
  });
});

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');

function attach(who: string, chatId: string, file: { name: string; content: Buffer }, fields: Record<string, string> = {}) {
  const body = multipart(fields, { ...file, field: 'file' });
  return t.app.inject({ method: 'POST', url: `/api/chat/conversations/${chatId}/attachments`, headers: { ...s[who].auth, ...body.headers }, payload: body.payload });
}

describe('attachments', () => {
  it('sends a file checked by its bytes; members download it, others get 404; a patient conversation journals it', async () => {
    const chat = json(await get('pr', `/api/chat/get-chat?contactId=${s.pt.id}`)).chat;
    const id = randomUUID();
    const res = await attach('pt', chat.id, { name: 'ordonnance.pdf', content: PDF }, { messageText: 'Voici mon ordonnance', id });
    expect(res.statusCode, res.body).toBe(201);
    const message = json(res).message;
    expect(message).toMatchObject({ id, message: 'Voici mon ordonnance', attachment: { fileName: 'ordonnance.pdf', mimeType: 'application/pdf', size: PDF.length } });
    // Idempotent: the resend answers the stored message, one attachment row.
    const again = await attach('pt', chat.id, { name: 'ordonnance.pdf', content: PDF }, { messageText: 'Voici mon ordonnance', id });
    expect(json(again).message.attachment.id).toBe(message.attachment.id);
    expect(await t.ctx.db.select().from(chatAttachments).where(eq(chatAttachments.messageId, id))).toHaveLength(1);
    // The history carries it.
    const history = json(await get('pr', `/api/chat/conversations/${chat.id}/messages`));
    expect(history.messages.at(-1).attachment).toMatchObject({ id: message.attachment.id, fileName: 'ordonnance.pdf' });

    const url = `/api/chat/attachments/${message.attachment.id}`;
    const download = await get('pr', url);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.rawPayload.equals(PDF)).toBe(true);
    const audit = await t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'chat.attachment.download'), eq(auditEvents.userId, s.pr.id)));
    expect(audit[0]).toMatchObject({ outcome: 'success', recordId: chat.id });
    expect(audit[0].patientId).toBeTruthy();
    expect((await t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'chat.attachment'), eq(auditEvents.userId, s.pt.id)))).length).toBe(1);
    // Not a member (same practice), another organisation, an unknown id: 404.
    for (const who of ['pa', 'pr2']) expect((await get(who, url)).statusCode).toBe(404);
    expect((await get('pr', `/api/chat/attachments/${randomUUID()}`)).statusCode).toBe(404);
    // Another organisation cannot post into the conversation either.
    expect((await attach('pr2', chat.id, { name: 'a.pdf', content: PDF })).statusCode).toBe(404);
  });

  it('refuses a file whose bytes do not match its name, an unaccepted type, and one over the size limit (French, nothing stored)', async () => {
    const chat = json(await get('pr', `/api/chat/get-chat?contactId=${s.pa.id}`)).chat;
    const before = (await t.ctx.db.select().from(chatAttachments)).length;
    const fake = await attach('pr', chat.id, { name: 'photo.png', content: PDF });
    expect(fake.statusCode).toBe(400);
    expect(json(fake).error.message).toBe('Le contenu du fichier ne correspond pas à son extension.');
    const exe = await attach('pr', chat.id, { name: 'outil.exe', content: Buffer.from('MZ') });
    expect(exe.statusCode).toBe(400);
    expect(json(exe).error.message).toMatch(/^Type de fichier non accepté/);
    const limit = 1000;
    const put = (uploadLimitBytes: number) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: s.pa.auth, payload: { language: 'fr', navbarStyle: 'style-1', uploadLimitBytes, timeZone: 'Europe/Paris' } });
    expect((await put(limit)).statusCode).toBe(200);
    try {
      const big = await attach('pr', chat.id, { name: 'gros.pdf', content: Buffer.concat([PDF, Buffer.alloc(2000, 32)]) });
      expect(big.statusCode).toBe(413);
      expect(json(big).error.message).toMatch(/taille maximale/);
    } finally {
      await put(50_000_000);
    }
    expect(await t.ctx.db.select().from(chatAttachments)).toHaveLength(before);
    // Support conversations carry no file.
    const support = await attach('pa', json(await get('pa', '/api/chat/support')).id, { name: 'a.pdf', content: PDF });
    expect(support.statusCode).toBe(400);
    expect(json(support).error.message).toBe(CHAT_MESSAGES.attachmentInSupport);
  });
});

describe('group management', () => {
  const patch = (who: string, url: string, payload: unknown) => t.app.inject({ method: 'PATCH', url, headers: s[who].auth, payload: payload as object });
  const del = (who: string, url: string) => t.app.inject({ method: 'DELETE', url, headers: s[who].auth });

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

describe('presence from the sockets', () => {
  it('a contact is online while they hold a socket (on any server), with their chosen status, and offline after', async () => {
    const status = () => statusFor('pr', s.ad.id);
    await post('ad', '/api/chat/user/data', { status: 'online' });
    expect(await status()).toBe('offline');
    const onPr = wsClient(base);
    await onPr.auth(s.pr.token);
    const onAd = wsClient(base);
    await onAd.auth(s.ad.token);
    // A batch flushed between pr's and ad's sign-in may first tell pr that ad is still offline.
    const came = await onPr.next((f) => statusIn(f, s.ad.id)?.status === 'online');
    expect(statusIn(came, s.ad.id)).toMatchObject({ status: 'online' });
    expect(t.app.realtime.isConnected(s.ad.id)).toBe(true);
    expect(await status()).toBe('online');
    // The row belongs to this server: another server's view (the same table) sees ad online too.
    await post('ad', '/api/chat/user/data', { status: 'dnd' });
    expect(await status()).toBe('dnd');
    onAd.close();
    const went = await onPr.next((f) => statusIn(f, s.ad.id)?.status === 'offline');
    expect(statusIn(went, s.ad.id)).toEqual({ userId: s.ad.id, status: 'offline', mood: expect.any(String) });
    expect(await status()).toBe('offline');
    onPr.close();
  });
});

describe('presence rules (who hears a status change, coalesced)', () => {
  it('reaches the practice’s chat staff; a patient is heard by and hears only their practitioners; never another organisation', async () => {
    const watch = { pr: wsClient(base), pa: wsClient(base), pr2: wsClient(base) };
    for (const [who, c] of Object.entries(watch)) await c.auth(s[who].token);
    const pt = wsClient(base);
    await pt.auth(s.pt.token);
    // pt came online: pr follows them and hears it.
    await watch.pr.next((f) => ['online', 'away', 'dnd'].includes(statusIn(f, s.pt.id)?.status ?? ''));
    const ad = wsClient(base);
    await ad.auth(s.ad.token);
    await watch.pr.next((f) => !!statusIn(f, s.ad.id));
    await watch.pa.next((f) => !!statusIn(f, s.ad.id));
    // pr changes their status: colleagues and pr's patient hear it (the last frames of this test).
    await post('pr', '/api/chat/user/data', { status: 'away', mood: 'Visite à domicile' });
    const away = (f: { type: string; data?: Record<string, unknown> }) => statusIn(f, s.pr.id)?.status === 'away';
    expect(statusIn(await pt.next(away), s.pr.id)).toEqual({ userId: s.pr.id, status: 'away', mood: 'Visite à domicile' });
    await watch.pa.next(away);
    await watch.pr.next(away); // their own other tabs too
    const heard = (c: typeof pt) => new Set(c.frames.filter((f) => f.type === 'chat.statuses').flatMap((f) => (f.data?.statuses as { userId: string }[]).map((e) => e.userId)));
    // Each socket heard only its own contacts (GET /api/chat/contacts, the pair rule) and itself.
    for (const [who, c] of [...Object.entries(watch), ['pt', pt] as const]) {
      const contacts = new Set((json(await get(who, '/api/chat/contacts')) as { id: string }[]).map((x) => x.id));
      for (const id of heard(c)) expect(contacts.has(id) || id === s[who].id, `${who} heard ${id}`).toBe(true);
    }
    expect(heard(watch.pr).has(s.pt.id)).toBe(true);
    // pt hears only their practitioners (pr, not the administrator ad); pr2 nothing of the demo practice.
    expect(heard(pt).has(s.ad.id)).toBe(false);
    for (const id of [s.pr.id, s.pa.id, s.pt.id, s.ad.id]) expect(heard(watch.pr2).has(id)).toBe(false);
    // The old frame, one per change, is gone.
    expect([...Object.values(watch), pt, ad].flatMap((c) => c.frames).filter((f) => f.type === 'chat.status')).toEqual([]);
    await post('pr', '/api/chat/user/data', { status: 'online', mood: '' });
    for (const c of [...Object.values(watch), pt, ad]) c.close();
  });

  it('gathers the changes of a period into one frame per socket, at most one per period; a second tab is no news', async () => {
    // The test above closed pa's and ad's sockets: their "offline" goes out in a batch of its own,
    // which must not land among the changes counted below. Wait until they are offline; then rh's
    // arrival, published after those changes and delivered in order, is the marker: once pr hears
    // it, the earlier batch has gone out (in that frame or before it), never among the counted ones.
    for (const id of [s.pa.id, s.ad.id]) await until(() => statusFor('pr', id), (status) => status === 'offline', 5000);
    const onPr = wsClient(base);
    await onPr.auth(s.pr.token);
    const rhTab = wsClient(base);
    await rhTab.auth(s.rh.token);
    await onPr.next((f) => !!statusIn(f, s.rh.id));
    // Four colleagues' changes heard at once (as from several servers' notifications): one frame with all four.
    const ids = [s.pa.id, s.ad.id, s.rh.id, s.pg.id];
    const change = (userId: string) => t.app.realtime.dispatch({ id: null, type: 'chat.status', organizationId: s.pr.idOrganization!, userIds: null, data: { userId } });
    const from = onPr.frames.length;
    for (const id of ids) void change(id);
    const first = await onPr.next((f) => ids.every((id) => !!statusIn(f, id)));
    const at = Date.now();
    expect(onPr.frames.slice(from).filter((f) => ids.some((id) => !!statusIn(f, id)))).toEqual([first]);
    // The next change waits for the next period.
    void change(s.pa.id);
    await onPr.next((f) => !!statusIn(f, s.pa.id));
    expect(Date.now() - at).toBeGreaterThanOrEqual(200);
    // rh opens a second tab: already online, nothing new for pr.
    const count = () => onPr.frames.filter((f) => !!statusIn(f, s.rh.id)).length;
    const before = count();
    const secondTab = wsClient(base);
    await secondTab.auth(s.rh.token);
    // A later change (pa's mood, published after the second tab signed in) is the marker: had the
    // tab been news, pr would have heard rh before it or in the same frame.
    const mood = 'Repère du test';
    expect((await post('pa', '/api/chat/user/data', { status: 'online', mood })).statusCode).toBe(200);
    await onPr.next((f) => statusIn(f, s.pa.id)?.mood === mood);
    expect(count()).toBe(before);
    expect((await post('pa', '/api/chat/user/data', { status: 'online', mood: '' })).statusCode).toBe(200);
    for (const c of [onPr, rhTab, secondTab]) c.close();
  });
});
