import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '@wellbe/shared/domain/dates';
import { addDays, todayIn } from '@wellbe/shared/domain/zoned';
import { createTestApp, type Session, type TestApp } from './helpers.ts';
import { preparedSent, throughSharedStatement } from './prepared.ts';

// Issue 31: the hot reads run as statements prepared once per shape and shared by every
// organisation. Each: callers of Cabinet Démo and Centre Santé Nord through the same statement,
// each seeing only its own rows, and each read journalled as before.

let t: TestApp;
let pa: Session, sa: Session, pr: Session, pr2: Session;
beforeAll(async () => {
  t = await createTestApp();
  [pa, sa, pr, pr2] = await Promise.all([t.login('pa'), t.login('sa'), t.login('pr'), t.login('pr2')]);
});
afterAll(async () => {
  await t?.close();
});

const get = async (url: string, s: Session) => {
  const res = await t.app.inject({ method: 'GET', url, headers: s.auth });
  expect(res.statusCode, url).toBe(200);
  return res.json();
};
const demo = () => pa.idOrganization!;
const patientNamed = async (fullName: string) => (await t.ctx.pool.query<{ id: string }>(`select id from patients where full_name = $1`, [fullName])).rows[0].id;
/** The last `n` journal rows of an action, oldest first: [user, organisation, patient]. */
const lastJournal = async (action: string, n: number) =>
  (await t.ctx.pool.query<{ u: string; o: string | null; p: string | null }>(`select user_id as u, organization_id as o, patient_id as p from audit_events where action = $1 order by id desc limit $2`, [action, n])).rows
    .reverse()
    .map((r) => [r.u, r.o, r.p]);
const nord = () => pr2.idOrganization!;

describe('the users list (issue 31)', () => {
  it('pages each organisation’s accounts through the same prepared page and count, by number and by cursor', async () => {
    const orgsOf = (body: { data: { idOrganization: string }[] }) => [...new Set(body.data.map((u) => u.idOrganization))];
    for (const url of ['/api/users?pageSize=2', '/api/users?pageSize=2&role=PR&active=true']) {
      const [mine, theirs, again] = await throughSharedStatement(t.ctx.pool, 'users_', [
        { organizationId: demo(), run: () => get(url, pa) },
        { organizationId: nord(), run: () => get(`${url}&organizationId=${nord()}`, sa) },
        { organizationId: demo(), run: () => get(url, pa) },
      ]);
      expect(orgsOf(mine)).toEqual([demo()]);
      expect(orgsOf(theirs)).toEqual([nord()]);
      expect(again).toEqual(mine);
      expect(mine.total).toBeGreaterThan(theirs.total);
    }
    const first = await get('/api/users?pageSize=2', pa);
    const [next, nordNext] = await throughSharedStatement(t.ctx.pool, 'users_page_', [
      { organizationId: demo(), run: () => get(`/api/users?pageSize=2&cursor=${first.nextCursor}`, pa) },
      { organizationId: nord(), run: () => get(`/api/users?pageSize=2&organizationId=${nord()}&cursor=${first.nextCursor}`, sa) },
    ]);
    expect(orgsOf(next)).toEqual([demo()]);
    expect(next.data.map((u: { idUser: string }) => u.idUser)).toEqual((await get('/api/users?pageSize=2&page=2', pa)).data.map((u: { idUser: string }) => u.idUser));
    // Nord's page after Démo's cursor: only Nord's accounts, whatever the cursor names.
    expect(nordNext.data.every((u: { idOrganization: string }) => u.idOrganization === nord())).toBe(true);
  });
});

