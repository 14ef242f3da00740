import { z } from 'zod';
import {
  ANTALGESIC_TREATMENTS,
  DOLOR_INTENSITIES,
  DOLOR_LOCATIONS,
  isDay,
  PREVENTION_TYPES,
  TREATMENT_EFFICACIES,
} from '../domain/consultation.ts';
import { intId, isIsoInstant, pgInt } from './fields.ts';
import { dataAnswer } from './responses.ts';

// SPEC §3 consultation form and §7 consultationCreate, validated identically by the panel and the server.
export const CONSULTATION_MESSAGES = {
  size: 'La taille doit être comprise entre 30 et 250 cm.',
  weight: 'Le poids doit être compris entre 1 et 400 kg.',
  date: 'Date de consultation invalide.',
  painStart: 'Date de début de la douleur invalide (format AAAA-MM-JJ attendu).',
  location: 'Localisation de la douleur invalide.',
  intensity: 'Intensité de la douleur invalide.',
  antalgesic: 'Valeur du traitement antalgique invalide.',
  efficacy: 'Valeur de l’efficacité du traitement invalide.',
  prevention: 'Type de prévention invalide.',
  treatmentNameRequired: 'Le nom du traitement est obligatoire.',
  tooLong: 'Texte trop long.',
  richTooLong: (label: string) => `Le texte « ${label} » dépasse la limite de 50 000 caractères.`,
  plainTooLong: (label: string) => `Le champ « ${label} » dépasse la limite de 2 000 caractères.`,
  treatmentNameTooLong: 'Le nom du traitement dépasse la limite de 200 caractères.',
  empty: 'La consultation est vide : renseignez au moins un champ.',
  success: 'Consultation créer avec succès',
  versionConflict: 'Cette consultation a été modifiée entre-temps : rechargez-la avant d’enregistrer.',
  notFound: 'Consultation introuvable.',
  idTaken: 'Cet identifiant de consultation est déjà utilisé.',
} as const;

/** Characters of a rich text as stored (its HTML, formatting included): the panel counts the same. */
export const RICH_TEXT_MAX = 50_000;
/** Characters of a short text field (irradiation, triggering factor, preventions, dietetic fields). */
export const PLAIN_TEXT_MAX = 2_000;
export const TREATMENT_NAME_MAX = 200;
/** The French labels of the limited fields, for the server's refusal messages. */
const LABELS = {
  ConsultationNote: 'Consultation',
  Diagnostic: 'Diagnostic',
  HealthCareCategory: 'Soins',
  eradiation: 'Irradiation',
  triggeringFactor: 'Facteur déclenchant',
  prevention1: 'Prévention primaire',
  prevention2: 'Prévention secondaire',
  prevention3: 'Prévention tertiaire',
  pattern: 'Profil alimentaire',
  physicalCapacity: 'Capacité physique',
  riskyFoodsFrequency: 'Fréquence des aliments à risque',
  breakfast: 'Petit-déjeuner',
  lunch: 'Déjeuner',
  dinner: 'Dîner',
  snack: 'Collation',
  dislikes: 'Aliments non appréciés',
} as const;
/**
 * Request size a consultation may need: three rich texts at their maximum length, up to 6 bytes a
 * character in JSON (a control character is escaped as \u0001), plus the short fields (13 × 2,000
 * characters) — about 1.4 MB, so the server's default 1 MB body limit is raised for these routes.
 */
export const CONSULTATION_BODY_LIMIT = 3 * RICH_TEXT_MAX * 6 + 512_000;

/** An instant (isIsoInstant) between 1900 and 2100: '-271821-04-20' or '99999-01-01' parse in
 * JavaScript but are no consultation date (and PostgreSQL refused them with a 500), and Date.parse
 * alone read '2026-02-31T10:00Z' as 3 March and 'T24:00' as the next day. */
function isPlausibleConsultationDate(value: string): boolean {
  if (!isIsoInstant(value)) return false;
  const time = Date.parse(value);
  if (Number.isNaN(time)) return false;
  const year = new Date(time).getUTCFullYear();
  return year >= 1900 && year <= 2100;
}
const text = (max: number, message: string = CONSULTATION_MESSAGES.tooLong) => z.string({ error: message }).max(max, message);
const rich = (field: keyof typeof LABELS) => text(RICH_TEXT_MAX, CONSULTATION_MESSAGES.richTooLong(LABELS[field])).default('');
const plain = (field: keyof typeof LABELS) => text(PLAIN_TEXT_MAX, CONSULTATION_MESSAGES.plainTooLong(LABELS[field])).nullish();

