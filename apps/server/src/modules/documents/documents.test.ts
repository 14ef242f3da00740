import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { strToU8, zipSync } from 'fflate';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, documents } from '../../db/tables.ts';
import { createTestApp, json, type Session, type TestApp } from '../../../test/helpers.ts';
import { whileHeld } from '../../../test/locks.ts';
import { multipart } from '../../../test/multipart.ts';

let t: TestApp;
let pr: Session;
let helene: string;
let francois: string;
let consultation: string;
let png: Buffer;

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
    '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);
const DOCX = Buffer.from(
  zipSync({
    '[Content_Types].xml': strToU8('<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
    '_rels/.rels': strToU8('<?xml version="1.0"?><Relationships/>'),
    'word/document.xml': strToU8('<?xml version="1.0"?><w:document/>'),
  }),
);

async function patientId(q: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/patient', headers: pr.auth, payload: { action: 'list', Iduser: pr.id, idOrganization: pr.idOrganization, q } });
  return json(res).data[0].idPatient;
}

async function newConsultation(idPatient: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/consultation',
    headers: pr.auth,
    payload: { action: 'createBySpeciality', idPatient, Iduser: pr.id, idOrganization: pr.idOrganization, idConsultation: randomUUID(), consultationCreate: { Diagnostic: '<p>Bilan</p>' } },
  });
  return json(res).idConsultation;
}

function upload(file: { name: string; content: Buffer } | undefined, extra: Record<string, string> = {}, session = pr, url = '/api/document') {
  const body = multipart({ action: 'create', Iduser: session.id, idConsultation: consultation, idPatient: helene, idOrganization: session.idOrganization ?? '', ...extra }, file);
  return t.app.inject({ method: 'POST', url, headers: { ...session.auth, ...body.headers }, payload: body.payload });
}

const storedFiles = () => fs.readdirSync(path.join(t.dataDir, 'files')).filter((f) => f !== '.tmp');
const tmpFiles = () => fs.readdirSync(path.join(t.dataDir, 'files', '.tmp'));
const rowsOf = async (idConsultation: string) => t.ctx.db.select().from(documents).where(eq(documents.consultationId, idConsultation));

