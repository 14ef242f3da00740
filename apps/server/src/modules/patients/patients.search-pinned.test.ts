import { and, desc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadPatients } from '../../db/seed/load.ts';
import { auditEvents, patients } from '../../db/tables.ts';
import { createTestApp, type Session, type TestApp } from '../../../test/helpers.ts';

// The list's search answers pinned (issue 31, list CPU): what main 978a004 answered for the bench's
// queries and the other tests' ones, on the demo practice plus 1,500 loaded patients (seed/load.ts:
// names, phones and birth dates made the same way every run). A change of how the search is built or
// sent must answer the same patients in the same order, the same totals and cursors, and write the
// same journal rows. The visit dates of loaded patients follow the machine's clock: left out.

const QUERIES = [
  // npm run bench -- list
  'helene dumas',
  '06 10',
  // patients.routes.test.ts, patients.test.ts, patients.file.test.ts, search-folding, hostile-input, agenda
  'helene',
  'HÉLÈNE mar',
  'martin helene',
  'helene mart',
  'gaelle',
  'anais',
  'lyon',
  'maelys',
  'aurelie tenor',
  'Renaud',
  '06 23 45',
  '+33 6 23 45 67 89',
  '0623456789',
  '+33623456789',
  'zoe.laurent@exemple',
  'inconnu',
  'martin zzz',
  '%',
  '_',
  'e',
  // wider: many matches (past a page, past the count's cap), more words than are kept, short digits
  'a',
  'dumas',
  'ele ois',
  'a b c d e f g h i j',
  '33 6',
  '061',
  '+33',
];

let t: TestApp;
let pr: Session;
let sa: Session;

beforeAll(async () => {
  t = await createTestApp();
  [pr, sa] = await Promise.all([t.login('pr'), t.login('sa')]);
  await loadPatients(t.ctx.db, 'Cabinet Démo', 1500, () => {});
  // A few archived ones, for SA's archived list.
  const archived = await t.ctx.db.select({ id: patients.id }).from(patients).where(inArray(patients.fullName, ['Adèle Dumas', 'Anaïs Aubert', 'Chloé Denis', 'Hélène Jacob']));
  await t.ctx.db.update(patients).set({ archivedAt: new Date('2026-01-02T03:04:05.678Z') }).where(inArray(patients.id, archived.map((p) => p.id)));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

interface Row {
  FullName: string;
  PhoneNumber: string;
  Email: string;
  birthDate: string | null;
  consultationCount: number;
  archivedAt: string | null;
}

const get = (url: string, s: Session) => t.app.inject({ method: 'GET', url, headers: s.auth });

/** One answer, what a user sees of it, and the journal row it wrote (its details). */
async function answer(url: string, s: Session) {
  const res = await get(url, s);
  if (res.statusCode !== 200) return { url, status: res.statusCode, body: res.json() };
  const body = res.json();
  const [journal] = await t.ctx.db.select({ details: auditEvents.details }).from(auditEvents).where(and(eq(auditEvents.action, 'patient.list'), eq(auditEvents.userId, s.id))).orderBy(desc(auditEvents.id)).limit(1);
  return {
    // A cursor holds a patient's id, made anew by each run: the url names it only as "cursor".
    url: url.replace(/cursor=[^&]+/, 'cursor=…'),
    total: body.total,
    totalCapped: body.totalCapped,
    page: body.page,
    pageSize: body.pageSize,
    next: !!body.nextCursor,
    rows: (body.data as Row[]).map((r) => [r.FullName, r.PhoneNumber, r.Email, r.birthDate, r.consultationCount, r.archivedAt].join(' | ')),
    journal: journal?.details,
    cursor: body.nextCursor as string | null,
  };
}

describe('the patient list’s search answers the same as before (pinned)', () => {
  it('answers the same pages, totals, cursors and journal rows for every pinned query', async () => {
    const answers = [];
    for (const q of QUERIES) {
      const e = encodeURIComponent(q);
      const first = await answer(`/api/patients?q=${e}&pageSize=25`, pr);
      const second = first.cursor ? await answer(`/api/patients?q=${e}&pageSize=25&cursor=${encodeURIComponent(first.cursor)}`, pr) : null;
      const byNumber = await answer(`/api/patients?q=${e}&pageSize=10&page=3`, pr);
      const descending = await answer(`/api/patients?q=${e}&pageSize=10&sort=name&order=desc`, pr);
      const odd = await answer(`/api/patients?q=${e}&pageSize=7`, pr);
      for (const a of [first, second, byNumber, descending, odd]) if (a && 'cursor' in a) delete (a as { cursor?: unknown }).cursor;
      answers.push({ q, first, second, byNumber, descending, odd });
    }
    await expect(JSON.stringify(answers, null, 1)).toMatchFileSnapshot('./__pinned__/search-answers.json');
  }, 120_000);

  it('answers the same to the panel (SPEC §7), SA’s archived list and the agenda’s booking search', async () => {
    const answers = [];
    for (const q of ['helene dumas', '06 10', 'dumas', 'e', '%', 'martin helene']) {
      const panel = await t.app.inject({ method: 'POST', url: '/api/patient', headers: pr.auth, payload: { action: 'list', Iduser: pr.id, idOrganization: pr.idOrganization, q, pageSize: 20 } });
      const archived = await get(`/api/patients?q=${encodeURIComponent(q)}&archived=1&idOrganization=${pr.idOrganization}`, sa);
      const agenda = await get(`/api/agenda/patients?q=${encodeURIComponent(q)}`, pr);
      answers.push({
        q,
        panel: { total: panel.json().total, totalCapped: panel.json().totalCapped, next: !!panel.json().nextCursor, names: panel.json().data.map((p: { FullName: string; PhoneNumber: string }) => `${p.FullName} | ${p.PhoneNumber}`) },
        archived: { status: archived.statusCode, total: archived.json().total, names: (archived.json().data ?? []).map((p: Row) => `${p.FullName} | ${p.archivedAt}`) },
        agenda: { status: agenda.statusCode, names: (agenda.json().data ?? []).map((p: { fullName: string }) => p.fullName) },
      });
    }
    await expect(JSON.stringify(answers, null, 1)).toMatchFileSnapshot('./__pinned__/search-other-answers.json');
  }, 120_000);
});
