import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { POLICY_MESSAGES } from '@wellbe/shared/schemas/policies';
import { createTestApp, json, type Session, type TestApp } from '../../../test/helpers.ts';
import { closeWsClients, wsClient, type WsClient } from '../../../test/ws-client.ts';
import { REALTIME_CLOSE } from '@wellbe/shared/realtime';
import { until as untilHolds } from '../../../test/until.ts';
import { policyAcceptances, policyVersions, users } from '../../db/tables.ts';

// Versioned policies and recorded consent (issue 20): DE-only writing, the consent gate at the
// next sign-in, the acceptance recorded (never editable), refusal, and the admin's CSV export.

let t: TestApp;
let de: Session;
let pr: Session;

const post = (s: Session, url: string, payload?: unknown) => t.app.inject({ method: 'POST', url, headers: s.auth, ...(payload !== undefined ? { payload: payload as object } : {}) });
const get = (s: Session, url: string) => t.app.inject({ method: 'GET', url, headers: s.auth });

beforeAll(async () => {
  t = await createTestApp();
  [de, pr] = await Promise.all([t.login('de'), t.login('pr')]);
});
afterAll(async () => {
  await t.close();
});

const newTerms = { kind: 'terms', title: 'Conditions générales d’utilisation', body: '<p>Version 2 : les articles arrivent.</p><script>alert(1)</script>', effectiveAt: new Date(Date.now() - 60_000).toISOString(), requiresAcceptance: true };

describe('public policies', () => {
  it('shows the three documents in force without sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/policies/current' });
    expect(res.statusCode).toBe(200);
    const kinds = json(res).data.map((v: { kind: string; version: number }) => `${v.kind}-${v.version}`).sort();
    expect(kinds).toEqual(['legal-1', 'privacy-1', 'terms-1']);
  });

  it('demo accounts have accepted the versions in force: nothing is pending', async () => {
    expect(json(await get(pr, '/api/policies/pending')).data).toEqual([]);
    expect((await get(pr, '/api/notes')).statusCode).toBe(200);
  });
});

describe('writing versions', () => {
  it('only DE writes, and the text is sanitised', async () => {
    for (const s of [pr, await t.login('sa'), await t.login('pa')]) {
      expect((await post(s, '/api/policies', newTerms)).statusCode).toBe(403);
    }
    const res = await post(de, '/api/policies', { ...newTerms, body: '<p>Brouillon</p><img src=x onerror=alert(1)><a href="javascript:alert(1)">lien</a>' });
    expect(res.statusCode, res.body).toBe(201);
    const draft = json(res).data;
    expect(draft.version).toBe(2);
    expect(draft.status).toBe('draft');
    expect(draft.body).not.toMatch(/script|onerror|javascript/);
    // A draft is not in force: nobody is asked anything yet.
    expect(json(await get(pr, '/api/policies/pending')).data).toEqual([]);
  });

  it('a published version cannot be changed', async () => {
    const created = json(await post(de, '/api/policies', { ...newTerms, kind: 'legal', requiresAcceptance: false })).data;
    expect((await post(de, `/api/policies/${created.id}/publish`)).statusCode).toBe(200);
    const change = await t.app.inject({ method: 'PATCH', url: `/api/policies/${created.id}`, headers: de.auth, payload: { title: 'Autre' } });
    expect(change.statusCode).toBe(409);
    expect(json(change).error.message).toBe(POLICY_MESSAGES.alreadyPublished);
    // A version that needs no acceptance asks nothing of anyone.
    expect(json(await get(pr, '/api/policies/pending')).data).toEqual([]);
  });
});

