import { inflateSync } from 'node:zlib';
import { and, desc, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLINICAL_DOCUMENT_MESSAGES } from '@wellbe/shared/schemas/clinical-documents';
import { auditEvents, clinicalDocuments, consultations } from '../../db/tables.ts';
import { verifyPdfSignature } from '../../lib/pdf-signing.ts';
import { createTestApp, json, type Session, type TestApp } from '../../../test/helpers.ts';

let t: TestApp;
let pr: Session;
let pt: Session;
let lucas: string;
let lucasConsultation: string;

/**
 * The text a reader shows: pdfkit writes standard-font text as hex WinAnsi strings in deflated
 * content streams; this inflates each stream and joins the strings of each TJ.
 */
const WIN_ANSI = new TextDecoder('windows-1252');

function pdfText(pdf: Buffer): string {
  const out: string[] = [];
  const raw = pdf.toString('latin1');
  for (const m of raw.matchAll(/stream\r?\n/g)) {
    const start = m.index! + m[0].length;
    const end = raw.indexOf('endstream', start);
    let body: Buffer;
    try {
      body = inflateSync(pdf.subarray(start, end));
    } catch {
      continue;
    }
    for (const tj of body.toString('latin1').matchAll(/\[([^\]]*)\]\s*TJ/g)) {
      out.push([...tj[1].matchAll(/<([0-9a-f]*)>/g)].map((h) => WIN_ANSI.decode(Buffer.from(h[1], 'hex'))).join(''));
    }
  }
  // Lines wrap where the page ends: compare words, not line breaks.
  return out.join('\n');
}
const flat = (text: string) => text.replace(/\s+/g, ' ');

async function patientId(session: Session, q: string): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/patient', headers: session.auth, payload: { action: 'list', Iduser: session.id, idOrganization: session.idOrganization, q } });
  return json(res).data[0].idPatient;
}

const post = (session: Session, url: string, payload: unknown) => t.app.inject({ method: 'POST', url, headers: session.auth, payload: payload as object });
const get = (session: Session | null, url: string) => t.app.inject({ method: 'GET', url, headers: session?.auth ?? {} });

beforeAll(async () => {
  t = await createTestApp({ config: { publicUrl: 'https://wellbe.example.fr' } });
  pr = await t.login('pr');
  pt = await t.login('pt');
  lucas = await patientId(pr, 'lucas bernard');
  const [c] = await t.handle.db.select({ id: consultations.id }).from(consultations).where(eq(consultations.patientId, lucas)).orderBy(desc(consultations.consultationDate)).limit(1);
  lucasConsultation = c.id;
});
afterAll(async () => {
  await t.close();
});

async function template(kind: string, content: object, name = `Modèle ${kind}`) {
  const res = await post(pr, '/api/clinical-document-templates', { kind, name, content });
  expect(res.statusCode, res.body).toBe(200);
  return json(res).data.id as string;
}

async function pdfOf(session: Session, url: string) {
  const res = await get(session, url);
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return res.rawPayload;
}