describe('the access log of a patient’s file (issue 31)', () => {
  it('reads each patient’s log through the same prepared statement, the names of the patient’s organisation only, each read journalled', async () => {
    const [zoe, mathilde] = await Promise.all([patientNamed('Zoé Laurent'), patientNamed('Mathilde Renaud')]);
    // Something in each log: their practitioners open the files.
    await get(`/api/patients/${mathilde}`, pr2);
    await get(`/api/patients/${zoe}`, pa);
    await get(`/api/patients/${zoe}`, pr);
    const log = (id: string, q = 'limit=50') => async () => (await get(`/api/patients/${id}/access-log?${q}`, sa)).data;
    const [mine, theirs, again] = await throughSharedStatement(t.ctx.pool, 'access_log_', [
      { organizationId: demo(), run: log(zoe) },
      { organizationId: nord(), run: log(mathilde) },
      { organizationId: demo(), run: log(zoe) },
    ]);
    const patientsOf = async (items: { id: number }[]) =>
      (await t.ctx.pool.query<{ p: string }>(`select distinct patient_id::text as p from audit_events where id = any($1::bigint[])`, [items.map((i) => i.id)])).rows.map((r) => r.p);
    expect(await patientsOf(mine.items)).toEqual([zoe]);
    expect(await patientsOf(theirs.items)).toEqual([mathilde]);
    expect(again.items).toEqual(mine.items);
    expect(JSON.stringify(theirs.items)).toContain('Fournier');
    expect(JSON.stringify(mine.items)).not.toContain('Fournier');
    expect(await lastJournal('records.access_log.read', 3)).toEqual([zoe, mathilde, zoe].map((p) => [sa.id, sa.idOrganization ?? null, p]));
    // The next page after a cursor: the same kind of statement, still the patient's own rows.
    const cursor = (await log(zoe, 'limit=1')()).nextCursor;
    const [next] = await throughSharedStatement(t.ctx.pool, 'access_log_', [
      { organizationId: demo(), run: log(zoe, `limit=1&cursor=${cursor}`) },
      { organizationId: nord(), run: log(mathilde, `limit=1&cursor=${cursor}`) },
    ]);
    expect(next.items[0].id).toBe(mine.items[1].id);
  });
});

describe('the chat contacts (issue 31)', () => {
  it('lists each practitioner’s contacts through the same prepared statements, only their own organisation', async () => {
    const contacts = (s: Session) => async () => ((await get('/api/chat/contacts', s)) as { id: string }[]).map((c) => c.id);
    const orgsOf = async (ids: string[]) => (await t.ctx.pool.query<{ o: string }>(`select distinct organization_id::text as o from users where id = any($1::uuid[])`, [ids])).rows.map((r) => r.o);
    // A colleague for Centre Santé Nord's practitioner (its only staff account in the demo).
    const colleague = { firstName: 'Paul', lastName: 'Nord', username: 'pnord', email: 'paul.nord@exemple.fr', role: 'PR', job: 'Médecin', idJobSpecialist: 1, phoneNumber: '06 12 34 56 70', idOrganization: nord() };
    expect((await t.app.inject({ method: 'POST', url: '/api/users', headers: sa.auth, payload: colleague })).statusCode).toBe(201);
    for (const prefix of ['chat_users_', 'chat_conversations_']) {
      const [mine, theirs, again] = await throughSharedStatement(t.ctx.pool, prefix, [
        { organizationId: demo(), run: contacts(pr) },
        { organizationId: nord(), run: contacts(pr2) },
        { organizationId: demo(), run: contacts(pr) },
      ]);
      expect(await orgsOf(mine)).toEqual([demo()]);
      expect(mine.length).toBeGreaterThan(1);
      expect(await orgsOf(theirs)).toEqual([nord()]);
      expect(again).toEqual(mine);
    }
  });
});

/**
 * Inserts a confirmed appointment in the first half hour of the window that the practitioner's
 * agenda leaves free, so the test never meets the demo appointments (appointments_no_overlap)
 * whatever the day or the hour of the run. 'today' is the organisation's calendar day in its own
 * zone, as the dashboard reads it; 'coming' runs from the next full hour over two days.
 */