describe('consent at the next sign-in', () => {
  let versionId: string;

  it('a new CGU version in force blocks every call with consent_required until accepted', async () => {
    const list = json(await get(de, '/api/policies')).data as { id: string; kind: string; status: string }[];
    versionId = list.find((v) => v.kind === 'terms' && v.status === 'draft')!.id;
    expect((await post(de, `/api/policies/${versionId}/publish`)).statusCode).toBe(200);

    const me = await t.login('pr');
    const blocked = await get(me, '/api/notes');
    expect(blocked.statusCode).toBe(403);
    expect(json(blocked).error).toEqual({ code: 'consent_required', message: POLICY_MESSAGES.consentRequired });
    // The consent screen's calls, the public pages and sign-out still answer.
    const pending = json(await get(me, '/api/policies/pending')).data;
    expect(pending.map((v: { id: string }) => v.id)).toEqual([versionId]);
    expect((await t.app.inject({ method: 'GET', url: '/api/policies/current' })).statusCode).toBe(200);

    const accepted = await post(me, '/api/policies/accept', { versionIds: [versionId] });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await get(me, '/api/notes')).statusCode).toBe(200);
    const mine = json(await get(me, '/api/policies/acceptances/mine')).data;
    expect(mine[0]).toMatchObject({ versionId, kind: 'terms', version: 2 });

    const [row] = await t.handle.db.select().from(policyAcceptances).where(eq(policyAcceptances.versionId, versionId));
    expect(row.userId).toBe(me.id);
    expect(row.ip).toBeTruthy();
    expect(row.via).toBe('sign-in');
  });

  it('accepting another version than the one in force is refused and records nothing', async () => {
    const pa = await t.login('pa');
    const res = await post(pa, '/api/policies/accept', { versionIds: ['00000000-0000-4000-8000-000000000000'] });
    expect(res.statusCode).toBe(409);
    const rows = await t.handle.db.select().from(policyAcceptances).where(eq(policyAcceptances.userId, pa.id));
    expect(rows.every((r) => r.versionId !== versionId)).toBe(true);
  });

  it('an acceptance is never edited nor deleted (database trigger)', async () => {
    await expect(t.handle.db.update(policyAcceptances).set({ ip: '1.2.3.4' }).where(eq(policyAcceptances.versionId, versionId))).rejects.toThrow();
    await expect(t.handle.db.delete(policyAcceptances).where(eq(policyAcceptances.versionId, versionId))).rejects.toThrow();
    await expect(t.handle.db.execute(sql`truncate policy_acceptances cascade`)).rejects.toThrow();
  });

  it('refusing signs the user out with a French explanation', async () => {
    const rh = await t.login('rh');
    const res = await post(rh, '/api/policies/refuse');
    expect(res.statusCode).toBe(200);
    expect(json(res).message).toBe(POLICY_MESSAGES.refused);
    expect((await get(rh, '/api/policies/pending')).statusCode).toBe(401);
  });
});

describe('registration and export', () => {
  it('registering requires accepting the CGU and privacy policy, and records it', async () => {
    const user = { displayName: 'Nina Nouvelle', email: 'nina.nouvelle@exemple.fr', password: 'Radium-1867!' };
    const refused = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { user } });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Acceptez les conditions');
    const [none] = await t.handle.db.select().from(users).where(eq(users.email, user.email));
    expect(none).toBeUndefined();

    const res = await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: { user: { ...user, acceptPolicies: true } } });
    expect(res.statusCode, res.body).toBe(201);
    const token = json(res).access_token;
    const pending = await t.app.inject({ method: 'GET', url: '/api/policies/pending', headers: { authorization: `Bearer ${token}` } });
    expect(json(pending).data).toEqual([]);
    const mine = json(await t.app.inject({ method: 'GET', url: '/api/policies/acceptances/mine', headers: { authorization: `Bearer ${token}` } })).data;
    expect(mine.map((a: { kind: string }) => a.kind).sort()).toEqual(['privacy', 'terms']);
  });

  it('an administrator exports the acceptances of their own organisation only', async () => {
    const pa = await t.login('pa');
    const owed = json(await get(pa, '/api/policies/pending')).data.map((v: { id: string }) => v.id);
    expect((await post(pa, '/api/policies/accept', { versionIds: owed })).statusCode).toBe(200);
    const res = await get(pa, '/api/policies/acceptances/export');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.body).toContain('Identifiant;Nom;Prénom');
    expect(res.body).toContain('pr;');
    expect(res.body).not.toContain('pr2;'); // Centre Santé Nord
    expect(res.body).not.toContain('nina.nouvelle');
    expect((await get(pr, '/api/policies/acceptances/export')).statusCode).toBe(403);
  });
});

