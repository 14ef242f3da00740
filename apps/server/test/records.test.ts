import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allows, type Access } from '@wellbe/shared/permissions';
import { isPlatformRole, ROLES, type Role } from '@wellbe/shared/roles';
import { consultations, documents, notices, patients, users } from '../src/db/tables.ts';
import { eq } from 'drizzle-orm';
import { createTestApp, type Session, type TestApp } from './helpers.ts';
import { NARROWER } from './narrower.ts';

// The route matrix, from routes to records: every REST route that takes an id in its path and
// every SPEC §7 action whose body names a record is called with ids of the OTHER organisation (a
// patient, a consultation, a document, a notice, a user, the organisation itself), as each demo
// role of Cabinet Démo and as pr2 of Centre Santé Nord. A role the route admits must get 404 —
// never 403, which would confirm the id — and no answer may carry the other organisation's data.
// SA and DE are platform-wide (DESIGN §4): other organisations are inside their reach, so they
// are not probed here. Routes and actions come from the route catalog: new ones are walked
// automatically, and a write route whose body is not in BODIES fails until it is added (its 400
// would hide whether the id was looked up inside the caller's scope).

let t: TestApp;
const sessions = new Map<string, Session>();

interface Org {
  name: string;
  ids: Record<'patient' | 'consultation' | 'document' | 'notice' | 'user' | 'organisation', string>;
  /** Strings of this organisation's records that must never reach the other one. */
  secrets: string[];
}
const orgs: Record<'demo' | 'nord', Org> = {} as never;

const CONSULTATION = {
  ConsultationDate: '2026-11-20T09:30:00.000Z',
  ConsultationNote: '<p>Note confidentielle</p>',
  Diagnostic: '<p>Diagnostic</p>',
  HealthCareCategory: '',
  antalgesicTreatment: 'Non',
  treatmentName: '',
  treatmentEfficacy: 'Non renseigné',
};

/** A valid body per write route: the route must reach its lookup, not stop at validation. */
const BODIES: Record<string, () => Record<string, unknown>> = {
  'PATCH /api/patients/:idPatient': () => ({ FullName: 'Nom Modifié', PhoneNumber: '06 10 20 30 40', Email: 'modifie@exemple.fr', birthDate: null, sex: null, address: null, notes: null }),
  'PUT /api/consultations/:id': () => ({ version: 1, consultation: CONSULTATION }),
  'POST /api/consultations/:id/addenda': () => ({ text: '<p>Complément</p>' }),
  'PUT /api/notices/:idNotice': () => ({ Star: 1, PatientOpinion: 'Modifié', Recommend: false }),
  'POST /api/clinical-documents/:id/replace': () => ({ content: { lines: [{ type: 'biologie', text: 'NFS' }] } }),
  'POST /api/clinical-documents/:id/revoke': () => ({ reason: 'Erreur de saisie' }),
  'PUT /api/clinical-document-templates/:id': () => ({ kind: 'courrier', name: 'Modèle modifié', content: { text: 'Bonjour' } }),
  'PATCH /api/users/:id': () => ({ firstName: 'Modifié', active: false }),
  'PATCH /api/organisations/:id': () => ({ name: 'Modifiée' }),
  'PATCH /api/specialists/:id': () => ({ active: false }),
  'PUT /api/dietetics/recipes/:id': () => ({ name: 'Formule modifiée', category: 'plat', portions: 1, ingredients: [{ foodId: 1, grams: 100 }] }),
  'PUT /api/dietetics/patients/:idPatient/menus/:day': () => ({ items: [] }),
  'POST /api/dietetics/patients/:idPatient/menus/:day/copy': () => ({ to: ['2026-11-24'] }),
  'PUT /api/dietetics/patients/:idPatient/profile': () => ({ diet: 'omnivore', allergens: [], dislikes: [], energyKcal: null, activityFactor: null, split: null }),
  'PUT /api/dietetics/programs/:id': () => ({ name: 'Programme modifié', goal: 'rééquilibrage', weeks: 1, items: [] }),
  'POST /api/dietetics/programs/:id/assign': () => ({ idPatient: randomUUID(), startDate: '2026-11-23' }),
  'PATCH /api/notes/labels/:id': () => ({ name: 'Renommé' }),
  'PUT /api/contacts/:id': () => ({ name: 'Modifié' }),
  'PUT /api/contacts/:id/star': () => ({ starred: true }),
  'PUT /api/contacts/groups/:id': () => ({ name: 'Groupe modifié', contactIds: [] }),
  'PUT /api/exercises/:id': () => ({ nameFr: 'Exercice modifié', categoryId: 1, levelId: 1, primaryBodyPartIds: [1] }),
  'PUT /api/sport-programs/:id': () => ({ name: 'Programme modifié', weeks: 1, sessionsPerWeek: 1, sessions: [{ name: 'Séance', exercises: [] }] }),
  'POST /api/sport-programs/:id/assign': () => ({ idPatient: randomUUID(), startDate: '2026-11-23' }),
  ...Object.fromEntries(['bodyparts', 'categories', 'equipments', 'levels', 'objectifs', 'typeofprograms', 'gender'].map((name) => [`PATCH /api/sport-catalogs/${name}/:id`, () => ({ active: true })])),
  'POST /api/access-flags/:idFlag/answer': () => ({ answer: 'Réponse' }),
  'POST /api/patients/:idPatient/access-log/:eventId/flag': () => ({ comment: '' }),
  'POST /api/agenda/appointments/:id/status': () => ({ status: 'confirmé' }),
  'POST /api/agenda/appointments/:id/cancel': () => ({ reason: 'Motif' }),
  'POST /api/appointments/:id/cancel': () => ({ reason: 'Motif' }),
  'PUT /api/agenda/settings/:practitionerId': () => ({ weeklyHours: {}, availability: [] }),
  'POST /api/agenda/settings/:practitionerId/exceptions': () => ({ startsAt: '2026-12-01T09:00:00.000Z', endsAt: '2026-12-01T10:00:00.000Z', label: 'Absence' }),
  'PUT /api/agenda/types/:id': () => ({ label: 'Type modifié', durationMinutes: 30, colour: '#1976d2', bookable: false }),
  'PUT /api/articles/:id/pin': () => ({ pinned: true }),
  'PATCH /api/chat/conversations/:id': () => ({ title: 'Groupe renommé' }),
  'POST /api/chat/conversations/:id/members': () => ({ memberIds: [randomUUID()] }),
  'PATCH /api/invoices/:id': () => ({ version: 1, lines: [{ label: 'Consultation', quantity: 1, unitPriceCents: 5000 }] }),
  'POST /api/invoices/:id/payments': () => ({ amountCents: 100, mode: 'cash' }),
  'POST /api/invoices/:id/credit-note': () => ({ amountCents: 100 }),
  'PUT /api/invoices/acts/:id': () => ({ label: 'Acte modifié', priceCents: 5000 }),
  'POST /api/video/calls/:id/invite': () => ({ userId: randomUUID() }),
  'PUT /api/questionnaires/:id': () => ({ title: 'Questionnaire modifié', questions: [{ id: 'q1', type: 'text', label: 'Question' }] }),
  'PATCH /api/questionnaires/:id': () => ({ active: true }),
  'POST /api/patients/:idPatient/questionnaires': () => ({ questionnaireId: randomUUID() }),
  'PUT /api/questionnaires/assignments/:id/answers': () => ({ answers: {}, submit: false }),
  'POST /api/diary/entries/:id/comment': () => ({ comment: 'Commentaire' }),
  'PUT /api/patients/:idPatient/diary/follow': () => ({ follow: true }),
};

