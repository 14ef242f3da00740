import { afterAll, afterEach, beforeAll } from 'vitest';
import { createTestApp, json, type Session, type TestApp } from '../../../test/helpers.ts';
import { closeWsClients } from '../../../test/ws-client.ts';

// What the chat's API tests share (one test app per file): the signed-in demo users, requests as
// one of them, and a user's entry in a presence frame.

export const s: Record<string, Session> = {};
export const chat = { t: undefined as unknown as TestApp, base: '' };

/** Builds the file's app (listening, for the sockets) and signs the demo users in; closes it after. */
export function setUpChatApp(): void {
  beforeAll(async () => {
    chat.t = await createTestApp();
    chat.base = await chat.t.app.listen({ port: 0, host: '127.0.0.1' });
    for (const u of ['pr', 'pa', 'ad', 'rh', 'pt', 'pg', 'pr2', 'us', 're', 'sa', 'de', 'di']) s[u] = await chat.t.login(u);
  }, 60_000);
  afterEach(closeWsClients);
  afterAll(async () => {
    await chat.t?.close();
  });
}

/** A user's entry in a coalesced presence frame (`chat.statuses`), if the frame is one and carries it. */
export function statusIn(f: { type: string; data?: Record<string, unknown> }, userId: string) {
  if (f.type !== 'chat.statuses') return undefined;
  return (f.data?.statuses as { userId: string; status: string; mood: string }[]).find((e) => e.userId === userId);
}

export const get = (who: string, url: string) => chat.t.app.inject({ method: 'GET', url, headers: s[who].auth });
/** A contact's status as `who` reads it in GET /api/chat/contacts. */
export const statusFor = async (who: string, id: string) => (json(await get(who, '/api/chat/contacts')) as { id: string; status: string }[]).find((c) => c.id === id)?.status;
export const post = (who: string, url: string, payload: unknown) => chat.t.app.inject({ method: 'POST', url, headers: s[who].auth, payload: payload as object });
export const patch = (who: string, url: string, payload: unknown) => chat.t.app.inject({ method: 'PATCH', url, headers: s[who].auth, payload: payload as object });
export const del = (who: string, url: string) => chat.t.app.inject({ method: 'DELETE', url, headers: s[who].auth });
