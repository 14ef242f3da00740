import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '@wellbe/shared/constants';
import { createTestApp, json, type TestApp } from '../../../test/helpers.ts';
import { SWEEP_GRACE_MS, sweepOrphanDocuments } from './documents.sweep.ts';

// The hourly sweep: a file whose row was never written (a server stopped in between) is removed
// once it is older than the grace period; files with a row, and recent ones, stay.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const stored = (sha: string) => fs.existsSync(path.join(t.dataDir, 'files', sha));
const age = (sha: string, ms: number) => {
  const when = new Date(Date.now() - ms);
  fs.utimesSync(path.join(t.dataDir, 'files', sha), when, when);
};

async function uploadPdf(): Promise<string> {
  const pr = await t.login('pr');
  const list = await t.app.inject({ method: 'POST', url: '/api/patient', headers: pr.auth, payload: { action: 'list', Iduser: pr.id, idOrganization: pr.idOrganization, q: 'helene martin' } });
  const idPatient = json(list).data[0].idPatient as string;
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/consultation',
    headers: pr.auth,
    payload: { action: 'createBySpeciality', idPatient, Iduser: pr.id, idOrganization: pr.idOrganization, idConsultation: randomUUID(), consultationCreate: { Diagnostic: '<p>Bilan</p>' } },
  });
  const boundary = '----sweep' + randomUUID();
  const fields = { action: 'create', Iduser: pr.id, idConsultation: json(created).idConsultation, idPatient, idOrganization: pr.idOrganization ?? '' };
  const pdf = Buffer.from('%PDF-1.4\n' + randomBytes(32).toString('hex') + '\n%%EOF\n', 'latin1');
  const body = Buffer.concat([
    ...Object.entries(fields).map(([k, v]) => Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="cr.pdf"\r\nContent-Type: application/pdf\r\n\r\n`),
    pdf,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({ method: 'POST', url: '/api/document', headers: { ...pr.auth, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: body });
  expect(res.statusCode).toBe(200);
  const { rows } = await t.handle.pool.query('select sha256 from documents where id = $1', [json(res).idDocument]);
  return rows[0].sha256;
}

describe('sweepOrphanDocuments', () => {
  it('removes old files without a row, keeps files with a row and recent ones', async () => {
    const kept = await uploadPdf();
    const orphan = (await t.ctx.storage.put(Readable.from([randomBytes(100)]), MAX_UPLOAD_BYTES)).sha256;
    const fresh = (await t.ctx.storage.put(Readable.from([randomBytes(100)]), MAX_UPLOAD_BYTES)).sha256;
    age(kept, 2 * SWEEP_GRACE_MS);
    age(orphan, 2 * SWEEP_GRACE_MS);
    age(fresh, SWEEP_GRACE_MS / 2);

    expect(await sweepOrphanDocuments(t.ctx)).toBe(1);
    expect(stored(orphan)).toBe(false);
    expect(stored(kept)).toBe(true);
    expect(stored(fresh)).toBe(true);
  });
});