/** Action bodies: the identity of the caller, and the foreign id in each record field. */
function actionBody(session: Session, action: string, fields: string[], id: string): Record<string, unknown> {
  const body: Record<string, unknown> = { action, Iduser: session.id, idOrganization: session.idOrganization };
  for (const field of fields) body[field] = id;
  if (action === 'createBySpeciality') Object.assign(body, { idConsultation: randomUUID(), consultationCreate: CONSULTATION });
  return body;
}

interface ProbeCaller {
  name: string;
  role: Role;
  /** The organisation whose ids are foreign to this caller. */
  other: 'demo' | 'nord';
}

const CALLERS: ProbeCaller[] = [
  ...ROLES.filter((role) => !isPlatformRole(role)).map((role) => ({ name: role.toLowerCase(), role, other: 'nord' as const })),
  { name: 'pr2', role: 'PR', other: 'demo' },
];

/** Narrower than the group, on purpose (the route matrix lists the same). */

beforeAll(async () => {
  t = await createTestApp();
  for (const c of CALLERS) sessions.set(c.name, await t.login(c.name));
  const db = t.ctx.db;
  for (const [key, practitioner, patientName] of [
    ['demo', 'pr', 'Hélène Martin'],
    ['nord', 'pr2', 'Mathilde Renaud'],
  ] as const) {
    const s = sessions.get(practitioner)!;
    const [patient] = await db.select().from(patients).where(eq(patients.fullName, patientName));
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/consultation',
      headers: s.auth,
      payload: { action: 'createBySpeciality', Iduser: s.id, idOrganization: s.idOrganization, idPatient: patient.id, idConsultation: randomUUID(), consultationCreate: CONSULTATION },
    });
    const idConsultation = created.json().idConsultation as string;
    const [document] = await db
      .insert(documents)
      .values({ organizationId: patient.organizationId, patientId: patient.id, consultationId: idConsultation, uploadedBy: s.id, fileName: `${key}-secret.pdf`, mimeType: 'application/pdf', sizeBytes: 10, sha256: 'f'.repeat(64) })
      .returning();
    const [notice] = await db
      .insert(notices)
      .values({ organizationId: patient.organizationId, patientId: patient.id, consultationId: idConsultation, userId: s.id, star: 5, patientOpinion: `Avis ${key}`, recommend: true })
      .returning();
    const [user] = await db.select().from(users).where(eq(users.id, s.id));
    orgs[key] = {
      name: key,
      ids: { patient: patient.id, consultation: idConsultation, document: document.id, notice: notice.id, user: user.id, organisation: patient.organizationId },
      secrets: [patient.fullName, patient.email, patient.phoneNumber, user.lastName, user.email, `${key}-secret.pdf`, `Avis ${key}`],
    };
  }
  // The consultation is stored: its id exists, in its own organisation only.
  expect((await db.select().from(consultations).where(eq(consultations.id, orgs.nord.ids.consultation))).length).toBe(1);
});
afterAll(async () => {
  await t.close();
});

