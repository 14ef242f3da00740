import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHAT_LIMITS, CHAT_MESSAGES } from '@wellbe/shared/schemas/chat';
import { json, type TestApp } from '../../../test/helpers.ts';
import { appointments, auditEvents, chatMessages, users } from '../../db/tables.ts';
import { mailUnread } from './chat.service.ts';
import { chat, get, post, s, setUpChatApp } from './chat.test-kit.ts';

// Messaging (issue 16): who may talk to whom (SPEC §6 `chats`), the SPEC §7 /api/chat/* shapes,
// idempotent send, paging, read state, limits, rate limit, audit of patient conversations, support
// conversations and the unread mail. Groups, attachments and live delivery: chat.*.test.ts.

setUpChatApp();
let t: TestApp;
beforeAll(() => {
  t = chat.t;
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
    // The answer is unread in the toolbar badge until pa reads their support conversation.
    expect(json(await get('pa', '/api/chat/unread')).support).toBe(1);
    expect(json(await post('pa', '/api/chat/support/read', {})).lastReadSeq).toBe(again.lastSeq);
    expect(json(await get('pa', '/api/chat/unread')).support).toBe(0);
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
