import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, consultations } from '../../db/tables.ts';
import { RICH_TEXT_MAX } from '@wellbe/shared/schemas/consultations';
import { createTestApp, json, type Session, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let pr: Session;
let helene: string;
let mathilde: string;

async function patientId(session: Session, q: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/patient', headers: session.auth, payload: { action: 'list', Iduser: session.id, idOrganization: session.idOrganization, q } });
  return json(res).data[0].idPatient;
}

beforeAll(async () => {
  t = await createTestApp();
  pr = await t.login('pr');
  helene = await patientId(pr, 'helene martin');
  mathilde = await patientId(await t.login('pr2'), 'mathilde');
});
afterAll(async () => {
  await t.close();
});

const fields = (extra: Record<string, unknown> = {}) => ({
  ConsultationDate: '2026-11-20T09:30:00.000Z',
  ConsultationNote: '<p>Douleurs lombaires depuis une semaine.</p>',
  Diagnostic: '<p>Lombalgie commune</p>',
  HealthCareCategory: '<ul><li>Repos relatif</li></ul>',
  Size: 175,
  Weight: 70.5,
  dolorLocation: 'Lombaire',
  dolorIntensity: '5-6',
  eradiation: 'Fesse droite',
  triggeringFactor: 'Port de charge',
  startEradiationDate: '2026-11-13',
  antalgesicTreatment: 'Oui',
  treatmentName: 'Paracétamol',
  treatmentEfficacy: 'Non',
  preventionType: 'secondary',
  prevention1: '',
  prevention2: 'Exercices de gainage',
  prevention3: '',
  ...extra,
});

const create = (session: Session, extra: Record<string, unknown> = {}, body: Record<string, unknown> = {}) =>
  t.app.inject({
    method: 'POST',
    url: '/api/consultation',
    headers: session.auth,
    payload: {
      action: 'createBySpeciality',
      idPatient: helene,
      Iduser: session.id,
      idOrganization: session.idOrganization,
      idJobSpecialist: 1,
      idConsultation: randomUUID(),
      consultationCreate: fields(extra),
      ...body,
    },
  });

const read = (session: Session, id: string) => t.app.inject({ method: 'GET', url: `/api/consultations/${id}`, headers: session.auth });
const countRows = async (id: string) => (await t.ctx.db.select().from(consultations).where(eq(consultations.id, id))).length;

describe('POST /api/consultation action createBySpeciality', () => {
  it('records a consultation and reads it back (SPEC §7)', async () => {
    const res = await create(pr);
    expect(res.statusCode).toBe(200);
    const { idConsultation, success } = json(res);
    expect(success).toBe(true);
    const detail = json(await read(pr, idConsultation)).data;
    expect(detail).toMatchObject({
      idConsultation,
      idPatient: helene,
      patientFullName: 'Hélène Martin',
      Iduser: pr.id,
      idJobSpecialist: 1,
      version: 1,
      ConsultationDate: '2026-11-20T09:30:00.000Z',
      Size: 175,
      Weight: 70.5,
      dolorLocation: 'Lombaire',
      startEradiationDate: '2026-11-13',
      treatmentName: 'Paracétamol',
      treatmentEfficacy: 'Non',
      preventionType: 'secondary',
      prevention2: 'Exercices de gainage',
      Diagnostic: '<p>Lombalgie commune</p>',
      documents: [],
    });
    const journal = await t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.recordId, idConsultation), eq(auditEvents.outcome, 'success')));
    expect(journal.map((e) => e.action).sort()).toEqual(['consultation.create', 'consultation.read']);
  });

  it('reads a date sent without an offset as the practice’s wall-clock time (Europe/Paris), whatever the server’s zone', async () => {
    // Winter (UTC+1) and summer (UTC+2) in Paris; this process runs in another zone (UTC here).
    for (const [sent, stored] of [
      ['2026-11-20T10:00:00', '2026-11-20T09:00:00.000Z'],
      ['2026-07-01T10:00', '2026-07-01T08:00:00.000Z'],
      ['2026-11-20T10:00:00+01:00', '2026-11-20T09:00:00.000Z'],
    ]) {
      const res = await create(pr, { ConsultationDate: sent });
      expect(res.statusCode, sent).toBe(200);
      expect(json(await read(pr, res.json().idConsultation)).data.ConsultationDate, sent).toBe(stored);
    }
  });

  it('accepts the care text under the SPEC §3 spelling HealthCareCategoy too', async () => {
    const res = await create(pr, { HealthCareCategory: undefined, HealthCareCategoy: '<p>Kinésithérapie</p>' });
    expect(res.statusCode).toBe(200);
    const back = json(await read(pr, res.json().idConsultation));
    expect(back.data.HealthCareCategory).toBe('<p>Kinésithérapie</p>');
    const onlyCare = await create(pr, { ConsultationNote: '', Diagnostic: '', Size: null, Weight: null, dolorLocation: null, dolorIntensity: null, eradiation: '', triggeringFactor: '', antalgesicTreatment: 'Non', treatmentName: '', prevention2: '', preventionType: null, HealthCareCategory: undefined, HealthCareCategoy: '<p>Repos</p>' });
    expect(onlyCare.statusCode).toBe(200);
  });

  it('takes three rich texts at their maximum length', async () => {
    const long = (word: string) => `<p>${'é'.repeat(RICH_TEXT_MAX - 7 - word.length)}${word}</p>`;
    const res = await create(pr, { ConsultationNote: long('note'), Diagnostic: long('diag'), HealthCareCategory: long('soin') });
    expect(res.statusCode).toBe(200);
    const back = json(await read(pr, res.json().idConsultation));
    expect(back.data.ConsultationNote.endsWith('note</p>')).toBe(true);
    expect(back.data.HealthCareCategory.endsWith('soin</p>')).toBe(true);
  });

  it('refuses texts beyond their limits with French messages, storing nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ ConsultationNote: `<p>${'a'.repeat(RICH_TEXT_MAX)}</p>` }, 'Le texte « Consultation » dépasse la limite de 50 000 caractères.'],
      [{ HealthCareCategory: 'b'.repeat(RICH_TEXT_MAX + 1) }, 'Le texte « Soins » dépasse la limite de 50 000 caractères.'],
      [{ eradiation: 'c'.repeat(2_001) }, 'Le champ « Irradiation » dépasse la limite de 2 000 caractères.'],
      [{ prevention2: 'd'.repeat(2_001) }, 'Le champ « Prévention secondaire » dépasse la limite de 2 000 caractères.'],
    ];
    for (const [extra, message] of cases) {
      const idConsultation = randomUUID();
      const res = await create(pr, extra, { idConsultation });
      expect(res.statusCode, Object.keys(extra)[0]).toBe(400);
      expect(json(res).error.message).toBe(message);
      expect(await countRows(idConsultation)).toBe(0);
    }
    // Exactly at the limit is accepted.
    expect((await create(pr, { eradiation: 'c'.repeat(2_000), Diagnostic: `<p>${'a'.repeat(RICH_TEXT_MAX - 7)}</p>` })).statusCode).toBe(200);
  });

  it('answers the same id on a retry, without a second consultation', async () => {
    const idConsultation = randomUUID();
    const first = await create(pr, {}, { idConsultation });
    const second = await create(pr, {}, { idConsultation });
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(json(second).idConsultation).toBe(idConsultation);
    expect(await countRows(idConsultation)).toBe(1);
  });

  it('keeps dietetic fields only for specialists other than 1', async () => {
    const dietetic = { idJobSpeciality: 2, pattern: 'Grignotage', breakfast: 'Café seul', dislikes: 'Poisson' };
    const byPr = json(await create(pr, dietetic)).idConsultation;
    expect(json(await read(pr, byPr)).data).toMatchObject({ pattern: null, breakfast: null, dislikes: null });
    const pg = await t.login('pg');
    const byPg = json(await create(pg, dietetic)).idConsultation;
    expect(json(await read(pg, byPg)).data).toMatchObject({ idJobSpecialist: 2, pattern: 'Grignotage', breakfast: 'Café seul', dislikes: 'Poisson' });
  });

  it('applies the analgesic rule (SPEC §4)', async () => {
    const id = json(await create(pr, { antalgesicTreatment: 'Non', treatmentName: 'Ibuprofène', treatmentEfficacy: 'Oui' })).idConsultation;
    expect(json(await read(pr, id)).data).toMatchObject({ antalgesicTreatment: 'Non', treatmentName: '', treatmentEfficacy: 'Non renseigné' });
    const missing = await create(pr, { antalgesicTreatment: 'Oui', treatmentName: '' });
    expect(missing.statusCode).toBe(400);
    expect(json(missing).error.message).toBe('Le nom du traitement est obligatoire.');
  });

  it('refuses bad option values, numbers and dates with 400 and French messages, storing nothing', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ dolorLocation: 'Genou' }, 'Localisation de la douleur invalide.'],
      [{ dolorIntensity: '10' }, 'Intensité de la douleur invalide.'],
      [{ antalgesicTreatment: 'Peut-être' }, 'Valeur du traitement antalgique invalide.'],
      [{ Size: 29.9 }, 'La taille doit être comprise entre 30 et 250 cm.'],
      [{ Size: 'grand' }, 'La taille doit être comprise entre 30 et 250 cm.'],
      [{ Weight: 400.5 }, 'Le poids doit être compris entre 1 et 400 kg.'],
      [{ startEradiationDate: '2026-02-30' }, 'Date de début de la douleur invalide (format AAAA-MM-JJ attendu).'],
      [{ startEradiationDate: '13/11/2026' }, 'Date de début de la douleur invalide (format AAAA-MM-JJ attendu).'],
      [{ ConsultationDate: 'hier' }, 'Date de consultation invalide.'],
      [{ ConsultationDate: '-271821-04-20T00:00:00Z' }, 'Date de consultation invalide.'],
      [{ ConsultationDate: '99999-01-01' }, 'Date de consultation invalide.'],
      // Impossible instants that Date.parse moved to another day (3 March, 21 November).
      [{ ConsultationDate: '2026-02-31T10:00:00Z' }, 'Date de consultation invalide.'],
      [{ ConsultationDate: '2026-11-20T24:00:00.000Z' }, 'Date de consultation invalide.'],
      [{ preventionType: 'quaternary' }, 'Type de prévention invalide.'],
    ];
    for (const [extra, message] of cases) {
      const idConsultation = randomUUID();
      const res = await create(pr, extra, { idConsultation });
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      expect(json(res).error.message, JSON.stringify(extra)).toBe(message);
      expect(await countRows(idConsultation)).toBe(0);
    }
  });

  it('accepts decimals at the limits', async () => {
    expect((await create(pr, { Size: 30, Weight: 400 })).statusCode).toBe(200);
    expect((await create(pr, { Size: 249.5, Weight: 1.2 })).statusCode).toBe(200);
  });

  it('refuses an empty consultation (SPEC §5)', async () => {
    const empty = { ConsultationNote: '<p></p>', Diagnostic: '', HealthCareCategory: '', Size: null, Weight: null, eradiation: '', triggeringFactor: '', antalgesicTreatment: 'Non renseigné', treatmentName: '', prevention2: '' };
    const res = await create(pr, empty);
    expect(res.statusCode).toBe(400);
    expect(json(res).error.message).toBe('La consultation est vide : renseignez au moins un champ.');
  });

  it('stores rich text cleaned by the allow-list', async () => {
    const dirty =
      '<p style="color:red" onclick="x()">Bonjour <strong>gras</strong><img src=x onerror="alert(1)"><script>alert(2)</script>' +
      '<a href="javascript:alert(3)">piège</a> <a href="https://exemple.fr">lien</a></p><h2>Titre</h2>';
    const id = json(await create(pr, { ConsultationNote: dirty, Diagnostic: '<iframe src="https://x"></iframe><p>ok</p>' })).idConsultation;
    const detail = json(await read(pr, id)).data;
    for (const html of [detail.ConsultationNote, detail.Diagnostic]) {
      expect(html).not.toMatch(/onerror|onclick|<script|javascript:|style=|<img|<iframe/i);
    }
    expect(detail.ConsultationNote).toContain('<strong>gras</strong>');
    expect(detail.ConsultationNote).toContain('<a href="https://exemple.fr" target="_blank" rel="noopener noreferrer">lien</a>');
    expect(detail.ConsultationNote).toContain('<h2>Titre</h2>');
    expect(detail.Diagnostic).toBe('<p>ok</p>');
  });

  it('refuses a patient of another organisation, and stores nothing', async () => {
    const idConsultation = randomUUID();
    const res = await create(pr, {}, { idPatient: mathilde, idConsultation });
    // Existence is private (DESIGN §3): the same answer as for an id that exists nowhere.
    const unknown = await create(pr, {}, { idPatient: randomUUID(), idConsultation: randomUUID() });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(unknown.json());
    expect(await countRows(idConsultation)).toBe(0);
    const [denied] = await t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'consultation.create'), eq(auditEvents.outcome, 'denied'), eq(auditEvents.patientId, mathilde)));
    expect(denied.userId).toBe(pr.id);
  });

  it('refuses roles without dps write (RH, PT, US) and journals it', async () => {
    for (const username of ['rh', 'pt', 'us']) {
      const session = await t.login(username);
      const idConsultation = randomUUID();
      const res = await create(session, {}, { idConsultation });
      expect(res.statusCode, username).toBe(403);
      expect(await countRows(idConsultation)).toBe(0);
      const denied = await t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.userId, session.id), eq(auditEvents.outcome, 'denied')));
      expect(denied.length, username).toBeGreaterThan(0);
    }
  });

  it('refuses a spoofed Iduser', async () => {
    const pa = await t.login('pa');
    const idConsultation = randomUUID();
    const res = await create(pr, {}, { Iduser: pa.id, idConsultation });
    expect(res.statusCode).toBe(403);
    expect(await countRows(idConsultation)).toBe(0);
  });
});