beforeAll(async () => {
  t = await createTestApp();
  pr = await t.login('pr');
  helene = await patientId('helene martin');
  francois = await patientId('francois dupont');
  consultation = await newConsultation(helene);
  png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#3366aa' } }).png().toBuffer();
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/document action create', () => {
  it('accepts a real PDF, PNG and DOCX, stored by content hash, listed with the consultation', async () => {
    for (const file of [
      { name: 'ordonnance.pdf', content: PDF },
      { name: 'radio.png', content: png },
      { name: 'compte rendu é.docx', content: DOCX },
    ]) {
      const res = await upload(file);
      expect(res.statusCode, file.name).toBe(200);
      expect(json(res).idDocument).toMatch(/^[0-9a-f-]{36}$/);
    }
    const rows = await rowsOf(consultation);
    expect(rows.map((r) => [r.fileName, r.mimeType, r.sizeBytes])).toEqual([
      ['ordonnance.pdf', 'application/pdf', PDF.length],
      ['radio.png', 'image/png', png.length],
      ['compte rendu é.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', DOCX.length],
    ]);
    expect(storedFiles().sort()).toEqual(rows.map((r) => r.sha256).sort());
    const detail = json(await t.app.inject({ method: 'GET', url: `/api/consultations/${consultation}`, headers: pr.auth })).data;
    expect(detail.documents.map((d: { fileName: string }) => d.fileName)).toEqual(['ordonnance.pdf', 'radio.png', 'compte rendu é.docx']);
  });

  it('refuses two files in one request (SPEC §7: one per file) with 400, storing nothing', async () => {
    const one = multipart({ action: 'create', Iduser: pr.id, idConsultation: consultation, idPatient: helene }, { name: 'a.pdf', content: PDF });
    const boundary = one.headers['content-type'].split('boundary=')[1];
    const second = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="document"; filename="b.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
    const end = Buffer.from(`--${boundary}--\r\n`);
    const payload = Buffer.concat([one.payload.subarray(0, one.payload.length - end.length), second, PDF, Buffer.from('\r\n'), end]);
    const before = (await rowsOf(consultation)).length;
    const res = await t.app.inject({ method: 'POST', url: '/api/document', headers: { ...pr.auth, ...one.headers }, payload });
    expect(res.statusCode).toBe(400);
    expect(json(res).error.message).toBe('Un seul fichier par requête.');
    expect((await rowsOf(consultation)).length).toBe(before);
    expect(tmpFiles()).toEqual([]);
  });

  it('takes the action from the query string too', async () => {
    const body = multipart({ Iduser: pr.id, idConsultation: consultation, idPatient: helene }, { name: 'scan.jpeg', content: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]) });
    const res = await t.app.inject({ method: 'POST', url: '/api/document?action=create', headers: { ...pr.auth, ...body.headers }, payload: body.payload });
    expect(res.statusCode).toBe(200);
  });

  it('refuses HTML renamed .pdf, a PNG named .pdf and a foreign extension, storing nothing', async () => {
    const before = storedFiles().length;
    const cases = [
      { name: 'piege.pdf', content: Buffer.from('<html><script>alert(1)</script></html>') },
      { name: 'image.pdf', content: png },
      { name: 'faux.docx', content: Buffer.from(zipSync({ 'a.txt': strToU8('x') })) },
    ];
    for (const file of cases) {
      const res = await upload(file);
      expect(res.statusCode, file.name).toBe(400);
      expect(json(res).error.message).toBe('Le contenu du fichier ne correspond pas à son extension.');
    }
    const exe = await upload({ name: 'outil.exe', content: PDF });
    expect(exe.statusCode).toBe(400);
    expect(json(exe).error.message).toBe('Type de fichier non accepté : seuls .jpg, .png, .jpeg, .pdf, .doc et .docx sont acceptés.');
    expect(storedFiles()).toHaveLength(before);
    expect(tmpFiles()).toEqual([]);
    expect(await rowsOf(consultation)).toHaveLength(4);
  });

  it('answers 413 beyond 50,000,000 bytes, with nothing stored', async () => {
    const other = await newConsultation(helene);
    const before = storedFiles().length;
    const big = Buffer.alloc(50_000_001, 0x20);
    big.write('%PDF-1.4\n', 0, 'latin1');
    const res = await upload({ name: 'gros.pdf', content: big }, { idConsultation: other });
    expect(res.statusCode).toBe(413);
    expect(json(res).error.message).toBe('Le fichier dépasse la taille maximale autorisée (50 Mo).');
    expect(await rowsOf(other)).toHaveLength(0);
    expect(tmpFiles()).toEqual([]);
    expect(storedFiles()).toHaveLength(before);
  });

  it('applies the organisation upload limit while streaming (Paramètres)', async () => {
    const pa = await t.login('pa');
    const settings = (limit: number) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/settings', headers: pa.auth, payload: { language: 'fr', navbarStyle: 'style-1', uploadLimitBytes: limit, timeZone: 'Europe/Paris' } });
    expect((await settings(5_000)).statusCode).toBe(200);
    try {
      const other = await newConsultation(helene);
      const before = storedFiles().length;
      const res = await upload({ name: 'compte-rendu.pdf', content: Buffer.concat([PDF, Buffer.alloc(6_000, 0x20)]) }, { idConsultation: other });
      expect(res.statusCode).toBe(413);
      expect(json(res).error.message).toBe('Le fichier dépasse la taille maximale autorisée par votre organisation (5 000 octets).');
      expect(await rowsOf(other)).toHaveLength(0);
      expect(tmpFiles()).toEqual([]);
      expect(storedFiles()).toHaveLength(before);
      // Under the limit, the same organisation uploads as usual.
      expect((await upload({ name: 'court.pdf', content: PDF }, { idConsultation: other })).statusCode).toBe(200);
    } finally {
      await settings(50_000_000);
    }
  });

  it('leaves neither row nor file when the upload is interrupted', async () => {
    const other = await newConsultation(helene);
    const before = storedFiles().length;
    const body = multipart({ action: 'create', Iduser: pr.id, idConsultation: other, idPatient: helene }, { name: 'coupe.pdf', content: Buffer.concat([PDF, Buffer.alloc(200_000, 0x41)]) });
    const cut = body.payload.subarray(0, body.payload.length - 100_000);
    const res = await t.app.inject({ method: 'POST', url: '/api/document', headers: { ...pr.auth, ...body.headers }, payload: cut });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(await rowsOf(other)).toHaveLength(0);
    expect(storedFiles()).toHaveLength(before);
    expect(tmpFiles()).toEqual([]);
  });

  it('refuses a consultation of another patient', async () => {
    const res = await upload({ name: 'ordonnance.pdf', content: PDF }, { idPatient: francois });
    expect(res.statusCode).toBe(400);
    expect(json(res).error.message).toBe('Cette consultation n’appartient pas à ce patient.');
  });

  it('refuses RH and PT, another organisation and a spoofed Iduser', async () => {
    for (const username of ['rh', 'pt', 'us']) {
      const session = await t.login(username);
      expect((await upload({ name: 'a.pdf', content: PDF }, {}, session)).statusCode, username).toBe(403);
    }
    const pr2 = await t.login('pr2');
    expect([403, 404]).toContain((await upload({ name: 'a.pdf', content: PDF }, {}, pr2)).statusCode);
    const pa = await t.login('pa');
    expect((await upload({ name: 'a.pdf', content: PDF }, { Iduser: pa.id })).statusCode).toBe(403);
    expect(await rowsOf(consultation)).toHaveLength(4);
  });

  it('refuses a request without file or with an unknown action', async () => {
    expect(json(await upload(undefined)).error.message).toBe('Aucun fichier reçu.');
    const unknown = await upload({ name: 'a.pdf', content: PDF }, { action: 'delete' });
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown).error.message).toBe('Action inconnue.');
  });
});