async function appointmentInFreeSlot(org: string, practitioner: string, patient: string, title: string, window: 'today' | 'coming'): Promise<string> {
  const bounds = {
    today: `select (now() at time zone tz)::date::timestamp at time zone tz as lo, ((now() at time zone tz)::date + 1)::timestamp at time zone tz as hi
              from (select coalesce((select settings->>'timeZone' from organisations where id = $1), 'Europe/Paris') as tz) z`,
    coming: `select date_trunc('hour', now()) + interval '1 hour' as lo, now() + interval '2 days' as hi`,
  }[window];
  const { rows } = await t.ctx.pool.query<{ id: string }>(
    `with w as (${bounds})
     insert into appointments (organization_id, practitioner_id, patient_id, title, starts_at, ends_at, status, created_at)
     select $1, $2, $3, $4, s, s + interval '30 minutes', 'confirmé', now() - interval '3 days'
       from w, generate_series(w.lo, w.hi - interval '30 minutes', interval '30 minutes') s
      where not exists (select 1 from appointments a where a.practitioner_id = $2 and a.status <> 'annulé'
                          and tstzrange(a.starts_at, a.ends_at, '[)') && tstzrange(s, s + interval '30 minutes', '[)'))
      order by s limit 1
     returning id`,
    [org, practitioner, patient, title],
  );
  expect(rows, `a free half hour for ${title}`).toHaveLength(1);
  return rows[0].id;
}

describe('the dashboards (issue 31)', () => {
  it('reads each practitioner’s day through the same prepared statement, only their own organisation’s patients, each named patient journalled', async () => {
    const [zoe, mathilde] = await Promise.all([patientNamed('Zoé Laurent'), patientNamed('Mathilde Renaud')]);
    // An appointment today for each (the database's clock: "today" is the database's day in the organisation's zone).
    for (const [org, practitioner, patient] of [[demo(), pr.id, zoe], [nord(), pr2.id, mathilde]]) await appointmentInFreeSlot(org, practitioner, patient, 'Suivi', 'today');
    const day = (s: Session) => async () => (await get('/api/dashboard', s)).data.practitioner as { today: { idPatient: string | null }[]; followUp: { idPatient: string }[] };
    const [mine, theirs, again] = await throughSharedStatement(t.ctx.pool, 'dashboard_practitioner_', [
      { organizationId: demo(), run: day(pr) },
      { organizationId: nord(), run: day(pr2) },
      { organizationId: demo(), run: day(pr) },
    ]);
    const named = (d: typeof mine) => [...new Set([...d.today, ...d.followUp].map((x) => x.idPatient).filter((id): id is string => id != null))];
    const orgsOf = async (ids: string[]) => (await t.ctx.pool.query<{ o: string }>(`select distinct organization_id::text as o from patients where id = any($1::uuid[])`, [ids])).rows.map((r) => r.o);
    expect(named(mine)).toContain(zoe);
    expect(await orgsOf(named(mine))).toEqual([demo()]);
    expect(named(theirs)).toEqual([mathilde]);
    expect(again).toEqual(mine);
    // Every patient named is journalled for its reader, as before.
    const journalled = (await lastJournal('dashboard.read', named(mine).length * 2 + 1)).map(([u, o, p]) => `${u} ${o} ${p}`);
    expect(journalled).toContain(`${pr2.id} ${nord()} ${mathilde}`);
    for (const id of named(mine)) expect(journalled.filter((j) => j === `${pr.id} ${demo()} ${id}`)).toHaveLength(2);
  });

  it('reads the administration and the patient’s sections through prepared statements holding neither organisation nor patient', async () => {
    const [pt, lucas] = await Promise.all([t.login('pt'), patientNamed('Lucas Bernard')]);
    const sent = await preparedSent(t.ctx.pool, 'dashboard_', async () => {
      expect((await get('/api/dashboard', pa)).data.administration.users.active).toBeGreaterThan(0);
      expect((await get('/api/dashboard', pt)).data.patient).toBeDefined();
    });
    expect(sent.map((q) => q.name).sort()).toEqual(['dashboard_administration_org_refusals', 'dashboard_patient_org_one_live', 'dashboard_practitioner_org']);
    for (const q of sent) {
      expect(q.text).not.toContain(demo());
      expect(q.text).not.toContain(lucas);
      expect(q.values).toContain(demo());
    }
    expect(sent.find((q) => q.name.startsWith('dashboard_patient_'))!.values).toContain(lucas);
  });
});

