import { and, desc, eq, isNull } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, consultations, documents, patients, users } from '../../db/tables.ts';
import type { Session, TestApp } from '../../../test/helpers.ts';
import { preparedSent, throughSharedStatement } from '../../../test/prepared.ts';
import { usePatientsApp } from './patients.test-kit.ts';

// The patient file: identity, timeline, measures, documents, identity edit, archive, notices.

const { k, get, addConsultation, auditRows, statementsOf } = usePatientsApp();
let t: TestApp, pr: Session, pt: Session, pr2: Session, sa: Session, ids: Record<string, string>;
beforeAll(() => void ({ t, pr, pt, pr2, sa, ids } = k.app));

describe('GET /api/patients/:id (the file)', () => {
  it('answers identity and the timeline newest first, with IMC, pain and a plain-text excerpt', async () => {
    await addConsultation('Zoé Laurent', 10, { weight: 60, size: 165, note: '<p>Douleur &amp; raideur <strong>matinale</strong>.</p><p>Reprise du vélo.</p>', intensity: '7-8' });
    await addConsultation('Zoé Laurent', 40, { weight: 62, size: 165 });
    const res = await get(`/api/patients/${ids['Zoé Laurent']}`, pr);
    expect(res.statusCode).toBe(200);
    const file = res.json().data;
    expect(file.identity).toMatchObject({ FullName: 'Zoé Laurent', PhoneNumber: '07 12 34 56 78', birthDate: '1999-06-05', sex: 'F', archivedAt: null });
    expect(file.canWrite).toBe(true);
    expect(file.consultations).toHaveLength(2);
    const [newest, older] = file.consultations;
    expect(new Date(newest.ConsultationDate) > new Date(older.ConsultationDate)).toBe(true);
    expect(newest).toMatchObject({ practitioner: 'Julien Moreau', speciality: 'Médecin généraliste', Weight: 60, imc: 22.04, dolorLocation: 'Lombaire', dolorIntensity: '7-8' });
    expect(newest.excerpt).toBe('Douleur & raideur matinale.\nReprise du vélo.');
    expect(await auditRows('patient.file.read', ids['Zoé Laurent'])).toHaveLength(1);
  });

  it('answers 404 for another organisation’s file and journals the attempt', async () => {
    const res = await get(`/api/patients/${ids['Zoé Laurent']}`, pr2);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('Patient introuvable.');
    const denied = (await auditRows('patient.file.read', ids['Zoé Laurent'])).filter((r) => r.outcome === 'denied');
    expect(denied).toHaveLength(1);
    expect(denied[0].userId).toBe(pr2.id);
    expect((await get('/api/patients/not-a-uuid', pr)).statusCode).toBe(404);
  });

  it('reads the timeline and writes the journal row in one statement (issue 31): two round trips with the patient lookup', async () => {
    const id = ids['Zoé Laurent'];
    await get(`/api/patients/${id}`, pr); // the sign-in lookup is cached from here on
    const before = (await auditRows('patient.file.read', id)).length;
    let res: Awaited<ReturnType<typeof get>> | undefined;
    expect(await statementsOf(async () => (res = await get(`/api/patients/${id}`, pr)))).toHaveLength(2);
    expect(res!.json().data.consultations.length).toBeGreaterThan(0);
    const rows = await auditRows('patient.file.read', id);
    expect(rows).toHaveLength(before + 1);
    const row = rows.sort((a, b) => b.id - a.id)[0];
    expect(row).toMatchObject({ userId: pr.id, role: 'PR', organizationId: pr.idOrganization, recordType: 'patient', recordId: id, patientId: id, outcome: 'success', details: null });
  });

  it('answers an error and no file when its journal row cannot be written', async () => {
    await t.ctx.pool.query(`create function refuse_file_journal() returns trigger language plpgsql as $$ begin raise exception 'journal indisponible'; end $$`);
    await t.ctx.pool.query(`create trigger refuse_file_journal before insert on audit_events for each row when (new.action = 'patient.file.read') execute function refuse_file_journal()`);
    try {
      const res = await get(`/api/patients/${ids['Zoé Laurent']}`, pr);
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toMatch(/Zoé|Laurent|07 12/);
    } finally {
      await t.ctx.pool.query(`drop trigger refuse_file_journal on audit_events; drop function refuse_file_journal()`);
    }
  });

  it('lets a patient user read only their own file, read-only', async () => {
    const own = await get(`/api/patients/${ids['Lucas Bernard']}`, pt);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ isOwnFile: true, canWrite: false });
    expect((await get(`/api/patients/${ids['Hélène Martin']}`, pt)).statusCode).toBe(404);
    expect((await get(`/api/patients/${ids['Hélène Martin']}/measures`, pt)).statusCode).toBe(404);
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/patients/${ids['Lucas Bernard']}`,
      headers: pt.auth,
      payload: { FullName: 'Lucas Bernard', PhoneNumber: '06 45 12 78 90', Email: 'x@exemple.fr' },
    });
    expect(edit.statusCode).toBe(403);
  });
});

describe('GET /api/patients/:id/measures', () => {
  it('keeps a consultation without weight as a gap (null), and gives the latest values with their change', async () => {
    await addConsultation('Benoît Mercier', 30, { weight: 90, size: 180, intensity: '5-6' });
    await addConsultation('Benoît Mercier', 20, { weight: null, size: null, intensity: 'Non Renseigné' });
    await addConsultation('Benoît Mercier', 10, { weight: 87.5, size: 180, intensity: '1-2' });
    const res = await get(`/api/patients/${ids['Benoît Mercier']}/measures`, pr);
    expect(res.statusCode).toBe(200);
    const { points, latest } = res.json().data;
    expect(points.map((p: { weight: number | null }) => p.weight)).toEqual([90, null, 87.5]);
    expect(points.map((p: { imc: number | null }) => p.imc)).toEqual([27.78, null, 27.01]);
    expect(points.map((p: { pain: number | null }) => p.pain)).toEqual([5.5, null, 1.5]);
    expect(latest.weight).toMatchObject({ value: 87.5, previous: 90, change: -2.5 });
    expect(latest.imc).toMatchObject({ value: 27.01, previous: 27.78, change: -0.77 });
    expect(await auditRows('patient.measures.read', ids['Benoît Mercier'])).toHaveLength(1);
  });

  it('reads the measures with their journal row in prepared statements shared by every organisation (issue 31): the lookup, then one round trip', async () => {
    const [zoe, mathilde] = [ids['Zoé Laurent'], ids['Mathilde Renaud']];
    await addConsultation('Zoé Laurent', 5, { weight: 61, size: 165, intensity: '3-4' });
    await t.ctx.db.insert(consultations).values({ id: crypto.randomUUID(), organizationId: pr2.idOrganization!, patientId: mathilde, userId: pr2.id, jobSpecialistId: 1, consultationDate: new Date(t.clock.now() - 3 * 86_400_000), weight: 72.4, size: 170 });
    await get(`/api/patients/${zoe}/measures`, pr); // the sign-in lookup is cached from here on
    // Before: the lookup, the two reads, then the journal's insert awaited on its own (4 statements, 3 round trips).
    expect(await statementsOf(() => get(`/api/patients/${zoe}/measures`, pr))).toHaveLength(3);
    const weights = (s: Session, id: string) => async () => (await get(`/api/patients/${id}/measures`, s)).json().data.points.map((p: { weight: number | null }) => p.weight);
    const calls = [
      { organizationId: pr.idOrganization!, run: weights(pr, zoe) },
      { organizationId: pr2.idOrganization!, run: weights(pr2, mathilde) },
      { organizationId: pr.idOrganization!, run: weights(pr, zoe) },
    ];
    const seen = await throughSharedStatement(t.ctx.pool, 'consultation_measures_journalled_', calls);
    // Each caller sees their own patient's weights only.
    expect(seen[0]).toContain(61);
    expect(seen[0]).not.toContain(72.4);
    expect(seen[1]).toContain(72.4);
    expect(seen[1]).not.toContain(61);
    expect(seen[2]).toEqual(seen[0]);
    expect(await throughSharedStatement(t.ctx.pool, 'diary_weights_', calls)).toEqual(seen);
    // Each read journalled as its caller by the measures' statement (the six calls above).
    const journal = await t.ctx.db.select().from(auditEvents).where(eq(auditEvents.action, 'patient.measures.read')).orderBy(desc(auditEvents.id)).limit(3);
    expect(journal.reverse().map((r) => [r.userId, r.organizationId, r.patientId, r.outcome])).toEqual([
      [pr.id, pr.idOrganization, zoe, 'success'],
      [pr2.id, pr2.idOrganization, mathilde, 'success'],
      [pr.id, pr.idOrganization, zoe, 'success'],
    ]);
  });

  it('answers an error and no measures when their journal row cannot be written', async () => {
    await t.ctx.pool.query(`create function refuse_measures_journal() returns trigger language plpgsql as $$ begin raise exception 'journal indisponible'; end $$`);
    await t.ctx.pool.query(`create trigger refuse_measures_journal before insert on audit_events for each row when (new.action = 'patient.measures.read') execute function refuse_measures_journal()`);
    try {
      const res = await get(`/api/patients/${ids['Benoît Mercier']}/measures`, pr);
      expect(res.statusCode).toBe(500);
      expect(res.body).not.toMatch(/87\.5|points/);
    } finally {
      await t.ctx.pool.query(`drop trigger refuse_measures_journal on audit_events; drop function refuse_measures_journal()`);
    }
  });
});

describe('GET /api/patients/:id/documents', () => {
  it('lists the documents of every consultation of the file', async () => {
    const c1 = await addConsultation('Céline Faure', 12);
    const c2 = await addConsultation('Céline Faure', 2);
    for (const [c, name] of [
      [c1, 'radio.png'],
      [c2, 'bilan.pdf'],
    ]) {
      await t.ctx.db.insert(documents).values({
        organizationId: pr.idOrganization!,
        patientId: ids['Céline Faure'],
        consultationId: c,
        uploadedBy: pr.id,
        fileName: name,
        mimeType: name.endsWith('.pdf') ? 'application/pdf' : 'image/png',
        sizeBytes: 1234,
        sha256: 'a'.repeat(64),
      });
    }
    const res = await get(`/api/patients/${ids['Céline Faure']}/documents`, pr);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((d: { fileName: string; idConsultation: string }) => [d.fileName, d.idConsultation])).toEqual([
      ['bilan.pdf', c2],
      ['radio.png', c1],
    ]);
    expect((await get(`/api/patients/${ids['Céline Faure']}/documents`, pr2)).statusCode).toBe(404);
    const file = (await get(`/api/patients/${ids['Céline Faure']}`, pr)).json().data;
    expect(file.consultations.map((c: { documentCount: number }) => c.documentCount)).toEqual([1, 1]);
  });
});

describe('PATCH /api/patients/:id (identity)', () => {
  const payload = { FullName: 'Jérôme Blanc', PhoneNumber: '06 76 54 32 10', Email: 'jerome.blanc@exemple.fr', birthDate: '1970-07-08', sex: 'M', address: '1 rue Neuve, 69001 Lyon', notes: 'Allergie à la pénicilline' };
  const patch = (body: object, s = pr) => t.app.inject({ method: 'PATCH', url: `/api/patients/${ids['Jérôme Blanc']}`, headers: s.auth, payload: body });

  it('saves the identity, keeping its own name and phone', async () => {
    const res = await patch(payload);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ address: '1 rue Neuve, 69001 Lyon', notes: 'Allergie à la pénicilline' });
    const [audit] = await auditRows('patient.update', ids['Jérôme Blanc']);
    expect(audit.details).toEqual({ fields: ['address', 'notes'] });
  });

  it('refuses another patient’s name or phone with the SPEC messages, and changes nothing', async () => {
    const name = await patch({ ...payload, FullName: 'Noel Perrin', address: 'changée' });
    expect(name.statusCode).toBe(409);
    expect(name.json().error.message).toBe('Un patient avec ce nom existe déja');
    const phone = await patch({ ...payload, PhoneNumber: '0621098765' });
    expect(phone.json().error.message).toBe('Un patient avec ce numéro de téléphone existe déja');
    const bad = await patch({ ...payload, Email: 'pas-un-email' });
    expect(bad.statusCode).toBe(400);
    for (const birthDate of ['0971-07-08', '1970-02-30', '2999-01-01']) {
      const wrong = await patch({ ...payload, birthDate });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().error.message).toContain('Date de naissance invalide');
    }
    const [row] = await t.ctx.db.select().from(patients).where(eq(patients.id, ids['Jérôme Blanc']));
    expect(row.fullName).toBe('Jérôme Blanc');
    expect(row.address).toBe('1 rue Neuve, 69001 Lyon');
  });

  it('is refused to SA (read-only on patient records) and to another organisation', async () => {
    expect((await patch(payload, sa)).statusCode).toBe(403);
    expect((await patch(payload, pr2)).statusCode).toBe(404);
  });
});

describe('POST /api/patients/:id/archive', () => {
  it('archives: the patient leaves the list and the autocomplete, the file stays readable to SA with who and when', async () => {
    const id = ids['Maëlys Gautier'];
    expect((await t.app.inject({ method: 'POST', url: `/api/patients/${id}/archive`, headers: pt.auth })).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'POST', url: `/api/patients/${id}/archive`, headers: pr.auth });
    expect(res.statusCode).toBe(200);

    const list = (await get('/api/patients?q=maelys', pr)).json();
    expect(list.total).toBe(0);
    const autocomplete = await t.app.inject({ method: 'POST', url: '/api/patient', headers: pr.auth, payload: { action: 'list', Iduser: pr.id, idOrganization: pr.idOrganization, q: 'maelys' } });
    expect(autocomplete.json().data).toEqual([]);
    expect((await get(`/api/patients/${id}`, pr)).statusCode).toBe(404);

    const asSa = await get(`/api/patients/${id}`, sa);
    expect(asSa.statusCode).toBe(200);
    expect(asSa.json().data.identity).toMatchObject({ FullName: 'Maëlys Gautier', archivedBy: 'Julien Moreau' });
    expect(asSa.json().data.identity.archivedAt).toBe(new Date(t.clock.now()).toISOString());
    expect(asSa.json().data.canWrite).toBe(false);
    const archivedList = (await get('/api/patients?archived=1', sa)).json();
    expect(archivedList.data.map((p: { FullName: string }) => p.FullName)).toEqual(['Maëlys Gautier']);
    expect((await get('/api/patients?archived=1', pr)).statusCode).toBe(403);

    // Nothing deleted; the journal says who archived it.
    const [row] = await t.ctx.db.select().from(patients).where(eq(patients.id, id));
    expect(row.archivedBy).toBe(pr.id);
    const journal = await auditRows('patient.archive', id);
    expect(journal.map((r) => [r.outcome, r.userId])).toEqual([['success', pr.id]]);
    // The patient user was stopped before the handler (no dps write), and journalled too.
    const refused = await t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'POST /api/patients/:idPatient/archive'), eq(auditEvents.userId, pt.id)));
    expect(refused.map((r) => r.outcome)).toEqual(['denied']);
    // Archiving twice is a conflict, not a second archive.
    expect((await t.app.inject({ method: 'POST', url: `/api/patients/${id}/archive`, headers: pr.auth })).statusCode).toBe(404);
  });
});

describe('notices', () => {
  let lucasConsultation: string;
  let noticeId: string;
  beforeAll(async () => {
    [{ id: lucasConsultation }] = await t.ctx.db
      .select({ id: consultations.id })
      .from(consultations)
      .where(eq(consultations.patientId, ids['Lucas Bernard']))
      .limit(1);
  });
  const post = (s: Session, body: object) => t.app.inject({ method: 'POST', url: '/api/notices', headers: s.auth, payload: body });
  const put = (s: Session, body: object) => t.app.inject({ method: 'PUT', url: `/api/notices/${noticeId}`, headers: s.auth, payload: body });

  it('lets the patient leave one notice per consultation', async () => {
    const res = await post(pt, { idConsultation: lucasConsultation, Star: 4, PatientOpinion: 'Très à l’écoute.', Recommend: true });
    expect(res.statusCode).toBe(201);
    noticeId = res.json().data.idNotice;
    const again = await post(pt, { idConsultation: lucasConsultation, Star: 5, PatientOpinion: '', Recommend: true });
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe('Vous avez déjà donné votre avis sur cette consultation.');
    expect((await post(pt, { idConsultation: lucasConsultation, Star: 6, Recommend: true })).statusCode).toBe(400);
  });

  it('refuses anyone but the patient of the consultation', async () => {
    const other = await addConsultation('Hélène Martin', 3);
    expect((await post(pt, { idConsultation: other, Star: 5, Recommend: true })).statusCode).toBe(404);
    const staff = await post(pr, { idConsultation: other, Star: 5, Recommend: true });
    expect(staff.statusCode).toBe(403);
    expect(staff.json().error.message).toBe('Seul le patient peut donner son avis sur sa consultation.');
    expect((await put(pr, { Star: 1, Recommend: false })).statusCode).toBe(403);
  });

  it('shows the notice to practitioners on the file and its average on the list', async () => {
    const file = (await get(`/api/patients/${ids['Lucas Bernard']}`, pr)).json().data;
    const withNotice = file.consultations.find((c: { idConsultation: string }) => c.idConsultation === lucasConsultation);
    expect(withNotice.notice).toMatchObject({ Star: 4, PatientOpinion: 'Très à l’écoute.', Recommend: true });
    expect((await get('/api/notices/summary', pr)).json().data).toEqual({ average: 4, count: 1, recommendRate: 1 });
    expect((await get('/api/notices/summary', pr2)).json().data).toEqual({ average: null, count: 0, recommendRate: null });
    expect((await get('/api/notices/summary', pt)).statusCode).toBe(403);
  });

  it('is editable for 7 days, then no longer', async () => {
    t.clock.advance(6 * 86_400_000);
    // Tokens last 60 minutes: sign in again after the days went by.
    pt = await t.login('pt');
    const edit = await put(pt, { Star: 5, PatientOpinion: 'Parfait.', Recommend: true });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data).toMatchObject({ Star: 5, PatientOpinion: 'Parfait.' });
    t.clock.advance(2 * 86_400_000);
    [pt, pr] = await Promise.all([t.login('pt'), t.login('pr')]);
    const late = await put(pt, { Star: 1, PatientOpinion: 'Changé', Recommend: false });
    expect(late.statusCode).toBe(403);
    expect(late.json().error.message).toBe('Cet avis ne peut plus être modifié : le délai de 7 jours est dépassé.');
    const [row] = await t.ctx.db.select().from(users).where(eq(users.id, pt.id));
    expect(row.patientId).toBe(ids['Lucas Bernard']);
    expect((await get('/api/notices/summary', pr)).json().data.average).toBe(5);
  });
});

// Last in the file: its reads add journal rows the tests above count.
describe('the patient lookup prepared once (issue 31)', () => {
  it('finds the patient through one prepared statement for every organisation, each reaching only its own (issue 31)', async () => {
    // Fresh sessions: tests above end some.
    const [pr, pr2] = await Promise.all([t.login('pr'), t.login('pr2')]);
    let codes: number[] = [];
    const sent = await preparedSent(t.ctx.pool, 'patient_record_', async () => {
      codes = [
        (await get(`/api/patients/${ids['Zoé Laurent']}`, pr)).statusCode,
        (await get(`/api/patients/${ids['Zoé Laurent']}`, pr2)).statusCode,
        (await get(`/api/patients/${ids['Mathilde Renaud']}`, pr2)).statusCode,
        (await get(`/api/patients/${ids['Mathilde Renaud']}`, pr)).statusCode,
      ];
    });
    // Each practitioner reads their own organisation's patient, and the other's answers 404.
    expect(codes).toEqual([200, 404, 200, 404]);
    expect(sent).toHaveLength(4);
    expect(new Set(sent.map((q) => q.name)).size).toBe(1);
    expect(sent[0].text).not.toContain(pr.idOrganization);
    expect(sent[0].text).not.toContain(pr2.idOrganization);
  });

  it('reads the timeline through one prepared statement for every organisation, each file its own consultations and journal row', async () => {
    const [pr, pr2] = await Promise.all([t.login('pr'), t.login('pr2')]);
    const zoe = ids['Zoé Laurent'];
    const mathilde = ids['Mathilde Renaud'];
    const theirs = crypto.randomUUID();
    await t.ctx.db.insert(consultations).values({ id: theirs, organizationId: pr2.idOrganization!, patientId: mathilde, userId: pr2.id, jobSpecialistId: 1, consultationDate: new Date(t.clock.now() - 86_400_000), consultationNote: '<p>Nord</p>' });
    const file = (s: Session, id: string) => async () => (await get(`/api/patients/${id}`, s)).json().data.consultations.map((c: { idConsultation: string }) => c.idConsultation).sort();
    const seen = await throughSharedStatement(t.ctx.pool, 'patient_file_timeline_', [
      { organizationId: pr.idOrganization!, run: file(pr, zoe) },
      { organizationId: pr2.idOrganization!, run: file(pr2, mathilde) },
      { organizationId: pr.idOrganization!, run: file(pr, zoe) },
    ]);
    const live = async (patientId: string) =>
      (await t.ctx.db.select({ id: consultations.id }).from(consultations).where(and(eq(consultations.patientId, patientId), isNull(consultations.archivedAt)))).map((r) => r.id).sort();
    expect(seen).toEqual([await live(zoe), await live(mathilde), await live(zoe)]);
    expect(seen[1]).toContain(theirs);
    expect(seen[0].length).toBeGreaterThan(0);
    // Each read journalled as its caller, by the statement itself.
    const journal = await t.ctx.db.select().from(auditEvents).where(eq(auditEvents.action, 'patient.file.read')).orderBy(desc(auditEvents.id)).limit(3);
    expect(journal.reverse().map((r) => [r.userId, r.organizationId, r.patientId, r.outcome])).toEqual([
      [pr.id, pr.idOrganization, zoe, 'success'],
      [pr2.id, pr2.idOrganization, mathilde, 'success'],
      [pr.id, pr.idOrganization, zoe, 'success'],
    ]);
  });
});
