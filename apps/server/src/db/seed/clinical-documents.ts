import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { ageOn } from '@wellbe/shared/domain/age';
import { formatDate } from '@wellbe/shared/domain/dates';
import { todayIn } from '@wellbe/shared/domain/zoned';
import { KIND_LABELS, type ClinicalDocumentKind, type DocumentContent } from '@wellbe/shared/schemas/clinical-documents';
import type { Database } from '../client.ts';
import { clinicalDocumentCounters, clinicalDocuments, clinicalDocumentTemplates, organisations, patients, users } from '../tables.ts';
import { selfSignedKey, signWithKey } from '../../lib/pdf-signing.ts';
import { renderDocumentPdf } from '../../modules/clinical-documents/clinical-documents.pdf.ts';

// Demo templates of Cabinet Démo (French) and two papers already issued to Lucas Bernard (the `pt`
// account): an ordonnance and a sport certificate.

const TEMPLATES: { kind: ClinicalDocumentKind; name: string; content: DocumentContent }[] = [
  {
    kind: 'ordonnance',
    name: 'Antalgique simple',
    content: { lines: [{ type: 'medicine', text: 'Paracétamol 1 g', form: 'comprimé', posology: '1 comprimé jusqu’à 3 fois par jour, espacer les prises d’au moins 6 heures', duration: '5 jours', quantity: '1 boîte' }] },
  },
  { kind: 'ordonnance', name: 'Bilan biologique courant', content: { lines: [{ type: 'biologie', text: 'NFS, plaquettes, CRP, glycémie à jeun, bilan lipidique, créatininémie' }] } },
  { kind: 'ordonnance', name: 'Kinésithérapie lombaire', content: { lines: [{ type: 'kinesitherapie', text: '10 séances de rééducation lombaire, à domicile si nécessaire' }] } },
  { kind: 'certificat', name: 'Absence de contre-indication au sport', content: { certificateType: 'sport', sport: '', competition: false } },
  { kind: 'certificat', name: 'Certificat de présence', content: { certificateType: 'presence', text: 'Je soussigné(e), {{praticien}}, certifie que {{patient}} s’est présenté(e) à ma consultation le {{date}}.' } },
  {
    kind: 'courrier',
    name: 'Lettre à un confrère',
    content: { text: 'Cher confrère, chère consœur,\n\nJe vous adresse {{patient}}, {{age}} ans, pour avis concernant : {{diagnostic}}.\n\nPoids {{poids}}, taille {{taille}}, IMC {{imc}}.\n\nJe vous remercie de bien vouloir me tenir informé(e).\n\nBien confraternellement,\n{{praticien}}' },
  },
];

export async function seedClinicalDocuments(tx: Database, input: { organizationId: string; practitionerId: string; patientId: string; now: Date; publicUrl?: string }) {
  const { organizationId, practitionerId, patientId, now } = input;
  await tx.insert(clinicalDocumentTemplates).values(TEMPLATES.map((t) => ({ ...t, organizationId, ownerId: null, createdAt: now, updatedAt: now })));

  const [org] = await tx.select().from(organisations).where(eq(organisations.id, organizationId));
  const [author] = await tx.select().from(users).where(eq(users.id, practitionerId));
  const [patient] = await tx.select().from(patients).where(eq(patients.id, patientId));
  const today = todayIn('Europe/Paris', now);
  // The papers are signed with a key of their own (their certificate travels in the signature); the
  // organisation's stored key is made at first use by the running server, sealed with its secret.
  const key = selfSignedKey(org.name, now);
  const papers: { kind: ClinicalDocumentKind; content: DocumentContent }[] = [
    { kind: 'ordonnance', content: { lines: [{ type: 'medicine', text: 'Paracétamol 1 g', form: 'comprimé', posology: '1 comprimé matin et soir', duration: '5 jours', quantity: '1 boîte' }, { type: 'kinesitherapie', text: '10 séances de rééducation lombaire' }] } },
    { kind: 'certificat', content: { certificateType: 'sport', sport: 'course à pied', competition: true } },
  ];
  let n = 0;
  for (const paper of papers) {
    n += 1;
    const number = `${today.slice(0, 4)}-${String(n).padStart(5, '0')}`;
    const token = randomBytes(18).toString('base64url');
    const verifyUrl = `${input.publicUrl ?? 'http://localhost:3000'}/verify/${token}`;
    const unsigned = await renderDocumentPdf({
      kind: paper.kind,
      number,
      date: formatDate(today),
      practitioner: { name: author.displayName, speciality: author.job ?? '', rpps: author.rpps, adeli: author.adeli, phone: author.phoneNumber },
      organisation: { name: org.name, address: org.address, phone: org.phone },
      patient: { fullName: patient.fullName, birthDate: patient.birthDate ? formatDate(patient.birthDate) : null, age: patient.birthDate ? ageOn(patient.birthDate, today) : null },
      content: paper.content,
      recipient: null,
      signatureImage: null,
      verifyUrl,
      shortCode: token,
    });
    const pdf = await signWithKey(unsigned, key, { reason: `${KIND_LABELS[paper.kind]} ${number}`, name: author.displayName, location: org.name, contactInfo: '' }, now);
    await tx.insert(clinicalDocuments).values({
      id: randomUUID(),
      organizationId,
      patientId,
      authorId: practitionerId,
      kind: paper.kind,
      number,
      content: paper.content,
      issuedAt: now,
      pdf,
      sha256: createHash('sha256').update(pdf).digest('hex'),
      verifyTokenHash: createHash('sha256').update(token).digest('hex'),
      // Demo papers only: the token is kept readable (the seed runs before any server secret exists,
      // and every test database shares this seed). Issued papers keep it sealed with the server's secret.
      verifyTokenSealed: `demo:${token}`,
    });
  }
  await tx.insert(clinicalDocumentCounters).values({ organizationId, year: Number(today.slice(0, 4)), last: n });
}