describe('the statistics (issue 31)', () => {
  it('counts each organisation through the same prepared statement, its own practitioners only, each read journalled', async () => {
    // The last 365 days of the practice's calendar, not period=year: the demo's consultations (10 to
    // 120 days back) are always in them, whereas from 1 to about 10 January the calendar year has none.
    const today = todayIn(DEFAULT_TIME_ZONE, t.clock.now());
    const period = `period=custom&from=${addDays(today, -364)}&to=${today}`;
    const stats = (s: Session) => async () => (await get(`/api/statistics?${period}`, s)).data as { organizationId: string; activity: { byPractitioner: { idUser: string }[] } };
    const [mine, theirs, again] = await throughSharedStatement(t.ctx.pool, 'statistics_counters_', [
      { organizationId: demo(), run: stats(pa) },
      { organizationId: nord(), run: stats(pr2) },
      { organizationId: demo(), run: stats(pa) },
    ]);
    const orgsOf = async (ids: string[]) => (await t.ctx.pool.query<{ o: string }>(`select distinct organization_id::text as o from users where id = any($1::uuid[])`, [ids])).rows.map((r) => r.o);
    expect([mine.organizationId, theirs.organizationId]).toEqual([demo(), nord()]);
    expect(mine.activity.byPractitioner.length).toBeGreaterThan(0);
    expect(theirs.activity.byPractitioner.length, 'Nord’s own practitioners (else the check below is empty)').toBeGreaterThan(0);
    expect(await orgsOf(mine.activity.byPractitioner.map((p) => p.idUser))).toEqual([demo()]);
    expect(await orgsOf(theirs.activity.byPractitioner.map((p) => p.idUser))).not.toContain(demo());
    expect(again).toEqual(mine);
    expect((await lastJournal('statistics.read', 3)).map(([u, o]) => [u, o])).toEqual([[pa.id, demo()], [pr2.id, nord()], [pa.id, demo()]]);
  });
});

describe('the agenda’s period (issue 31)', () => {
  it('reads each practitioner’s week through the same prepared statement, only their organisation’s appointments, each read journalled', async () => {
    const [zoe, mathilde] = await Promise.all([patientNamed('Zoé Laurent'), patientNamed('Mathilde Renaud')]);
    const ids: string[] = [];
    for (const [org, practitioner, patient] of [[demo(), pr.id, zoe], [nord(), pr2.id, mathilde]]) {
      ids.push(await appointmentInFreeSlot(org, practitioner, patient, 'Semaine', 'coming'));
    }
    const range = `from=${new Date(Date.now() - 3 * 86_400_000).toISOString()}&to=${new Date(Date.now() + 3 * 86_400_000).toISOString()}`;
    const week = (s: Session) => async () => ((await get(`/api/agenda/appointments?${range}`, s)).data.appointments as { id: string }[]).map((a) => a.id);
    const [mine, theirs, again] = await throughSharedStatement(t.ctx.pool, 'agenda_period_', [
      { organizationId: demo(), run: week(pr) },
      { organizationId: nord(), run: week(pr2) },
      { organizationId: demo(), run: week(pr) },
    ]);
    const orgsOf = async (list: string[]) => (await t.ctx.pool.query<{ o: string }>(`select distinct organization_id::text as o from appointments where id = any($1::uuid[])`, [list])).rows.map((r) => r.o);
    expect(mine).toContain(ids[0]);
    expect(theirs).toContain(ids[1]);
    expect(await orgsOf(mine)).toEqual([demo()]);
    expect(await orgsOf(theirs)).toEqual([nord()]);
    expect(again).toEqual(mine);
    expect((await lastJournal('appointment.list', 3)).map(([u, o]) => [u, o])).toEqual([[pr.id, demo()], [pr2.id, nord()], [pr.id, demo()]]);
  });
});
