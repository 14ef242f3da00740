import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TIME_ZONE } from '@wellbe/shared/domain/dates';
import { localParts } from '@wellbe/shared/domain/zoned';
import { createTestApp, walkCursor, type Session, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let sa: Session;
let pa: Session;
let pr2: Session;
let helene: string;
let mathilde: string;

const journal = (session: Session, query = '') => t.app.inject({ method: 'GET', url: `/api/admin/journal${query}`, headers: session.auth });

async function patientId(session: Session, name: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/patient', headers: session.auth, payload: { action: 'list', Iduser: session.id, idOrganization: session.idOrganization } });
  return res.json().data.find((p: { FullName: string }) => p.FullName === name).idPatient;
}

beforeAll(async () => {
  t = await createTestApp();
  sa = await t.login('sa');
  pa = await t.login('pa');
  pr2 = await t.login('pr2');
  // Patient lists are journalled reads; each organisation gets its own events.
  helene = await patientId(pa, 'Hélène Martin');
  mathilde = await patientId(pr2, 'Mathilde Renaud');
  // Journalled reads of one patient in each organisation: inviting the patient reads their file.
  await t.app.inject({ method: 'POST', url: '/api/users/invite-patient', headers: pa.auth, payload: { idPatient: helene } });
  await t.app.inject({ method: 'POST', url: '/api/users/invite-patient', headers: pr2.auth, payload: { idPatient: mathilde } });
  await t.app.inject({ method: 'POST', url: '/api/users/invite-patient', headers: pa.auth, payload: { idPatient: mathilde } });
  // A refused attempt from the other organisation on a file of Cabinet Démo.
  await t.app.inject({ method: 'GET', url: `/api/patients/${helene}`, headers: pr2.auth });
});
afterAll(async () => {
  await t.close();
});

describe('GET /api/admin/journal', () => {
  it('refuses an impossible day with 400 and a French message, not a 500', async () => {
    const sa = await t.login('sa');
    for (const query of ['?from=2026-13-45', '?to=2026-02-30', '?from=zz']) {
      const res = await journal(sa, query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error.message, query).toBe('Date attendue au format AAAA-MM-JJ.');
    }
  });

  it('is refused to the roles outside SA, DE and PA, even those who may open /admin', async () => {
    for (const username of ['pg', 'pr', 'ad', 'rh', 'pt', 'us', 're']) {
      const s = await t.login(username);
      const res = await journal(s);
      expect(res.statusCode, username).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/journal' })).statusCode).toBe(401);
  });

  it('shows PA their own organisation only, plus what others tried on its patients', async () => {
    const res = await journal(pa, '?pageSize=200');
    expect(res.statusCode).toBe(200);
    const entries = res.json().data as { organizationId: string; patientId: string | null }[];
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.every((e) => e.organizationId === pa.idOrganization || e.patientId === helene)).toBe(true);
    expect(entries.some((e) => e.patientId === mathilde && e.organizationId === pr2.idOrganization)).toBe(false);
    // pr2 of the other organisation tried to open Hélène's file: her organisation sees it.
    const attempt = (await journal(pa, `?patientId=${helene}&outcome=denied`)).json().data;
    // Its patient is named; the user of the other organisation is not.
    expect(attempt[0]).toMatchObject({ userId: pr2.id, username: null, userName: 'hors de votre organisation', organizationId: pr2.idOrganization, patientName: 'Hélène Martin' });
    expect((await journal(pa, `?organizationId=${pr2.idOrganization}`)).statusCode).toBe(403);
  });

  it('shows SA every organisation, or one when filtered', async () => {
    const all = (await journal(sa, '?pageSize=200')).json().data as { organizationId: string }[];
    expect(new Set(all.map((e) => e.organizationId))).toEqual(new Set([sa.idOrganization, pr2.idOrganization]));
    const nord = (await journal(sa, `?organizationId=${pr2.idOrganization}&pageSize=200`)).json().data as { organizationId: string; patientId: string }[];
    expect(nord.length).toBeGreaterThan(0);
    // Its users' events, and events about its patients (Mathilde) whoever caused them.
    expect(nord.every((e) => e.organizationId === pr2.idOrganization || e.patientId === mathilde)).toBe(true);
    expect(nord.some((e) => e.organizationId === sa.idOrganization && e.patientId === mathilde)).toBe(true);
  });

  it('answers "who opened this file, and when" by patient, with the patient’s name', async () => {
    const res = await journal(pa, `?patientId=${helene}&user=pa`);
    const [entry] = res.json().data;
    expect(entry).toMatchObject({ patientId: helene, patientName: 'Hélène Martin', userName: 'Antoine Lefèvre', username: 'pa', action: 'user.invitation.send', outcome: 'success' });
    // Accent-free search on the name finds the same events.
    const byName = await journal(pa, '?patient=helene');
    expect(byName.json().data.map((e: { id: number }) => e.id)).toContain(entry.id);
  });

  it('filters by user, action, outcome and date range, paged', async () => {
    const denied = (await journal(pa, '?outcome=denied')).json();
    expect(denied.data.length).toBeGreaterThan(0);
    expect(denied.data.every((e: { outcome: string; patientName: string }) => e.outcome === 'denied')).toBe(true);
    // PA's refused attempt on the other organisation's patient: the id, never the name.
    const foreign = denied.data.filter((e: { patientId: string }) => e.patientId === mathilde);
    expect(foreign.length).toBeGreaterThan(0);
    expect(foreign.every((e: { patientName: string }) => e.patientName === 'hors de votre organisation')).toBe(true);
    expect(JSON.stringify(denied.data)).not.toContain('Mathilde');
    expect(JSON.stringify(denied.data)).not.toContain('Renaud');

    const byUser = (await journal(sa, '?user=lefèvre&pageSize=200')).json().data as { username: string }[];
    expect(byUser.length).toBeGreaterThan(0);
    expect(byUser.every((e) => e.username === 'pa')).toBe(true);

    const page1 = (await journal(sa, '?pageSize=1&page=1')).json();
    const page2 = (await journal(sa, '?pageSize=1&page=2')).json();
    expect(page1.total).toBeGreaterThan(1);
    expect(page1.data[0].id).not.toBe(page2.data[0].id);

    // The filter reads days in the organisation's time zone: near midnight UTC is already tomorrow.
    const today = localParts(new Date(t.clock.now()), DEFAULT_TIME_ZONE).day;
    expect((await journal(sa, `?from=${today}&to=${today}`)).json().total).toBe(page1.total);
    expect((await journal(sa, '?from=2001-01-01&to=2001-01-31')).json().total).toBe(0);
    const reversed = await journal(sa, '?from=2001-02-01&to=2001-01-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.message).toBe('La date de début doit précéder la date de fin.');
  });

  it('pages by cursor (issue 13): every row exactly once, newest first, filters and scope kept', async () => {
    const idOf = (e: { id: number }) => String(e.id);
    for (const [session, query] of [
      [pa, ''],
      [sa, ''],
      [sa, `&organizationId=${pr2.idOrganization}`],
      [pa, '&outcome=denied'],
    ] as const) {
      // Read first (the journal's own reads add no row), then walk: nothing is written in between.
      const all = (await journal(session, `?pageSize=200${query}`)).json();
      expect(all.nextCursor, query).toBeNull();
      const walked = await walkCursor(t.app, `/api/admin/journal?pageSize=2${query}`, session.auth, idOf);
      expect(walked.ids, query).toEqual(all.data.map(idOf));
      expect(new Set(walked.ids).size).toBe(walked.ids.length);
      expect(walked.first).toMatchObject({ total: all.data.length, totalCapped: false });
    }
    // PA's walk stays inside its organisation (plus the attempts on its patients).
    const mine = await walkCursor(t.app, '/api/admin/journal?pageSize=3', pa.auth, (e: { organizationId: string; patientId: string | null }) => `${e.organizationId}|${e.patientId}`);
    expect(mine.ids.every((k) => k.startsWith(`${pa.idOrganization}|`) || k.endsWith(`|${helene}`))).toBe(true);
    // A page by number answers what the cursor answered.
    const second = (await journal(pa, '?pageSize=2&page=2')).json();
    const walkedPa = await walkCursor(t.app, '/api/admin/journal?pageSize=2', pa.auth, idOf);
    expect(second.data.map(idOf)).toEqual(walkedPa.ids.slice(2, 4));
    expect((await journal(pa, '?cursor=abc')).statusCode).toBe(400);
  });

  it('holds the row of a read as soon as the read is answered', async () => {
    const pr = await t.login('pr');
    const read = await t.app.inject({ method: 'GET', url: `/api/patients/${helene}`, headers: pr.auth });
    expect(read.statusCode).toBe(200);
    const [entry] = (await journal(pa, `?patientId=${helene}&action=patient.file.read&outcome=success`)).json().data;
    expect(entry).toMatchObject({ userId: pr.id, action: 'patient.file.read', recordId: helene, outcome: 'success' });
  });

  it('exports the filtered view as CSV, and journals the export', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/admin/journal.csv?patientId=${helene}`, headers: pa.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="journal-acces-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('Date;Utilisateur;Identifiant;Rôle;Action;Type;Enregistrement;Patient;Adresse IP;Résultat');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((l) => l.includes('Hélène Martin'))).toBe(true);
    expect(lines.find((l) => l.includes(';pa;'))).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2};Antoine Lefèvre;pa;Praticien administrateur;user\.invitation\.send;/);
    const exported = (await journal(pa, '?action=journal.export')).json().data;
    expect(exported[0].details).toMatchObject({ filters: { patientId: helene }, rows: lines.length - 1 });
  });

  it('is refused as CSV too for other roles', async () => {
    const pr = await t.login('pr');
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/journal.csv', headers: pr.auth })).statusCode).toBe(403);
  });
});