// The gate's answer is kept per user on each server (lib/auth-cache.ts): what another server
// writes (here: straight into the database, as another server's request would) reaches it through
// PostgreSQL's notification within a second, well before the cache's 5 s safety net.
describe('the consent gate kept per user on every server', () => {
  // Well under the cache's 5 s from the answer cached above: only the notification gets there in time.
  const until = (probe: () => Promise<number>, expected: number) => untilHolds(probe, (status) => status === expected, 3500);
  const status = async (s: Session) => (await get(s, '/api/auth/sessions')).statusCode;

  it('an acceptance recorded by another server lets the user in, a version published by another server stops them', async () => {
    const pg = await t.login('pg');
    // pg has not accepted the CGU v2 published above: refused, and that answer is now cached.
    expect(await status(pg)).toBe(403);
    expect(await status(pg)).toBe(403);
    const owed = json(await get(pg, '/api/policies/pending')).data as { id: string }[];
    expect(owed.length).toBeGreaterThan(0);
    await t.handle.db.insert(policyAcceptances).values(owed.map((v) => ({ userId: pg.id, organizationId: pg.idOrganization, versionId: v.id, acceptedAt: new Date(t.clock.now()), ip: null, via: 'sign-in' })));
    expect(await until(() => status(pg), 200)).toBe(200);

    // Now cached as nothing owed; a new privacy policy published elsewhere, in force at once.
    expect(await status(pg)).toBe(200);
    await t.handle.db.insert(policyVersions).values({ kind: 'privacy', version: 9, title: 'Politique de confidentialité', body: '<p>Version 9</p>', requiresAcceptance: true, effectiveAt: new Date(t.clock.now() - 60_000), status: 'published', publishedAt: new Date(t.clock.now()) });
    expect(await until(() => status(pg), 403)).toBe(403);
  });

  it('a version published for a later date stops nobody before that date, and everyone from it, with no write in between', async () => {
    const pa = await t.login('pa');
    for (const s of [pa, de]) {
      const owed = json(await get(s, '/api/policies/pending')).data.map((v: { id: string }) => v.id);
      if (owed.length) expect((await post(s, '/api/policies/accept', { versionIds: owed })).statusCode).toBe(200);
    }
    const later = new Date(t.clock.now() + 60_000).toISOString();
    const draft = json(await post(de, '/api/policies', { ...newTerms, body: '<p>Version à venir</p>', effectiveAt: later })).data;
    expect((await post(de, `/api/policies/${draft.id}/publish`)).statusCode).toBe(200);
    expect(await status(pa)).toBe(200);
    expect(await status(pa)).toBe(200);
    t.clock.advance(2 * 60_000);
    const blocked = await get(pa, '/api/auth/sessions');
    expect(blocked.statusCode).toBe(403);
    expect(json(blocked).error.code).toBe('consent_required');
    expect(json(await get(pa, '/api/policies/pending')).data.map((v: { id: string }) => v.id)).toEqual([draft.id]);
  });
});

describe('the consent gate on the real-time socket', () => {
  let base: string;
  beforeAll(async () => {
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterEach(closeWsClients);

  /** What the socket answers its authentication first: 'ready', or the code it is closed with. */
  const firstAnswer = async (client: WsClient, token: string) => {
    await client.opened;
    client.send({ type: 'auth', token });
    return Promise.race([client.next((f) => f.type === 'ready', 10_000).then(() => 'ready' as const), client.closed.then((c) => c.code)]);
  };

  it('a user who owes an acceptance is refused by the socket as by HTTP (consent_required), and let in once they accept', async () => {
    const rh = await t.login('rh');
    expect(json(await get(rh, '/api/auth/sessions')).error.code).toBe('consent_required');
    const refused = wsClient(base);
    expect(await firstAnswer(refused, rh.token)).toBe(REALTIME_CLOSE.consentRequired);
    expect((await refused.closed).reason).toBe('consent_required');
    expect(refused.frames).toEqual([]);

    const owed = json(await get(rh, '/api/policies/pending')).data.map((v: { id: string }) => v.id);
    expect((await post(rh, '/api/policies/accept', { versionIds: owed })).statusCode).toBe(200);
    expect(await firstAnswer(wsClient(base), rh.token)).toBe('ready');
  });

  it('a version published while a socket is open closes it: no chat message reaches a user who owes an acceptance', async () => {
    const [rh, ad] = await Promise.all([t.login('rh'), t.login('ad')]);
    for (const s of [ad, de]) {
      const owed = json(await get(s, '/api/policies/pending')).data.map((v: { id: string }) => v.id);
      if (owed.length) expect((await post(s, '/api/policies/accept', { versionIds: owed })).statusCode).toBe(200);
    }
    const socket = wsClient(base);
    expect(await firstAnswer(socket, rh.token)).toBe('ready');

    const draft = json(await post(de, '/api/policies', { ...newTerms, kind: 'privacy', body: '<p>Nouvelle politique</p>', effectiveAt: new Date(t.clock.now() - 1000).toISOString() })).data;
    expect((await post(de, `/api/policies/${draft.id}/publish`)).statusCode).toBe(200);
    expect((await socket.closed).code).toBe(REALTIME_CLOSE.consentRequired);

    // ad accepts and writes to rh: nothing reaches rh until rh accepts too.
    expect((await post(ad, '/api/policies/accept', { versionIds: [draft.id] })).statusCode).toBe(200);
    const chat = json(await get(ad, `/api/chat/get-chat?contactId=${rh.id}`)).chat;
    expect((await post(ad, '/api/chat/send-message', { chatId: chat.id, messageText: 'Bonjour' })).statusCode).toBe(200);
    expect(await firstAnswer(wsClient(base), rh.token)).toBe(REALTIME_CLOSE.consentRequired);
    expect(socket.frames.some((f) => f.type === 'chat.message')).toBe(false);
  });
});