describe('GET and PUT /api/consultations/:id (edit mode)', () => {
  it('updates with the version read, and refuses a stale version with 409', async () => {
    const id = json(await create(pr)).idConsultation;
    const put = (version: number, extra: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/consultations/${id}`, headers: pr.auth, payload: { version, consultation: fields(extra) } });
    const first = await put(1, { Weight: 69 });
    expect(first.statusCode).toBe(200);
    expect(json(first).data).toMatchObject({ version: 2, Weight: 69 });
    const stale = await put(1, { Weight: 80 });
    expect(stale.statusCode).toBe(409);
    expect(json(stale).error.message).toBe('Cette consultation a été modifiée entre-temps : rechargez-la avant d’enregistrer.');
    expect(json(await read(pr, id)).data).toMatchObject({ version: 2, Weight: 69 });
  });

  it('hides a consultation from another organisation', async () => {
    const id = json(await create(pr)).idConsultation;
    const pr2 = await t.login('pr2');
    expect([403, 404]).toContain((await read(pr2, id)).statusCode);
    const put = await t.app.inject({ method: 'PUT', url: `/api/consultations/${id}`, headers: pr2.auth, payload: { version: 1, consultation: fields({ Weight: 99 }) } });
    expect([403, 404]).toContain(put.statusCode);
    expect(json(await read(pr, id)).data.Weight).toBe(70.5);
  });

  it('keeps an archived patient\'s consultation readable to SA and DE only, and takes no new one', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/patient',
      headers: pr.auth,
      payload: { action: 'create', Iduser: pr.id, idOrganization: pr.idOrganization, patientCreate: { FullName: 'Archivé Test', PhoneNumber: '06 55 44 33 22', Email: 'archive@exemple.fr' } },
    });
    const idPatient = json(created).idPatient;
    const id = json(await create(pr, {}, { idPatient })).idConsultation;
    expect((await t.app.inject({ method: 'POST', url: `/api/patients/${idPatient}/archive`, headers: pr.auth })).statusCode).toBe(200);
    for (const username of ['sa', 'de']) {
      const res = await read(await t.login(username), id);
      expect(res.statusCode, username).toBe(200);
      expect(json(res).data.idPatient).toBe(idPatient);
    }
    expect((await read(pr, id)).statusCode).toBe(404);
    const again = await create(await t.login('de'), {}, { idPatient, idConsultation: randomUUID() });
    expect(again.statusCode).toBe(404);
  });

  it('answers 404 for an unknown consultation', async () => {
    expect((await read(pr, randomUUID())).statusCode).toBe(404);
  });
});
