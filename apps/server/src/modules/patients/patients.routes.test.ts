import { eq } from 'drizzle-orm';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { consultations, patients, users } from '../../db/tables.ts';
import type { Session, TestApp } from '../../../test/helpers.ts';
import { preparedSent, queriesSent } from '../../../test/prepared.ts';
import { replannedOf } from '../../db/client.ts';
import { usePatientsApp } from './patients.test-kit.ts';

// The patient list (/patients/list, the SPEC §7 list of the panel), creation and the one search.

const { k, get, addConsultation, statementsOf } = usePatientsApp();
let t: TestApp, pr: Session, pt: Session, pr2: Session, sa: Session, ids: Record<string, string>;
beforeAll(() => void ({ t, pr, pt, pr2, sa, ids } = k.app));

describe('GET /api/patients (the list)', () => {
  it('pages the organisation’s live patients sorted by name, with the total', async () => {
    const first = await get('/api/patients?page=1&pageSize=5', pr);
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body.total).toBe(12);
    expect(body.data.map((p: { FullName: string }) => p.FullName)).toEqual(['Anaïs Chevalier', 'Benoît Mercier', 'Céline Faure', 'Étienne Rousseau', 'François Dupont']);
    const last = (await get('/api/patients?page=3&pageSize=5', pr)).json();
    expect(last.data.map((p: { FullName: string }) => p.FullName)).toEqual(['Noël Perrin', 'Zoé Laurent']);
    // Nobody from Centre Santé Nord in Cabinet Démo's list.
    const all = (await get('/api/patients?pageSize=100', pr)).json();
    expect(all.data.some((p: { FullName: string }) => p.FullName === 'Mathilde Renaud')).toBe(false);
  });

  it('follows nextCursor (keyset paging) through every sort, the same rows as the page numbers, nothing twice', async () => {
    for (const [sort, order] of [['name', 'asc'], ['name', 'desc'], ['lastConsultation', 'desc'], ['lastConsultation', 'asc'], ['birthDate', 'desc'], ['birthDate', 'asc'], ['consultations', 'desc']]) {
      const all = (await get(`/api/patients?pageSize=100&sort=${sort}&order=${order}`, pr)).json();
      expect(all.nextCursor).toBeNull();
      expect(all.totalCapped).toBe(false);
      const seen: string[] = [];
      let cursor: string | null = null;
      for (let i = 0; i < 10; i++) {
        const page: { data: { idPatient: string }[]; nextCursor: string | null } = (await get(`/api/patients?pageSize=5&sort=${sort}&order=${order}${cursor ? `&cursor=${cursor}` : ''}`, pr)).json();
        seen.push(...page.data.map((p: { idPatient: string }) => p.idPatient));
        cursor = page.nextCursor;
        if (!cursor) break;
      }
      expect(seen, `${sort} ${order}`).toEqual(all.data.map((p: { idPatient: string }) => p.idPatient));
    }
    // A cursor of another ordering, or a forged one, is refused in French.
    const first = (await get('/api/patients?pageSize=5', pr)).json();
    const other = await get(`/api/patients?pageSize=5&sort=birthDate&cursor=${first.nextCursor}`, pr);
    expect(other.statusCode).toBe(400);
    expect(other.json().error.message).toBe('Curseur de pagination invalide : rechargez la liste.');
    expect((await get('/api/patients?cursor=abc', pr)).statusCode).toBe(400);
  });

  it('refuses a page picked by number past the 10,000th row in French, reading and journalling nothing (issue 31: no deep OFFSET)', async () => {
    const journalled = async () => (await t.ctx.pool.query<{ n: number }>(`select count(*)::int as n from audit_events where action = 'patient.list'`)).rows[0].n;
    // Up to the bound a page by number still answers (here empty, with the total).
    const edge = await get('/api/patients?page=201&pageSize=50', pr);
    expect(edge.statusCode).toBe(200);
    expect(edge.json()).toMatchObject({ data: [], total: 12, page: 201, nextCursor: null });
    const before = await journalled();
    for (const url of ['/api/patients?page=202&pageSize=50', '/api/patients?page=10002&pageSize=1&sort=birthDate']) {
      const deep = await get(url, pr);
      expect(deep.statusCode, url).toBe(400);
      expect(deep.json().error.message).toBe('Page trop lointaine : au-delà de la 10 000e ligne, avancez page après page (curseur « nextCursor » de la page précédente) ou affinez la recherche.');
    }
    const panel = await t.app.inject({ method: 'POST', url: '/api/patient', headers: pr.auth, payload: { action: 'list', Iduser: pr.id, pageSize: 50, page: 202 } });
    expect(panel.statusCode).toBe(400);
    expect(panel.json().error.message).toMatch(/^Page trop lointaine/);
    expect(await journalled()).toBe(before);
    // The same deep position by cursor is never refused.
    const first = (await get('/api/patients?pageSize=5', pr)).json();
    expect((await get(`/api/patients?pageSize=5&cursor=${first.nextCursor}`, pr)).statusCode).toBe(200);
  });

  it('gives the SPEC §7 list (POST /api/patient) the same cursor, its fields unchanged', async () => {
    const list = (body: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/patient', headers: pr.auth, payload: { action: 'list', Iduser: pr.id, ...body } });
    const first = (await list({ pageSize: 5 })).json();
    expect(Object.keys(first).sort()).toEqual(['data', 'nextCursor', 'page', 'pageSize', 'success', 'total', 'totalCapped']);
    expect(first.total).toBe(12);
    const second = (await list({ pageSize: 5, cursor: first.nextCursor })).json();
    const byPage = (await list({ pageSize: 5, page: 2 })).json();
    expect(second.data).toEqual(byPage.data);
  });

  it('sorts by number of consultations and by last consultation date', async () => {
    const byCount = (await get('/api/patients?sort=consultations&order=desc&pageSize=3', pr)).json();
    expect(byCount.data.map((p: { FullName: string; consultationCount: number }) => [p.FullName, p.consultationCount])).toEqual([
      ['Lucas Bernard', 4], // three medical consultations and the demo dietitian's
      ['Hélène Martin', 2],
      ['François Dupont', 1],
    ]);
    const byLast = (await get('/api/patients?sort=lastConsultation&order=desc&pageSize=2', pr)).json();
    expect(byLast.data.map((p: { FullName: string }) => p.FullName)).toEqual(['Lucas Bernard', 'Hélène Martin']);
    expect(byLast.data[0].lastConsultationAt).not.toBeNull();
    // Patients never seen come last, whatever the direction.
    const asc = (await get('/api/patients?sort=lastConsultation&order=asc&pageSize=100', pr)).json();
    expect(asc.data[0].FullName).toBe('François Dupont');
    expect(asc.data.at(-1).lastConsultationAt).toBeNull();
  });

  it('keeps the last consultation and the count right when consultations are added, moved or archived', async () => {
    const row = async () => (await get('/api/patients?q=anais', pr)).json().data[0];
    expect(await row()).toMatchObject({ consultationCount: 0, lastConsultationAt: null });
    const older = await addConsultation('Anaïs Chevalier', 50);
    const newer = await addConsultation('Anaïs Chevalier', 5);
    expect((await row()).consultationCount).toBe(2);
    expect((await row()).lastConsultationAt).toBe(new Date(t.clock.now() - 5 * 86_400_000).toISOString());
    // An archived consultation no longer counts (nothing deleted).
    await t.ctx.db.update(consultations).set({ archivedAt: new Date() }).where(eq(consultations.id, newer));
    expect(await row()).toMatchObject({ consultationCount: 1, lastConsultationAt: new Date(t.clock.now() - 50 * 86_400_000).toISOString() });
    await t.ctx.db.update(consultations).set({ archivedAt: new Date() }).where(eq(consultations.id, older));
    expect(await row()).toMatchObject({ consultationCount: 0, lastConsultationAt: null });
  });

  it('finds patients by name with or without accents, by phone and by email', async () => {
    const names = async (q: string) => (await get(`/api/patients?q=${encodeURIComponent(q)}`, pr)).json().data.map((p: { FullName: string }) => p.FullName);
    expect(await names('helene')).toEqual(['Hélène Martin']);
    expect(await names('HÉLÈNE mar')).toEqual(['Hélène Martin']);
    expect(await names('martin helene')).toEqual(['Hélène Martin']);
    expect(await names('gaelle')).toEqual(['Gaëlle Robin']);
    expect(await names('06 23 45')).toEqual(['Hélène Martin']);
    expect(await names('+33 6 23 45 67 89')).toEqual(['Hélène Martin']);
    expect(await names('zoe.laurent@exemple')).toEqual(['Zoé Laurent']);
    expect(await names('inconnu')).toEqual([]);
    // A wildcard typed by the user is a character, not a pattern.
    expect(await names('%')).toEqual([]);
  });

  it('exports the current selection as CSV for practitioners, not for patients', async () => {
    const res = await get('/api/patients/export?q=lyon', pr);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const csv = (await get('/api/patients/export?q=helene', pr)).body;
    const lines = csv.replace('\uFEFF', '').trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toBe('"Nom";"Téléphone";"Adresse Email";"Date de naissance";"Dernière consultation";"Consultations"');
    expect(lines[1]).toMatch(/^"Hélène Martin";"06 23 45 67 89";"helene.martin@exemple.fr";"30\/09\/1975";"\d\d\/\d\d\/\d{4}";"2"$/);
    expect((await get('/api/patients/export', pt)).statusCode).toBe(403);
  });

  it('gives a patient user only their own entry and refuses roles outside dps', async () => {
    const body = (await get('/api/patients', pt)).json();
    expect(body.data.map((p: { FullName: string }) => p.FullName)).toEqual(['Lucas Bernard']);
    const us = await t.login('us');
    expect((await get('/api/patients', us)).statusCode).toBe(403);
    // Another organisation's list: SA is platform-wide, a practitioner is refused.
    const nord = (await get(`/api/patients?idOrganization=${pr2.idOrganization}`, sa)).json();
    expect(nord.data.map((p: { FullName: string }) => p.FullName)).toContain('Mathilde Renaud');
    expect((await get(`/api/patients?idOrganization=${pr2.idOrganization}`, pr)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/patients' })).statusCode).toBe(401);
  });
});

describe('POST /api/patients', () => {
  it('creates a patient with the panel’s duplicate rules and messages', async () => {
    const create = (payload: object, s = pr) => t.app.inject({ method: 'POST', url: '/api/patients', headers: s.auth, payload });
    const ok = await create({ FullName: 'Agnès Varda', PhoneNumber: '06 10 20 30 40', Email: 'agnes.varda@exemple.fr' });
    expect(ok.statusCode).toBe(201);
    ids['Agnès Varda'] = ok.json().idPatient;
    const sameName = await create({ FullName: 'agnes varda', PhoneNumber: '06 10 20 30 41', Email: 'a@exemple.fr' });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().error.message).toBe('Un patient avec ce nom existe déja');
    const samePhone = await create({ FullName: 'Autre Nom', PhoneNumber: '+33 6 10 20 30 40', Email: 'b@exemple.fr' });
    expect(samePhone.json().error.message).toBe('Un patient avec ce numéro de téléphone existe déja');
    expect((await create({ FullName: 'X', PhoneNumber: '06 10 20 30 49', Email: 'x@exemple.fr' }, sa)).statusCode).toBe(403);
  });

  it('answers the patients’ 404 to a practitioner account without organisation, and creates nothing', async () => {
    // The one rule of every area: no organisation, no rows; the same answer as another organisation's.
    const [pg] = await t.ctx.db.update(users).set({ organizationId: null }).where(eq(users.username, 'pg')).returning({ id: users.id });
    try {
      const alone = await t.login('pg');
      const created = await t.app.inject({ method: 'POST', url: '/api/patients', headers: alone.auth, payload: { FullName: 'Sans Cabinet', PhoneNumber: '06 10 20 30 77', Email: 'sans@exemple.fr' } });
      expect(created.statusCode).toBe(404);
      expect(created.json().error.message).toBe('Patient introuvable.');
      const list = await get('/api/patients', alone);
      expect(list.statusCode).toBe(404);
      expect(list.json().error.message).toBe('Patient introuvable.');
      expect(await t.ctx.db.select().from(patients).where(eq(patients.fullName, 'Sans Cabinet'))).toEqual([]);
    } finally {
      await t.ctx.db.update(users).set({ organizationId: pr.idOrganization }).where(eq(users.id, pg.id));
    }
  });
});


describe('one search for the list page and the panel', () => {
  const panel = async (q: string) =>
    (await t.app.inject({ method: 'POST', url: '/api/patient', headers: pr.auth, payload: { action: 'list', Iduser: pr.id, idOrganization: pr.idOrganization, q } })).json().data.map((p: { FullName: string }) => p.FullName);
  const page = async (q: string) => (await get(`/api/patients?q=${encodeURIComponent(q)}`, pr)).json().data.map((p: { FullName: string }) => p.FullName);

  it('matches every word, in any order, without accents, and a phone in national or +33 form, the same on both', async () => {
    for (const q of ['martin helene', 'Hélène MARTIN', 'helene', '06 23 45 67 89', '+33 6 23 45 67 89', '0623456789', '+33623456789']) {
      expect(await page(q), `list: ${q}`).toEqual(['Hélène Martin']);
      expect(await panel(q), `panel: ${q}`).toEqual(['Hélène Martin']);
    }
    // Every word must match: a second word that does not narrows to nobody.
    expect(await page('martin zzz')).toEqual([]);
    expect(await panel('martin zzz')).toEqual([]);
  });
});

describe('one round trip for a list read (issue 31)', () => {
  const journalled = async () => (await t.ctx.pool.query<{ n: number }>(`select count(*)::int as n from audit_events where action = 'patient.list' and user_id = $1`, [pr.id])).rows[0].n;

  it('reads the page, its total and writes its journal row in one statement, on both lists', async () => {
    // The sign-in lookup is cached from here on; earlier tests of the file may have added patients.
    const { total } = (await get('/api/patients?pageSize=5', pr)).json();
    const before = await journalled();
    let res: Awaited<ReturnType<typeof get>> | undefined;
    const sent = await statementsOf(async () => (res = await get('/api/patients?page=2&pageSize=5&q=e', pr)));
    expect(res!.statusCode).toBe(200);
    expect(sent).toHaveLength(1);
    expect(await journalled()).toBe(before + 1);
    const [row] = (await t.ctx.pool.query(`select user_id, role, organization_id, record_type, outcome, details from audit_events where action = 'patient.list' order by id desc limit 1`)).rows;
    // The fields recordAudit writes, the count being the rows answered.
    expect(row).toEqual({ user_id: pr.id, role: 'PR', organization_id: pr.idOrganization, record_type: 'patient', outcome: 'success', details: { count: res!.json().data.length, page: 2, search: true, archived: false } });

    const panel = () => t.app.inject({ method: 'POST', url: '/api/patient', headers: pr.auth, payload: { action: 'list', Iduser: pr.id, idOrganization: pr.idOrganization, pageSize: 3 } });
    let answer: Awaited<ReturnType<typeof panel>> | undefined;
    expect(await statementsOf(async () => (answer = await panel()))).toHaveLength(1);
    expect(answer!.json()).toMatchObject({ success: true, total, totalCapped: false });
    expect(answer!.json().data).toHaveLength(3);
    expect(await journalled()).toBe(before + 2);
  });

  it('runs the list as one prepared statement shared by every organisation, each seeing only its own patients and journal row', async () => {
    const pool = t.ctx.pool;
    const names = async (session: Session) => ((await get('/api/patients?pageSize=100', session)).json().data as { idPatient: string }[]).map((p) => p.idPatient);
    const seen: Record<string, string[]> = {};
    const sent = await preparedSent(pool, 'patients_page_', async () => {
      seen.pr = await names(pr);
      seen.pr2 = await names(pr2);
      seen.again = await names(pr);
    });
    const orgOf = async (ids: string[]) => (await pool.query<{ o: string }>(`select distinct organization_id::text as o from patients where id = any($1::uuid[])`, [ids])).rows.map((r) => r.o);
    expect(pr2.idOrganization).not.toBe(pr.idOrganization);
    expect(await orgOf(seen.pr)).toEqual([pr.idOrganization]);
    expect(await orgOf(seen.pr2)).toEqual([pr2.idOrganization]);
    expect(seen.again).toEqual(seen.pr);
    // The same statement each time, its organisation a parameter of the call, never written in it.
    expect(sent).toHaveLength(3);
    expect(new Set(sent.map((q) => q.name)).size).toBe(1);
    expect(new Set(sent.map((q) => q.text)).size).toBe(1);
    expect(sent[0].text).not.toContain(pr.idOrganization);
    expect(sent[1].text).not.toContain(pr2.idOrganization);
    expect(sent[1].values).toContain(pr2.idOrganization);
    expect(sent[1].values).not.toContain(pr.idOrganization);
    const journal = (await pool.query(`select user_id, organization_id from audit_events where action = 'patient.list' order by id desc limit 3`)).rows;
    expect(journal).toEqual([pr, pr2, pr].map((c) => ({ user_id: c.id, organization_id: c.idOrganization })));
  });

  it('plans the list’s pages once: PostgreSQL keeps a generic plan of the prepared statement instead of planning each request again', async () => {
    // Planning the statement cost as much PostgreSQL CPU as running it (docs/scaling.md): at a
    // practice's size its generic plan with `LIMIT $n` looked dear, so every execution got a custom
    // plan of its own. Checked on a session of its own, two practices grown to 5,000 patients each
    // and analysed inside a transaction rolled back afterwards.
    // The first pages and the pages after a cursor; a page picked by number keeps its OFFSET a parameter (planned each time).
    const { nextCursor } = (await get('/api/patients?pageSize=5', pr)).json();
    const urls = ['/api/patients?pageSize=25', '/api/patients?sort=lastConsultation&order=desc&pageSize=25', `/api/patients?pageSize=25&cursor=${nextCursor}`];
    const sent = await preparedSent(t.ctx.pool, 'patients_page_', async () => {
      for (const url of urls) expect((await get(url, pr)).statusCode).toBe(200);
    });
    expect(sent).toHaveLength(urls.length);
    const client = new pg.Client(t.ctx.pool.options);
    await client.connect();
    try {
      await client.query('begin');
      await client.query(
        `insert into patients (organization_id, full_name, name_key, phone_number, phone_key, email, search_key)
         select organization_id, full_name || g, name_key || g, phone_number, phone_key || g, email, search_key || g
         from patients, generate_series(1, 5000) g where id in (select distinct on (organization_id) id from patients where organization_id in ($1, $2))`,
        [pr.idOrganization, pr2.idOrganization],
      );
      await client.query('analyze patients');
      const plans = [];
      for (const statement of sent) {
        // PostgreSQL weighs its generic plan against the first five custom ones, then keeps the cheaper.
        for (let i = 0; i < 7; i++) await client.query({ name: statement.name, text: statement.text, values: statement.values });
        plans.push((await client.query(`select name, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name = $1`, [statement.name])).rows[0]);
      }
      expect(plans).toEqual(sent.map((q) => ({ name: q.name, generic: 2, custom: 5 })));
    } finally {
      await client.query('rollback');
      await client.end();
    }
  });

  it('builds a search’s statement once per shape and names it on sessions that plan each execution for its words', async () => {
    // Drizzle built the whole statement again for every search (a third of its Node CPU, issue 31);
    // sent unnamed, PostgreSQL parsed its text each time. Named on an ordinary session, it would take
    // a generic plan after five executions, which serves « e » as it serves « dumas » (17–29 ms
    // instead of 0.3 ms): its sessions plan every execution (plan_cache_mode, db/client.ts).
    const other = replannedOf(t.ctx.db)!;
    const isSearch = (config: unknown) => (typeof config === 'object' && config && /search_key/.test((config as { text: string }).text) ? (config as { name?: string; text: string }) : undefined);
    expect(await queriesSent(t.ctx.pool, isSearch, async () => void (await get('/api/patients?q=helene&pageSize=25', pr)))).toEqual([]);
    const sent = await queriesSent(other.pool, isSearch, async () => {
      for (const q of ['helene', 'martin', 'e']) expect((await get(`/api/patients?q=${q}&pageSize=25`, pr)).statusCode).toBe(200);
    });
    expect(sent).toHaveLength(3);
    expect(new Set(sent).size).toBe(1);
    expect(sent[0].name).toMatch(/^patients_page_.*_q1_0$/);
    // One request at a time: the pool hands the same session back each time (its last released).
    const plans = async () =>
      (await other.pool.query(`select current_setting('plan_cache_mode') as mode, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements where name = $1`, [sent[0].name])).rows[0];
    const before = await plans();
    // Past the five executions after which PostgreSQL would otherwise weigh a generic plan.
    for (let i = 0; i < 7; i++) expect((await get('/api/patients?q=e&pageSize=25', pr)).statusCode).toBe(200);
    expect(await plans()).toEqual({ mode: 'force_custom_plan', generic: 0, custom: before.custom + 7 });
  });

  it('answers the total of an empty page, and its journal row says 0 rows', async () => {
    const { total } = (await get('/api/patients?pageSize=5', pr)).json();
    const body = (await get('/api/patients?page=9&pageSize=5', pr)).json();
    expect(body).toMatchObject({ data: [], total, nextCursor: null });
    expect(total).toBeGreaterThan(0);
    const [row] = (await t.ctx.pool.query(`select details from audit_events where action = 'patient.list' order by id desc limit 1`)).rows;
    expect(row.details).toEqual({ count: 0, page: 9, search: false, archived: false });
  });

  it('answers an error and no patient when the journal row cannot be written (no unjournalled read)', async () => {
    await t.ctx.pool.query(`create function refuse_list_journal() returns trigger language plpgsql as $$ begin raise exception 'journal indisponible'; end $$`);
    await t.ctx.pool.query(`create trigger refuse_list_journal before insert on audit_events for each row when (new.action = 'patient.list') execute function refuse_list_journal()`);
    try {
      const before = await journalled();
      const res = await get('/api/patients?pageSize=5', pr);
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toMatch(/Anaïs|Chevalier|idPatient/);
      const panel = await t.app.inject({ method: 'POST', url: '/api/patient', headers: pr.auth, payload: { action: 'list', Iduser: pr.id, idOrganization: pr.idOrganization } });
      expect(panel.statusCode).toBe(500);
      expect(panel.body).not.toMatch(/Anaïs|Chevalier|idPatient/);
      expect(await journalled()).toBe(before);
    } finally {
      await t.ctx.pool.query(`drop trigger refuse_list_journal on audit_events; drop function refuse_list_journal()`);
    }
    expect((await get('/api/patients?pageSize=5', pr)).statusCode).toBe(200);
  });
});
