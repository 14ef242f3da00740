import { eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { can } from '@wellbe/shared/permissions';
import { REALTIME_AUTH_TIMEOUT_MS, REALTIME_CLOSE, REALTIME_MAX_FRAME_BYTES } from '@wellbe/shared/realtime';
import { createTestApp, type Session, type TestApp } from '../../../test/helpers.ts';
import { until } from '../../../test/until.ts';
import { wsClient, type WsClient } from '../../../test/ws-client.ts';
import { realtimePresence } from '../../db/tables.ts';
import { notifyRealtime, publishRealtime, recordRealtime, registerRealtimeMessage, registerRealtimeType } from './index.ts';

// The /api/ws endpoint and the hub: authentication by first message, audience (organisation,
// users, permission group, per-recipient resolver), catch-up after a reconnect, and sockets closed
// when their token stops being valid.

let t: TestApp;
let base: string;
let demoOrg: string;
let nordOrg: string;
let idle: { client: WsClient; openedAt: number };
const received: { userId: string; data: Record<string, unknown> }[] = [];

registerRealtimeType('test.agendaOnly', { access: 'agenda' });
registerRealtimeType('test.resolved', {
  // Re-read per recipient: a PT gets nothing, staff get the id with their own id added.
  resolve: async (_ctx, event, recipient) => (recipient.role === 'PT' ? null : { ...event.data, for: recipient.id }),
});
registerRealtimeMessage('test.echo', async (_ctx, caller, data) => {
  received.push({ userId: caller.id, data });
});

async function connect(session: Session, since?: number) {
  const client = wsClient(base);
  const ready = await client.auth(session.token, since);
  return { client, ready };
}

beforeAll(async () => {
  t = await createTestApp();
  base = await t.app.listen({ port: 0, host: '127.0.0.1' });
  // Opened first and never authenticated: checked at the end of the file (after the 10 s).
  idle = { client: wsClient(base), openedAt: Date.now() };
  const pr = await t.login('pr');
  const pr2 = await t.login('pr2');
  demoOrg = pr.idOrganization!;
  nordOrg = pr2.idOrganization!;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('/api/ws authentication', () => {
  it('answers ready to a valid token sent in the first message', async () => {
    const pr = await t.login('pr');
    const { client, ready } = await connect(pr);
    expect(ready).toMatchObject({ type: 'ready' });
    expect(typeof ready.cursor).toBe('number');
    expect(t.app.realtime.isConnected(pr.id)).toBe(true);
    client.close();
  });

  it('closes a socket whose first message is garbage, a bad token, or an expired one', async () => {
    const garbage = wsClient(base);
    await garbage.opened;
    garbage.send('<script>alert(1)</script>');
    expect((await garbage.closed).code).toBe(REALTIME_CLOSE.badFrame);

    const bad = wsClient(base);
    await bad.opened;
    bad.send({ type: 'auth', token: 'eyJhbGciOiJub25lIn0.e30.' });
    expect((await bad.closed).code).toBe(REALTIME_CLOSE.unauthenticated);

    const pr = await t.login('pr');
    t.clock.advance(61 * 60_000);
    const expired = wsClient(base);
    await expired.opened;
    expired.send({ type: 'auth', token: pr.token });
    const closed = await expired.closed;
    expect(closed).toEqual({ code: REALTIME_CLOSE.unauthenticated, reason: 'expired' });
  });

  it('refuses a 1 MB frame (closed with 1009) and keeps the limit at 64 KB', async () => {
    expect(REALTIME_MAX_FRAME_BYTES).toBe(65_536);
    const pr = await t.login('pr');
    const { client } = await connect(pr);
    client.send(JSON.stringify({ type: 'test.echo', data: { text: 'x'.repeat(1_048_576) } }));
    expect((await client.closed).code).toBe(1009);
    expect(received).toEqual([]);
  });

  it('passes a signed-in client message to its handler with the socket’s user, and closes on an unknown type', async () => {
    const pa = await t.login('pa');
    const { client } = await connect(pa);
    client.send({ type: 'test.echo', data: { chatId: 'c1' } });
    client.send({ type: 'ping' });
    await client.next((f) => f.type === 'pong');
    expect(received).toEqual([{ userId: pa.id, data: { chatId: 'c1' } }]);
    client.send({ type: 'nope', data: {} });
    expect((await client.closed).code).toBe(REALTIME_CLOSE.badFrame);
  });
});

describe('publishRealtime audience', () => {
  it('reaches the organisation’s sockets only, or only the named users, with ids only', async () => {
    const [pr, pa, pr2] = [await t.login('pr'), await t.login('pa'), await t.login('pr2')];
    const a = await connect(pr);
    const b = await connect(pa);
    const c = await connect(pr2);
    await publishRealtime(t.ctx.db, { type: 'test.org', organisationId: demoOrg, data: { thingId: 'demo-1' } });
    await publishRealtime(t.ctx.db, { type: 'test.org', organisationId: nordOrg, data: { thingId: 'nord-1' } });
    await publishRealtime(t.ctx.db, { type: 'test.user', organisationId: demoOrg, userIds: [pa.id], data: { thingId: 'pa-only' } });
    await publishRealtime(t.ctx.db, { type: 'test.end', organisationId: null, userIds: [pr.id, pa.id, pr2.id], data: {} });

    const seen = async (client: WsClient) => {
      await client.next((f) => f.type === 'test.end');
      return client.frames.filter((f) => f.type.startsWith('test.') && f.type !== 'test.end').map((f) => f.data?.thingId);
    };
    expect(await seen(a.client)).toEqual(['demo-1']);
    expect(await seen(b.client)).toEqual(['demo-1', 'pa-only']);
    expect(await seen(c.client)).toEqual(['nord-1']);
    // Records never travel: data that is not an id is refused at the source.
    await expect(publishRealtime(t.ctx.db, { type: 'test.org', organisationId: demoOrg, data: { text: 'x'.repeat(500) } })).rejects.toThrow(/ids/);
    for (const x of [a, b, c]) x.client.close();
  });

  it('applies the permission group and the resolver per recipient', async () => {
    const [pr, pt, ad] = [await t.login('pr'), await t.login('pt'), await t.login('ad')];
    const clients = { pr: await connect(pr), pt: await connect(pt), ad: await connect(ad) };
    await publishRealtime(t.ctx.db, { type: 'test.agendaOnly', organisationId: demoOrg, data: { appointmentId: 'a1' } });
    await publishRealtime(t.ctx.db, { type: 'test.resolved', organisationId: demoOrg, data: { noteId: 'n1' } });
    await publishRealtime(t.ctx.db, { type: 'test.end', organisationId: demoOrg, data: {} });
    const types = async (client: WsClient) => {
      await client.next((f) => f.type === 'test.end');
      // Presence frames (chat.status) come and go too: only the test's events count.
      return client.frames.filter((f) => f.type.startsWith('test.')).map((f) => [f.type, f.data]);
    };
    expect(can('PT', 'agenda')).toBe(false);
    expect(await types(clients.pt.client)).toEqual([['test.end', {}]]);
    expect(await types(clients.pr.client)).toEqual([
      ['test.agendaOnly', { appointmentId: 'a1' }],
      ['test.resolved', { noteId: 'n1', for: pr.id }],
      ['test.end', {}],
    ]);
    expect((await types(clients.ad.client))[1]).toEqual(['test.resolved', { noteId: 'n1', for: ad.id }]);
    for (const x of Object.values(clients)) x.client.close();
  });

  it('sends nothing for an event published in a transaction that rolls back', async () => {
    const pr = await t.login('pr');
    const { client } = await connect(pr);
    await t.ctx.db
      .transaction(async (tx) => {
        await publishRealtime(tx, { type: 'test.org', organisationId: demoOrg, data: { thingId: 'rolled-back' } });
        throw new Error('rollback');
      })
      .catch(() => {});
    await publishRealtime(t.ctx.db, { type: 'test.end', organisationId: demoOrg, data: {} });
    await client.next((f) => f.type === 'test.end');
    // Presence frames (chat.status) may arrive too: only the test's events count.
    expect(client.frames.map((f) => f.type).filter((type) => type === 'ready' || type.startsWith('test.'))).toEqual(['ready', 'test.end']);
    client.close();
  });
});

describe('presence', () => {
  it('leaves no presence row behind a socket that closes while its row is still being written', async () => {
    const rh = await t.login('rh');
    const rows = async () => (await t.ctx.db.select().from(realtimePresence).where(eq(realtimePresence.userId, rh.id))).length;
    // Another transaction holds the same (server, user) key: the hub's write of the row waits on it.
    const blocker = await t.ctx.pool.connect();
    await blocker.query('begin');
    await blocker.query('insert into realtime_presence (server_id, user_id, organization_id) values ($1, $2, $3)', [t.app.realtime.serverId, rh.id, rh.idOrganization]);
    // A colleague hears rh's status: once they hear rh offline, the hub's writes for rh are done.
    const observer = await connect(await t.login('pr'));
    const heardOffline = (f: { type: string; data?: Record<string, unknown> }) =>
      f.type === 'chat.statuses' && (f.data?.statuses as { userId: string; status: string }[]).some((e) => e.userId === rh.id && e.status === 'offline');
    const { client } = await connect(rh);
    client.close();
    await client.closed;
    // The hub's write of the row is waiting on the other transaction's lock.
    const waiting = async () => (await t.ctx.pool.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`)).rows[0].n as number;
    expect(await until(waiting, (n) => n > 0, 10_000)).toBeGreaterThan(0);
    // The write goes through once the other transaction ends: the close must still win.
    await blocker.query('rollback');
    blocker.release();
    await observer.client.next(heardOffline, 10_000);
    observer.client.close();
    expect(t.app.realtime.isConnected(rh.id)).toBe(false);
    expect(await rows()).toBe(0);
    // And a tab that stays is one row, gone with it.
    const tab = await connect(rh);
    expect(await until(rows, (n) => n === 1, 10_000)).toBe(1);
    tab.client.close();
    await tab.client.closed;
    expect(await until(rows, (n) => n === 0, 10_000)).toBe(0);
    expect(await rows()).toBe(0);
  });
});

describe('catch-up after a reconnect', () => {
  it('replays the three events missed while offline, once, in order, then goes on live', async () => {
    const pa = await t.login('pa');
    // A colleague who stays connected: once the ephemeral event reaches them, this server has handled
    // it, so pa's reconnection below cannot meet it live (a late notification is live, not a replay).
    const observer = await connect(await t.login('pr'));
    const first = await connect(pa);
    const cursor = first.ready.cursor!;
    first.client.close();
    await first.client.closed;
    for (const n of [1, 2, 3]) await publishRealtime(t.ctx.db, { type: 'test.missed', organisationId: demoOrg, userIds: [pa.id], data: { n } });
    // Another organisation's event and an ephemeral one are not replayed.
    await publishRealtime(t.ctx.db, { type: 'test.missed', organisationId: nordOrg, data: { n: 99 } });
    await publishRealtime(t.ctx.db, { type: 'test.missed', organisationId: demoOrg, data: { n: 98 }, ephemeral: true });
    await observer.client.next((f) => f.data?.n === 98);
    observer.client.close();

    const again = await connect(pa, cursor);
    await publishRealtime(t.ctx.db, { type: 'test.missed', organisationId: demoOrg, userIds: [pa.id], data: { n: 4 } });
    await again.client.next((f) => f.data?.n === 4);
    const frames = again.client.frames.filter((f) => f.type === 'test.missed');
    expect(frames.map((f) => f.data?.n)).toEqual([1, 2, 3, 4]);
    // The three missed events are replayed before 'ready', the live one after it. Other kinds of frame
    // may come in between (the observer's presence going offline, batched to pa's new socket as soon
    // as it is open): counted among all frames, 'ready' was once the fifth (fresh clone, 29 Nov).
    const order = again.client.frames.filter((f) => f.type === 'test.missed' || f.type === 'ready').map((f) => (f.type === 'ready' ? 'ready' : f.data?.n));
    expect(order, again.client.frames.map((f) => f.type).join(' ')).toEqual([1, 2, 3, 'ready', 4]);
    const ids = frames.map((f) => f.id!);
    expect([...ids].sort((x, y) => x - y)).toEqual(ids);
    expect(again.ready.cursor).toBeGreaterThanOrEqual(ids[2]);
    again.client.close();
  });
});

describe('an event this server has not read yet when a client reconnects', () => {
  it('reaches the client once: the read its reconnection waits for does not also send it live', async () => {
    const pa = await t.login('pa');
    const first = await connect(pa);
    const cursor = first.ready.cursor!;
    first.client.close();
    await first.client.closed;
    // Stored without its notification (as when it is still on its way): only the read that the
    // reconnection waits for finds it, while pa's socket is already signed in.
    await recordRealtime(t.ctx.db, { type: 'test.missed', organisationId: demoOrg, userIds: [pa.id], data: { n: 5 } });
    const again = await connect(pa, cursor);
    await publishRealtime(t.ctx.db, { type: 'test.missed', organisationId: demoOrg, userIds: [pa.id], data: { n: 6 } });
    await again.client.next((f) => f.data?.n === 6);
    expect(again.client.frames.filter((f) => f.type === 'test.missed').map((f) => f.data?.n)).toEqual([5, 6]);
    again.client.close();
  });
});

describe('an event whose transaction commits after a later one’s', () => {
  // Ids are taken at INSERT, rows appear at COMMIT: transaction A takes the lower id, B the next one
  // and commits first. A client that got B's event and resumes after it must still get A's.
  it('reaches a client that reconnects after the later id, and one that stays, each event once, in commit-safe order', async () => {
    const pa = await t.login('pa');
    const late = (c: WsClient) => c.frames.filter((f) => f.type === 'test.late');
    /** What the web client resumes from: the last event id received, else the ready cursor. */
    const resumeFrom = (c: WsClient) => [...c.frames].reverse().find((f) => typeof f.id === 'number')?.id ?? c.frames.find((f) => f.type === 'ready')!.cursor!;
    const staying = await connect(pa);
    const leaving = await connect(pa);

    const a = await t.ctx.pool.connect();
    try {
      await a.query('begin');
      const pendingA = await recordRealtime(drizzle(a), { type: 'test.late', organisationId: demoOrg, userIds: [pa.id], data: { n: 1 } });
      const idB = await publishRealtime(t.ctx.db, { type: 'test.late', organisationId: demoOrg, userIds: [pa.id], data: { n: 2 } });
      expect(idB).toBeGreaterThan(pendingA!.id!);
      // A socket that signs in with a cursor waits for the hub's read of the table: once it is
      // ready, the hub has read B (committed before) and holds it back behind A.
      const probe = await connect(pa, resumeFrom(staying.client));
      probe.client.close();
      // Offline while A commits (and its notification goes out).
      const since = resumeFrom(leaving.client);
      leaving.client.close();
      await leaving.client.closed;
      await a.query('commit');
      await notifyRealtime(t.ctx.db, pendingA);
      // Both delivered live to the socket that stayed before the other one comes back.
      await staying.client.next((f) => f.type === 'test.late' && f.data?.n === 2, 10_000);
      const back = await connect(pa, since);
      await until(() => late(leaving.client).length + late(back.client).length, (n) => n >= 2, 10_000);
      expect([...late(leaving.client), ...late(back.client)].map((f) => f.data?.n)).toEqual([1, 2]);
      expect(late(staying.client).map((f) => f.data?.n)).toEqual([1, 2]);
      // Nothing comes twice later either (no late notification pushes it again): an event published
      // after them arrives, and nothing of A or B came again before it.
      await publishRealtime(t.ctx.db, { type: 'test.late', organisationId: demoOrg, userIds: [pa.id], data: { n: 3 } });
      await back.client.next((f) => f.type === 'test.late' && f.data?.n === 3, 10_000);
      await staying.client.next((f) => f.type === 'test.late' && f.data?.n === 3, 10_000);
      expect([...late(leaving.client), ...late(back.client)].map((f) => f.data?.n)).toEqual([1, 2, 3]);
      expect(late(staying.client).map((f) => f.data?.n)).toEqual([1, 2, 3]);
      back.client.close();
    } finally {
      await a.query('rollback').catch(() => {});
      a.release();
      staying.client.close();
    }
  });
});

describe('a transaction of another database of the cluster', () => {
  // Delivery waits for this database's older transactions only: one running elsewhere on the same
  // PostgreSQL (another application, another test file) must not hold the live events back.
  it('does not hold back the live events of this one', async () => {
    const pa = await t.login('pa');
    const live = await connect(pa);
    const url = new URL(String((t.ctx.pool as unknown as { options: { connectionString: string } }).options.connectionString));
    url.pathname = '/postgres';
    const elsewhere = new pg.Client({ connectionString: url.toString() });
    await elsewhere.connect();
    try {
      await elsewhere.query('begin');
      await elsewhere.query('select pg_current_xact_id()');
      await publishRealtime(t.ctx.db, { type: 'test.elsewhere', organisationId: demoOrg, userIds: [pa.id], data: { n: 1 } });
      // Held back, it would wait for the other database's transaction, which stays open meanwhile.
      await live.client.next((f) => f.type === 'test.elsewhere', 10_000);
      expect(live.client.frames.filter((f) => f.type === 'test.elsewhere').map((f) => f.data?.n)).toEqual([1]);
    } finally {
      await elsewhere.query('rollback').catch(() => {});
      await elsewhere.end();
      live.client.close();
    }
  });
});

describe('sockets close when the token stops being valid', () => {
  it('closes the sockets of a session that logs out, and only those', async () => {
    const pr = await t.login('pr');
    const other = await t.login('pr');
    const a = await connect(pr);
    const b = await connect(other);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: pr.auth });
    expect(out.statusCode).toBe(200);
    expect(await a.client.closed).toEqual({ code: REALTIME_CLOSE.unauthenticated, reason: 'invalid' });
    b.client.send({ type: 'ping' });
    await b.client.next((f) => f.type === 'pong');
    b.client.close();
  });

  it('closes every socket of a user deactivated by an administrator', async () => {
    const us = await t.login('us');
    const admin = await t.login('sa');
    const { client } = await connect(us);
    const res = await t.app.inject({ method: 'PATCH', url: `/api/users/${us.id}`, headers: admin.auth, payload: { active: false } });
    expect(res.statusCode).toBe(200);
    expect((await client.closed).code).toBe(REALTIME_CLOSE.unauthenticated);
  });

  it('closes a socket whose token reached its expiry', async () => {
    const pg = await t.login('pg');
    const { client } = await connect(pg);
    t.clock.advance(61 * 60_000);
    await t.app.realtime.recheck(() => true);
    expect(await client.closed).toEqual({ code: REALTIME_CLOSE.unauthenticated, reason: 'expired' });
  });

  it('closed the socket that never authenticated after 10 s', async () => {
    const closed = await idle.client.closed;
    expect(closed.code).toBe(REALTIME_CLOSE.authTimeout);
    expect(REALTIME_AUTH_TIMEOUT_MS).toBe(10_000);
    expect(Date.now() - idle.openedAt).toBeGreaterThanOrEqual(REALTIME_AUTH_TIMEOUT_MS - 50);
  }, 20_000);
});
