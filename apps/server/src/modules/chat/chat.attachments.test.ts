import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { CHAT_MESSAGES } from '@wellbe/shared/schemas/chat';
import { json, type TestApp } from '../../../test/helpers.ts';
import { multipart } from '../../../test/multipart.ts';
import { auditEvents, chatAttachments } from '../../db/tables.ts';
import { chat, get, s, setUpChatApp } from './chat.test-kit.ts';

// Chat attachments: the document pipeline (type by bytes, size limit), members only, journalled
// for a patient's conversation.

setUpChatApp();
let t: TestApp;
beforeAll(() => {
  t = chat.t;
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