/** The content of a consultation (consultationCreate of SPEC §7, dietetic fields included). */
export const consultationFieldsSchema = z
  .object({
    ConsultationDate: z
      .string({ error: CONSULTATION_MESSAGES.date })
      .max(40, CONSULTATION_MESSAGES.date)
      .refine(isPlausibleConsultationDate, CONSULTATION_MESSAGES.date)
      .meta({ description: 'Instant ISO 8601 ; sans décalage (…T10:00), l’heure du cabinet (fuseau de l’organisation). Absent : maintenant.' })
      .nullish(),
    ConsultationNote: rich('ConsultationNote'),
    Diagnostic: rich('Diagnostic'),
    HealthCareCategory: rich('HealthCareCategory'),
    /** SPEC §3 spells the 'Soins' field HealthCareCategoy, §7 HealthCareCategory: both are accepted
     * (a client written from either section must not lose the text); §7's spelling wins. */
    HealthCareCategoy: text(RICH_TEXT_MAX, CONSULTATION_MESSAGES.richTooLong(LABELS.HealthCareCategory)).optional(),
    Size: z.number({ error: CONSULTATION_MESSAGES.size }).min(30, CONSULTATION_MESSAGES.size).max(250, CONSULTATION_MESSAGES.size).nullish(),
    Weight: z.number({ error: CONSULTATION_MESSAGES.weight }).min(1, CONSULTATION_MESSAGES.weight).max(400, CONSULTATION_MESSAGES.weight).nullish(),
    dolorLocation: z.enum(DOLOR_LOCATIONS, { error: CONSULTATION_MESSAGES.location }).nullish(),
    dolorIntensity: z.enum(DOLOR_INTENSITIES, { error: CONSULTATION_MESSAGES.intensity }).nullish(),
    eradiation: plain('eradiation'),
    triggeringFactor: plain('triggeringFactor'),
    startEradiationDate: z.string({ error: CONSULTATION_MESSAGES.painStart }).refine(isDay, CONSULTATION_MESSAGES.painStart).nullish(),
    antalgesicTreatment: z.enum(ANTALGESIC_TREATMENTS, { error: CONSULTATION_MESSAGES.antalgesic }).default('Non renseigné'),
    treatmentName: text(TREATMENT_NAME_MAX, CONSULTATION_MESSAGES.treatmentNameTooLong).nullish(),
    treatmentEfficacy: z.enum(TREATMENT_EFFICACIES, { error: CONSULTATION_MESSAGES.efficacy }).nullish(),
    preventionType: z.enum(PREVENTION_TYPES, { error: CONSULTATION_MESSAGES.prevention }).nullish(),
    prevention1: plain('prevention1'),
    prevention2: plain('prevention2'),
    prevention3: plain('prevention3'),
    /** Sent by specialists other than 1 (SPEC §7). */
    idJobSpeciality: intId().nullish(),
    pattern: plain('pattern'),
    physicalCapacity: plain('physicalCapacity'),
    riskyFoodsFrequency: plain('riskyFoodsFrequency'),
    breakfast: plain('breakfast'),
    lunch: plain('lunch'),
    dinner: plain('dinner'),
    snack: plain('snack'),
    dislikes: plain('dislikes'),
  })
  // SPEC §4: the treatment name is required when an analgesic treatment is taken.
  .refine((v) => v.antalgesicTreatment !== 'Oui' || !!v.treatmentName?.trim(), {
    message: CONSULTATION_MESSAGES.treatmentNameRequired,
    path: ['treatmentName'],
  });
export type ConsultationFields = z.input<typeof consultationFieldsSchema>;

/** POST /api/consultation action createBySpeciality (SPEC §7), without `action`. */
export const consultationCreateBodySchema = z.object({
  idPatient: z.uuid(),
  Iduser: z.uuid(),
  idOrganization: z.uuid().nullish(),
  idJobSpecialist: intId().nullish(),
  /** Generated by the client: a retried save answers the same consultation (idempotent). */
  idConsultation: z.uuid(),
  consultationCreate: consultationFieldsSchema,
});
export type ConsultationCreateBody = z.input<typeof consultationCreateBodySchema>;

/** PUT /api/consultations/:id: the version read, and the new content. */
export const consultationUpdateBodySchema = z.object({
  version: pgInt({ min: 1 }),
  consultation: consultationFieldsSchema,
});
export type ConsultationUpdateBody = z.input<typeof consultationUpdateBodySchema>;

export const consultationDocumentSchema = z.object({
  idDocument: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number(),
  createdAt: z.string(),
});
export type ConsultationDocument = z.infer<typeof consultationDocumentSchema>;

const optionalText = z.string().nullable();

/** GET /api/consultations/:id (edit mode). */
export const consultationDetailSchema = z.object({
  idConsultation: z.string(),
  idPatient: z.string(),
  patientFullName: z.string(),
  idOrganization: z.string(),
  Iduser: z.string(),
  idJobSpecialist: z.number(),
  version: z.number(),
  ConsultationDate: z.string(),
  ConsultationNote: z.string(),
  Diagnostic: z.string(),
  HealthCareCategory: z.string(),
  Size: z.number().nullable(),
  Weight: z.number().nullable(),
  dolorLocation: optionalText,
  dolorIntensity: optionalText,
  eradiation: optionalText,
  triggeringFactor: optionalText,
  startEradiationDate: optionalText,
  antalgesicTreatment: optionalText,
  treatmentName: optionalText,
  treatmentEfficacy: optionalText,
  preventionType: optionalText,
  prevention1: optionalText,
  prevention2: optionalText,
  prevention3: optionalText,
  pattern: optionalText,
  physicalCapacity: optionalText,
  riskyFoodsFrequency: optionalText,
  breakfast: optionalText,
  lunch: optionalText,
  dinner: optionalText,
  snack: optionalText,
  dislikes: optionalText,
  documents: z.array(consultationDocumentSchema),
  /** Issue 32: signed (who, when), locked (read-only: corrections are addenda), and its addenda. */
  signedAt: z.string().nullable(),
  signedByName: z.string().nullable(),
  lockedAt: z.string().nullable(),
  addenda: z.array(z.object({ id: z.string(), text: z.string(), at: z.string(), authorId: z.string(), authorName: z.string() })),
});
export type ConsultationDetail = z.infer<typeof consultationDetailSchema>;

// The answers of the consultation routes (the web client's types come from them).
export const consultationDetailAnswer = dataAnswer(consultationDetailSchema);
/** SPEC §7 createBySpeciality: the consultation's id beside `success`. */
export const consultationCreatedAnswer = z.object({ success: z.boolean(), idConsultation: z.string() });