describe('POST /api/document while the consultation is signed or locked', () => {
  const kinds = async (id: string) => (await t.handle.pool.query<{ kind: string }>(`select kind from record_versions where record_type = 'consultation' and record_id = $1 order by version`, [id])).rows.map((r) => r.kind);

  it('refuses a document whose consultation the lock job locked while it was being stored, keeping neither row nor file', async () => {
    const other = await newConsultation(helene);
    const content = Buffer.concat([PDF, Buffer.from('% verrouillage\n')]);
    // The lock job's statement is in flight (the test's transaction) when the upload is checked.
    const [res] = await whileHeld(t.handle.pool, (c) => c.query('update consultations set locked_at = now() where id = $1', [other]), [
      () => upload({ name: 'verrou.pdf', content }, { idConsultation: other }),
    ]);
    expect(res!.statusCode).toBe(409);
    expect(json(res!).error.message).toBe('Cette consultation est signée ou verrouillée : elle ne peut plus être modifiée. Ajoutez un complément.');
    expect(await rowsOf(other)).toHaveLength(0);
    expect(fs.existsSync(path.join(t.dataDir, 'files', createHash('sha256').update(content).digest('hex')))).toBe(false);
    const denied = await t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'document.create'), eq(auditEvents.outcome, 'denied'), eq(auditEvents.recordId, other)));
    expect(denied).toHaveLength(1);
  });

  it('makes a signature wait for a document being attached: the signed version is the last one', async () => {
    const other = await newConsultation(helene);
    // The upload is held at its insert (the test locks the documents table) when the author signs.
    const [uploaded, signed] = await whileHeld(t.handle.pool, (c) => c.query('lock table documents in share mode'), [
      () => upload({ name: 'signature.pdf', content: Buffer.concat([PDF, Buffer.from('% signature\n')]) }, { idConsultation: other }),
      () => t.app.inject({ method: 'POST', url: `/api/consultations/${other}/sign`, headers: pr.auth }),
    ]);
    expect(uploaded!.statusCode, uploaded!.body).toBe(200);
    expect(signed!.statusCode, signed!.body).toBeLessThan(300);
    expect(await rowsOf(other)).toHaveLength(1);
    expect((await kinds(other)).at(-1)).toBe('signed');
  });
});

describe('GET /api/documents/:id/download', () => {
  it('serves the file as an attachment with nosniff, and journals the download', async () => {
    const [doc] = await rowsOf(consultation);
    const res = await t.app.inject({ method: 'GET', url: `/api/documents/${doc.id}/download`, headers: pr.auth });
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PDF)).toBe(true);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="ordonnance.pdf"; filename*=UTF-8''ordonnance.pdf`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const journal = await t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'document.download'), eq(auditEvents.recordId, doc.id)));
    expect(journal.map((e) => [e.userId, e.outcome, e.patientId])).toEqual([[pr.id, 'success', helene]]);
  });

  it('offers an inline variant for previews', async () => {
    const [doc] = await rowsOf(consultation);
    const res = await t.app.inject({ method: 'GET', url: `/api/documents/${doc.id}/download?inline=1`, headers: pr.auth });
    expect(res.headers['content-disposition']).toMatch(/^inline; /);
  });

  it('refuses another organisation and journals the refusal', async () => {
    const [doc] = await rowsOf(consultation);
    const pr2 = await t.login('pr2');
    const res = await t.app.inject({ method: 'GET', url: `/api/documents/${doc.id}/download`, headers: pr2.auth });
    expect([403, 404]).toContain(res.statusCode);
    const denied = await t.ctx.db.select().from(auditEvents).where(and(eq(auditEvents.userId, pr2.id), eq(auditEvents.outcome, 'denied')));
    expect(denied.length).toBeGreaterThan(0);
  });
});