type Expectation = 404 | 403 | 'refused';

function expected(access: Access, role: Role, label: string): Expectation {
  if (access === 'open' || access === 'guest' || access === 'guestOnly') return 'refused';
  if (NARROWER[label]?.[role]) return 403;
  return allows(access, role) ? 404 : 403;
}

async function send(caller: ProbeCaller, method: string, url: string, payload?: Record<string, unknown>) {
  const session = sessions.get(caller.name)!;
  let res = await t.app.inject({ method: method as 'GET', url, headers: session.auth, ...(payload ? { payload } : {}) });
  if (res.statusCode === 401) {
    sessions.set(caller.name, await t.login(caller.name));
    res = await t.app.inject({ method: method as 'GET', url, headers: sessions.get(caller.name)!.auth, ...(payload ? { payload } : {}) });
  }
  return res;
}

describe('record matrix: ids of the other organisation', () => {
  it('answers 404 to every role the route admits, with nothing of the other organisation in the body', async () => {
    const mismatches: string[] = [];
    let checked = 0;
    const routes = t.app.routeCatalog.filter((r) => !r.url.startsWith('/api/docs') && !r.url.includes('*'));
    for (const caller of CALLERS) {
      const other = orgs[caller.other];
      for (const route of routes) {
        const probes: { label: string; method: string; url: string; access: Access; body?: Record<string, unknown> }[] = [];
        if (route.actions) {
          for (const [name, access] of Object.entries(route.actions)) {
            const fields = route.actionRecordIds?.[name] ?? [];
            if (fields.length === 0) continue;
            for (const [kind, id] of Object.entries(other.ids)) {
              probes.push({ label: `${route.method} ${route.url} action ${name} (${kind})`, method: route.method, url: route.url, access, body: actionBody(sessions.get(caller.name)!, name, fields, id) });
            }
          }
        } else if (route.url.includes(':')) {
          const label = `${route.method} ${route.url}`;
          const withBody = ['POST', 'PUT', 'PATCH'].includes(route.method);
          for (const [kind, id] of Object.entries(other.ids)) {
            probes.push({ label: `${label} (${kind})`, method: route.method, url: route.url.replace(/:[A-Za-z0-9_]+/g, id), access: route.access, ...(withBody ? { body: BODIES[label]?.() ?? {} } : {}) });
          }
        }
        for (const probe of probes) {
          const res = await send(caller, probe.method, probe.url, probe.body);
          checked++;
          const want = expected(probe.access, caller.role, probe.label.replace(/ \(.*\)$/, ''));
          const ok = want === 'refused' ? res.statusCode >= 400 && res.statusCode !== 500 : res.statusCode === want;
          if (!ok) mismatches.push(`${probe.label} as ${caller.name}: ${res.statusCode}, expected ${want} — ${res.body.slice(0, 160)}`);
          const leaked = other.secrets.filter((secret) => res.body.includes(secret));
          if (leaked.length) mismatches.push(`${probe.label} as ${caller.name}: leaks ${leaked.join(', ')}`);
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
    expect(mismatches).toEqual([]);
    // Hundreds of requests: on a busy machine this takes longer than one test's default.
  }, 300_000);

  it('answers 404 to a foreign patient or consultation named in a document upload', async () => {
    for (const caller of CALLERS.filter((c) => allows('dpsWrite', c.role))) {
      const session = sessions.get(caller.name)!;
      const other = orgs[caller.other];
      const boundary = '----wellbe' + randomUUID();
      const fields = { action: 'create', Iduser: session.id, idOrganization: session.idOrganization ?? '', idPatient: other.ids.patient, idConsultation: other.ids.consultation };
      const parts = Object.entries(fields).map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
      const payload = Buffer.concat([
        Buffer.from(parts.join('')),
        Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n\r\n--${boundary}--\r\n`),
      ]);
      const res = await t.app.inject({ method: 'POST', url: '/api/document', headers: { ...session.auth, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
      expect(res.statusCode, caller.name).toBe(404);
      expect(other.secrets.filter((s) => res.body.includes(s)), caller.name).toEqual([]);
    }
  });

  it('answers 404 to a profile read of another organisation’s user, for the roles that read users', async () => {
    for (const caller of CALLERS) {
      const session = sessions.get(caller.name)!;
      const other = orgs[caller.other];
      const res = await send(caller, 'POST', '/api/profil', { action: 'read', Iduser: other.ids.user });
      expect(res.statusCode, caller.name).toBe(allows('user', caller.role) ? 404 : 403);
      expect(other.secrets.filter((s) => res.body.includes(s)), caller.name).toEqual([]);
      void session;
    }
  });
});