describe('clinical documents', () => {
  it('the demo holds an issued ordonnance and a sport certificate for Lucas Bernard, signed and verifiable', async () => {
    const mine = json(await get(pt, '/api/clinical-documents/mine')).data as { kind: string; status: string; pdfUrl: string; verifyUrl: string }[];
    const ordonnance = mine.find((d) => d.kind === 'ordonnance')!;
    const certificate = mine.find((d) => d.kind === 'certificat')!;
    expect(ordonnance.status).toBe('valid');
    expect(flat(pdfText(await pdfOf(pt, certificate.pdfUrl)))).toContain('course à pied, y compris en compétition');
    expect(verifyPdfSignature(await pdfOf(pt, ordonnance.pdfUrl)).valid).toBe(true);
    const verified = await get(null, `/api/verify/${ordonnance.verifyUrl.split('/verify/')[1]}`);
    expect(json(verified)).toMatchObject({ kind: 'ordonnance', status: 'valid', patientInitials: 'L. B.' });
    const templates = json(await get(pr, '/api/clinical-document-templates')).data.map((x: { name: string }) => x.name);
    expect(templates).toEqual(expect.arrayContaining(['Absence de contre-indication au sport', 'Lettre à un confrère']));
  });

  it('issues an ordonnance from a template, fields filled, as a PDF signed over the whole file', async () => {
    const templateId = await template('ordonnance', {
      text: 'Patient de {{age}} ans, {{poids}}, IMC {{imc}}. Diagnostic : {{diagnostic}}',
      lines: [{ type: 'medicine', text: 'Paracétamol 1 g', form: 'comprimé', posology: '1 comprimé matin et soir', duration: '5 jours', quantity: '1 boîte', nonSubstituable: true }],
    });
    const res = await post(pr, '/api/clinical-documents', { kind: 'ordonnance', patientId: lucas, consultationId: lucasConsultation, templateId, content: {} });
    expect(res.statusCode, res.body).toBe(200);
    const { id, number, pdfUrl, verifyUrl } = json(res).data;
    expect(number).toMatch(/^\d{4}-\d{5}$/);
    expect(pdfUrl).toBe(`/api/clinical-documents/${id}/pdf`);
    expect(verifyUrl).toMatch(/^https:\/\/wellbe\.example\.fr\/verify\/[A-Za-z0-9_-]{22,}$/);

    const pdf = await pdfOf(pr, pdfUrl);
    const text = pdfText(pdf);
    expect(text).toContain('ORDONNANCE');
    expect(text).toContain('Lucas Bernard');
    expect(text).toContain('Julien Moreau');
    expect(text).toMatch(/RPPS \d{11}/);
    expect(text).toContain('Paracétamol 1 g');
    expect(text).toContain('1 comprimé matin et soir');
    expect(text).toContain('Non substituable');
    expect(text).toMatch(/Patient de \d+ ans, \d+,\d kg, IMC \d+,\d\d\. Diagnostic : \S+/);
    expect(text).toContain(`N° ${number}`);
    expect(text).not.toContain('{{');

    const check = verifyPdfSignature(pdf);
    expect(check.valid).toBe(true);
    expect(check.byteRange![0]).toBe(0);
    expect(check.byteRange![2] + check.byteRange![3]).toBe(pdf.length);
    const altered = Buffer.from(pdf);
    altered[Math.floor(check.byteRange![1] / 2)] ^= 0x01;
    expect(verifyPdfSignature(altered).valid).toBe(false);
  });

  it('issues a sport certificate and a letter; the public verification shows issuer and hash, no health content', async () => {
    const certificate = await post(pr, '/api/clinical-documents', { kind: 'certificat', patientId: lucas, templateId: await template('certificat', { certificateType: 'sport', sport: 'football', competition: true }), content: {} });
    expect(certificate.statusCode, certificate.body).toBe(200);
    const certText = pdfText(await pdfOf(pr, json(certificate).data.pdfUrl));
    expect(certText).toContain('CERTIFICAT MÉDICAL');
    expect(flat(certText)).toContain('contre-indiquant la pratique du sport suivant : football, y compris en compétition');

    const letter = await post(pr, '/api/clinical-documents', { kind: 'courrier', patientId: lucas, templateId: await template('courrier', { text: 'Cher confrère, je vous adresse {{patient}}, né le {{naissance}}.' }), content: {} });
    expect(letter.statusCode, letter.body).toBe(200);
    const letterPdf = await pdfOf(pr, json(letter).data.pdfUrl);
    expect(flat(pdfText(letterPdf))).toContain('je vous adresse Lucas Bernard, né le 12/04/1988.');

    const token = json(letter).data.verifyUrl.split('/verify/')[1];
    const verified = await get(null, `/api/verify/${token}`);
    expect(verified.statusCode).toBe(200);
    const body = json(verified);
    expect(body).toMatchObject({ kind: 'courrier', issuer: { name: 'Julien Moreau', speciality: 'Médecin généraliste', rpps: expect.stringMatching(/^\d{11}$/) }, patientInitials: 'L. B.', status: 'valid' });
    expect(body.sha256).toBe((await import('node:crypto')).createHash('sha256').update(letterPdf).digest('hex'));
    expect(Object.keys(body).sort()).toEqual(['issuedAt', 'issuer', 'kind', 'patientInitials', 'sha256', 'status']);
    expect(verified.body).not.toContain('Bernard');
    expect(verified.body).not.toContain('confrère');

    const forged = await get(null, `/api/verify/${'A'.repeat(24)}`);
    expect(forged.statusCode).toBe(404);
    expect(json(forged).error.message).toBe(CLINICAL_DOCUMENT_MESSAGES.verifyNotFound);
  });

  it('replace marks the old document replaced (still readable); revoke shows on the verification', async () => {
    const first = json(await post(pr, '/api/clinical-documents', { kind: 'ordonnance', patientId: lucas, content: { lines: [{ type: 'biologie', text: 'NFS, CRP' }] } })).data;
    const second = await post(pr, `/api/clinical-documents/${first.id}/replace`, { content: { lines: [{ type: 'biologie', text: 'NFS, CRP, ferritine' }] } });
    expect(second.statusCode, second.body).toBe(200);
    const again = await post(pr, `/api/clinical-documents/${first.id}/replace`, { content: { lines: [{ type: 'biologie', text: 'x' }] } });
    expect(again.statusCode).toBe(409);
    expect(json(await get(pr, `/api/clinical-documents/${first.id}`)).data).toMatchObject({ status: 'replaced', replacedById: json(second).data.id });
    expect(json(await get(null, `/api/verify/${first.verifyUrl.split('/verify/')[1]}`)).status).toBe('replaced');

    const revoked = await post(pr, `/api/clinical-documents/${json(second).data.id}/revoke`, { reason: 'Erreur de patient' });
    expect(revoked.statusCode).toBe(200);
    expect(json(await get(null, `/api/verify/${json(second).data.verifyUrl.split('/verify/')[1]}`)).status).toBe('revoked');
    const list = json(await get(pr, `/api/clinical-documents?patientId=${lucas}`)).data;
    expect(list.find((d: { id: string }) => d.id === json(second).data.id).status).toBe('revoked');
  });

  it('refuses bad input in French and creates nothing', async () => {
    const before = (await t.handle.db.select({ id: clinicalDocuments.id }).from(clinicalDocuments)).length;
    const empty = await post(pr, '/api/clinical-documents', { kind: 'ordonnance', patientId: lucas, content: { lines: [] } });
    expect(empty.statusCode).toBe(400);
    expect(json(empty).error.message).toBe(CLINICAL_DOCUMENT_MESSAGES.emptyOrdonnance);
    const long = await post(pr, '/api/clinical-documents', { kind: 'ordonnance', patientId: lucas, content: { lines: [{ type: 'medicine', text: 'x'.repeat(501) }] } });
    expect(long.statusCode).toBe(400);
    expect(json(long).error.message).toContain('500 caractères');
    const unknown = await post(pr, '/api/clinical-document-templates', { kind: 'courrier', name: 'Faux', content: { text: 'Bonjour {{prenom}}' } });
    expect(unknown.statusCode).toBe(400);
    expect(json(unknown).error.message).toContain('{{prenom}}');
    const byPatient = await post(pt, '/api/clinical-documents', { kind: 'certificat', patientId: lucas, content: { text: 'x' } });
    expect(byPatient.statusCode).toBe(403);
    const other = await patientId(await t.login('pr2'), 'mathilde');
    const foreign = await post(pr, '/api/clinical-documents', { kind: 'certificat', patientId: other, content: { text: 'x' } });
    expect(foreign.statusCode).toBe(404);
    expect((await t.handle.db.select({ id: clinicalDocuments.id }).from(clinicalDocuments)).length).toBe(before);
  });

  it('numbers concurrent documents uniquely; the patient reads and downloads theirs, journalled; another organisation gets 404', async () => {
    const issued = await Promise.all(
      Array.from({ length: 5 }, () => post(pr, '/api/clinical-documents', { kind: 'certificat', patientId: lucas, content: { certificateType: 'presence', text: 'Présent ce jour.' } })),
    );
    const numbers = issued.map((r) => json(r).data.number);
    expect(new Set(numbers).size).toBe(5);

    const mine = await get(pt, '/api/clinical-documents/mine');
    expect(mine.statusCode).toBe(200);
    // The patient's own pages opened by a practitioner all say why, in the same words.
    for (const url of ['/api/clinical-documents/mine', '/api/sport-programs/mine', '/api/dietetics/my-menu', '/api/questionnaires/mine']) {
      const notAPatient = await get(pr, url);
      expect(notAPatient.statusCode, url).toBe(404);
      expect(json(notAPatient).error, url).toMatchObject({ code: 'no_patient_link', message: 'Aucun dossier patient n’est lié à ce compte.' });
    }
    const doc = json(mine).data.find((d: { id: string }) => d.id === json(issued[0]).data.id);
    expect(doc).toMatchObject({ kind: 'certificat', status: 'valid' });
    expect(pdfText(await pdfOf(pt, doc.pdfUrl))).toContain('Présent ce jour.');
    const journal = await t.handle.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'clinical-document.download'), eq(auditEvents.recordId, doc.id)));
    expect(journal.map((j) => j.outcome)).toEqual(['success']);
    expect(journal[0].patientId).toBe(lucas);

    const pr2 = await t.login('pr2');
    expect((await get(pr2, `/api/clinical-documents/${doc.id}`)).statusCode).toBe(404);
    expect((await get(pr2, doc.pdfUrl)).statusCode).toBe(404);
    expect((await get(pr2, `/api/clinical-documents?patientId=${lucas}`)).statusCode).toBe(404);
  });

  it('gives the number of an issue that fails after numbering back: the next document takes it, no gap', async () => {
    const issue = () => post(pr, '/api/clinical-documents', { kind: 'certificat', patientId: lucas, content: { certificateType: 'presence', text: 'Présent ce jour.' } });
    const rank = (res: Awaited<ReturnType<typeof issue>>) => Number(json(res).data.number.split('-')[1]);
    const first = await issue();
    const before = (await t.handle.db.select({ id: clinicalDocuments.id }).from(clinicalDocuments)).length;
    // The issue fails after its number was taken, inside its transaction: the document's row is
    // refused (a trigger of this test's own database; a module mock would not reach the server,
    // which the server project imports once per worker).
    await t.handle.db.execute(sql.raw(`create function refuse_document() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$;
      create trigger refuse_document before insert on clinical_documents for each row execute function refuse_document()`));
    const failed = await issue().finally(() => t.handle.db.execute(sql.raw('drop trigger refuse_document on clinical_documents; drop function refuse_document()')));
    expect(failed.statusCode).toBe(500);
    expect((await t.handle.db.select({ id: clinicalDocuments.id }).from(clinicalDocuments)).length).toBe(before);
    const next = await issue();
    expect(rank(next)).toBe(rank(first) + 1);
  });

  it('suggests BDPM medicines to practitioners, accent-insensitive, by name or substance, bounded', async () => {
    const byName = await get(pr, '/api/medicines?q=doliprane%201000');
    expect(byName.statusCode, byName.body).toBe(200);
    expect(json(byName).data[0]).toMatchObject({ id: expect.stringMatching(/^\d{8}$/), name: expect.stringMatching(/^DOLIPRANE 1000 mg/), routes: ['orale'] });
    expect(json(byName).data.find((m: { id: string }) => m.id === '60234100')).toEqual({
      id: '60234100',
      name: 'DOLIPRANE 1000 mg, comprimé',
      form: 'comprimé',
      routes: ['orale'],
      substances: expect.stringContaining('PARACÉTAMOL'),
      holder: 'OPELLA HEALTHCARE FRANCE',
    });
    // Without its accents, by its substance: the paracetamol of every brand.
    const bySubstance = json(await get(pr, '/api/medicines?q=paracetamol&limit=20')).data as { name: string; substances: string }[];
    expect(bySubstance).toHaveLength(20);
    for (const m of bySubstance) expect(`${m.name} ${m.substances}`.toUpperCase()).toMatch(/PARAC[EÉ]TAMOL/);
    expect(json(await get(pr, '/api/medicines?q=d')).data).toEqual([]);

    const tooLong = await get(pr, `/api/medicines?q=${'a'.repeat(81)}`);
    expect(tooLong.statusCode).toBe(400);
    expect(json(tooLong).error.message).toContain('ne doit pas dépasser 80 caractères');
    expect((await get(pr, '/api/medicines?q=doliprane&limit=21')).statusCode).toBe(400);
    expect((await get(pt, '/api/medicines?q=doliprane')).statusCode).toBe(403);
  });

  it('draws the signature image of the profile on the PDF; bad bytes or a patient get a French refusal', async () => {
    const upload = (session: Session, bytes: Buffer) => {
      const boundary = `----wellbe${Date.now()}`;
      const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="signature"; filename="signature.png"\r\nContent-Type: image/png\r\n\r\n`);
      const payload = Buffer.concat([head, bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]);
      return t.app.inject({ method: 'POST', url: '/api/profil/signature', headers: { ...session.auth, 'content-type': `multipart/form-data; boundary=${boundary}` }, payload });
    };
    const issue = async () => pdfOf(pr, json(await post(pr, '/api/clinical-documents', { kind: 'certificat', patientId: lucas, content: { certificateType: 'presence', text: 'Présent.' } })).data.pdfUrl);
    const images = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Subtype\s*\/Image/g) ?? []).length;
    const without = images(await issue());

    const fake = await upload(pr, Buffer.from('GIF89a pas une image'));
    expect(fake.statusCode).toBe(400);
    expect(json(fake).error.message).toBe('L’image doit être au format PNG ou JPEG.');
    expect((await upload(pr, Buffer.alloc(1024 * 1024 + 10, 0x89))).statusCode).toBe(413);
    expect((await upload(pt, Buffer.from('x'))).statusCode).toBe(403);
    // None yet: an empty answer, not an error (the browser logged the 404 on every /profile).
    const none = await get(pr, '/api/profil/signature');
    expect(none.statusCode).toBe(204);
    expect(none.rawPayload.length).toBe(0);
    expect((await get(pt, '/api/profil/signature')).statusCode).toBe(403);

    const png = await sharp({ create: { width: 900, height: 300, channels: 4, background: { r: 0, g: 0, b: 80, alpha: 0.8 } } }).png().toBuffer();
    expect((await upload(pr, png)).statusCode).toBe(200);
    const preview = await get(pr, '/api/profil/signature');
    expect(preview.headers['content-type']).toBe('image/png');
    expect((await sharp(preview.rawPayload).metadata()).width).toBe(600);
    const signed = await issue();
    expect(images(signed)).toBeGreaterThan(without);
    expect(verifyPdfSignature(signed).valid).toBe(true);

    expect((await t.app.inject({ method: 'DELETE', url: '/api/profil/signature', headers: pr.auth })).statusCode).toBe(200);
    expect((await get(pr, '/api/profil/signature')).statusCode).toBe(204);
    expect(images(await issue())).toBe(without);
  });

  it('sends a document to the patient in the chat, when issued or afterwards; the patient opens the PDF from the chat', async () => {
    const history = async (chatId: string) => json(await get(pt, `/api/chat/conversations/${chatId}/messages`)) as { messages: { message: string; attachment?: { id: string; fileName: string; mimeType: string } | null }[] };
    const issued = await post(pr, '/api/clinical-documents', { kind: 'certificat', patientId: lucas, content: { certificateType: 'presence', text: 'Présent ce jour.' }, sendToPatient: true });
    expect(issued.statusCode, issued.body).toBe(200);
    const { id, number, chatId } = json(issued).data;
    const message = (await history(chatId)).messages.find((m) => m.message === `Certificat médical N° ${number}`)!;
    expect(message.attachment).toMatchObject({ mimeType: 'application/pdf', fileName: expect.stringContaining(number) });
    const opened = await get(pt, `/api/chat/attachments/${message.attachment!.id}`);
    expect(opened.statusCode).toBe(200);
    expect(verifyPdfSignature(opened.rawPayload).valid).toBe(true);
    expect(pdfText(opened.rawPayload)).toContain('Présent ce jour.');

    // Afterwards: the action on an issued document; journalled each time.
    const again = await post(pr, `/api/clinical-documents/${id}/send`, {});
    expect(json(again).data.chatId).toBe(chatId);
    expect((await history(chatId)).messages.filter((m) => m.message === `Certificat médical N° ${number}`)).toHaveLength(2);
    const journal = await t.handle.db.select().from(auditEvents).where(and(eq(auditEvents.action, 'clinical-document.send'), eq(auditEvents.recordId, id)));
    expect(journal.map((j) => [j.outcome, j.patientId])).toEqual([['success', lucas], ['success', lucas]]);

    // A patient without an account: a French 400 and no document issued.
    const { rows: [noAccount] } = (await t.handle.db.execute(sql`select p.id from patients p where p.organization_id = ${pr.idOrganization} and not exists (select 1 from users u where u.patient_id = p.id) limit 1`)) as unknown as { rows: { id: string }[] };
    const before = (await t.handle.db.select({ id: clinicalDocuments.id }).from(clinicalDocuments)).length;
    const refused = await post(pr, '/api/clinical-documents', { kind: 'certificat', patientId: noAccount.id, content: { certificateType: 'presence', text: 'x' }, sendToPatient: true });
    expect(refused.statusCode).toBe(400);
    expect(json(refused).error.message).toContain('n’a pas de compte');
    expect((await t.handle.db.select({ id: clinicalDocuments.id }).from(clinicalDocuments)).length).toBe(before);
    expect((await post(pt, `/api/clinical-documents/${id}/send`, {})).statusCode).toBe(403);
  });

  it('lays a 20-line ordonnance over several pages, the letterhead on each', async () => {
    const lines = Array.from({ length: 20 }, (_, i) => ({ type: 'medicine', text: `Médicament numéro ${i + 1}`, posology: '1 comprimé matin, midi et soir pendant les repas, à avaler avec un grand verre d’eau', duration: '3 mois', quantity: '3 boîtes' }));
    const res = await post(pr, '/api/clinical-documents', { kind: 'ordonnance', patientId: lucas, content: { lines, format: 'A5' } });
    expect(res.statusCode, res.body).toBe(200);
    const text = pdfText(await pdfOf(pr, json(res).data.pdfUrl));
    expect(text).toContain('Médicament numéro 20');
    const pages = (text.match(/Julien Moreau/g) ?? []).length;
    expect(pages).toBeGreaterThanOrEqual(3);
  });
});
