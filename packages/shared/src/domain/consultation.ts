// SPEC §3 option lists and the §4/§5 rules of the consultation form, shared by the panel and the server.

export const DOLOR_LOCATIONS = ['Cervical', 'Trapèzes', 'Dorsal', 'Lombaire', 'Sacro-iliaque', 'Membre supérieur', 'Membre inférieur', 'Non Renseigné'] as const;
export const DOLOR_INTENSITIES = ['1-2', '3-4', '5-6', '7-8', '9-10', 'Non Renseigné'] as const;
export const ANTALGESIC_TREATMENTS = ['Non renseigné', 'Oui', 'Non'] as const;
export const TREATMENT_EFFICACIES = ['Non renseigné', 'Oui', 'Non'] as const;
/** The prevention radio: primary, secondary, tertiary, with their texts prevention1..3 (SPEC §3). */
export const PREVENTION_TYPES = ['primary', 'secondary', 'tertiary'] as const;
export const PREVENTION_FIELDS = { primary: 'prevention1', secondary: 'prevention2', tertiary: 'prevention3' } as const;

export type DolorLocation = (typeof DOLOR_LOCATIONS)[number];
export type DolorIntensity = (typeof DOLOR_INTENSITIES)[number];
export type AntalgesicTreatment = (typeof ANTALGESIC_TREATMENTS)[number];
export type TreatmentEfficacy = (typeof TREATMENT_EFFICACIES)[number];
export type PreventionType = (typeof PREVENTION_TYPES)[number];

export const NOT_SPECIFIED_LOCATION: DolorLocation = 'Non Renseigné';
export const NOT_SPECIFIED: AntalgesicTreatment = 'Non renseigné';

/** SPEC §7: specialist 1 (general profile) sends no dietetic field; every other one does. */
export const GENERAL_SPECIALIST_ID = 1;
export function hasDieteticFields(idJobSpecialist: number | null | undefined): boolean {
  return idJobSpecialist != null && idJobSpecialist !== GENERAL_SPECIALIST_ID;
}

export const DIETETIC_FIELDS = ['pattern', 'physicalCapacity', 'riskyFoodsFrequency', 'breakfast', 'lunch', 'dinner', 'snack', 'dislikes'] as const;
export type DieteticField = (typeof DIETETIC_FIELDS)[number];

/**
 * SPEC §4: choosing Non or Non renseigné blanks the treatment name and sets efficacy to Non renseigné;
 * name and efficacy are kept (and required) only for Oui.
 */
export function applyAnalgesicRule<T extends { antalgesicTreatment: string; treatmentName?: string | null; treatmentEfficacy?: string | null }>(values: T): T {
  if (values.antalgesicTreatment === 'Oui') return values;
  return { ...values, treatmentName: '', treatmentEfficacy: NOT_SPECIFIED };
}

/** A calendar day as YYYY-MM-DD in local time. */
export function toDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Whether a string is a real YYYY-MM-DD calendar day (no 2026-02-30). */
export function isDay(value: string | null | undefined): value is string {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/** SPEC §5: the pain start date is sent as YYYY-MM-DD and falls back to today if invalid. */
export function painStartDay(value: string | Date | null | undefined, today: Date = new Date()): string {
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? toDay(today) : toDay(value);
  return isDay(value) ? value : toDay(today);
}

/** Entities an editor writes for a space: they are not visible text. */
const SPACE_ENTITIES = ['&nbsp;', '&#160;'];

/**
 * How deeply tags of a rich text may nest. The toolbar's deepest content (a list in a list in a
 * quote) is a handful of levels; the allow-list pass costs the square of the depth, so a text of
 * thousands of nested tags would hold the server for minutes.
 */
export const RICH_TEXT_MAX_DEPTH = 64;
export const RICH_TEXT_TOO_DEEP = `Texte mis en forme trop imbriqué : ${RICH_TEXT_MAX_DEPTH} niveaux de balises au plus.`;

/**
 * Rich text with no visible text (an editor's empty `<p></p>`) counts as empty. One pass over the
 * text, each character read once: a regular expression such as /<[^>]*>/g rescans the rest of
 * the text from every unclosed '<', which is quadratic (a 198 kB note full of '<' took seconds and
 * froze the server). Same reading as that expression: what lies between '<' and the next '>' is a
 * tag; an unclosed '<' and what follows it stay text.
 */
export function isBlankRichText(html: string | null | undefined): boolean {
  if (!html) return true;
  let inTag = false;
  for (let i = 0; i < html.length; i++) {
    const c = html[i];
    if (inTag) {
      if (c === '>') inTag = false;
      continue;
    }
    if (c === '<') {
      inTag = true;
      continue;
    }
    if (c === '&') {
      const entity = SPACE_ENTITIES.find((e) => html.startsWith(e, i));
      if (entity) {
        i += entity.length - 1;
        continue;
      }
    }
    if (c.trim() !== '') return false;
  }
  // A '<' never closed is text, and it is visible.
  return !inTag;
}

/** The form fields that count for SPEC §5 emptiness (every field except date, pain location, pain
 * intensity, files, analgesic treatment, id, efficacy and pain start date). */
export interface ConsultationContent {
  ConsultationNote?: string | null;
  Diagnostic?: string | null;
  HealthCareCategory?: string | null;
  Size?: number | string | null;
  Weight?: number | string | null;
  eradiation?: string | null;
  triggeringFactor?: string | null;
  treatmentName?: string | null;
  prevention1?: string | null;
  prevention2?: string | null;
  prevention3?: string | null;
  pattern?: string | null;
  physicalCapacity?: string | null;
  riskyFoodsFrequency?: string | null;
  breakfast?: string | null;
  lunch?: string | null;
  dinner?: string | null;
  snack?: string | null;
  dislikes?: string | null;
}

const RICH_FIELDS = ['ConsultationNote', 'Diagnostic', 'HealthCareCategory'] as const;
const PLAIN_FIELDS = ['eradiation', 'triggeringFactor', 'treatmentName', 'prevention1', 'prevention2', 'prevention3', ...DIETETIC_FIELDS] as const;

/** SPEC §5: 'Enregistrer' is disabled while this is true. */
export function isConsultationEmpty(values: ConsultationContent): boolean {
  if (RICH_FIELDS.some((f) => !isBlankRichText(values[f]))) return false;
  if ([values.Size, values.Weight].some((v) => v !== null && v !== undefined && String(v).trim() !== '')) return false;
  return PLAIN_FIELDS.every((f) => !values[f] || String(values[f]).trim() === '');
}

export const PAIN_START_MESSAGES = {
  future: 'La date de début de la douleur ne peut pas être dans le futur.',
  beforeBirth: 'La date de début de la douleur ne peut pas précéder la date de naissance du patient.',
  tooOld: 'La date de début de la douleur doit être postérieure au 01/01/1900.',
  invalid: 'Date incomplète ou invalide : saisissez-la au format JJ/MM/AAAA.',
} as const;
/** No pain started before this day (a 01/01/1800 is a typing error). */
export const PAIN_START_MIN = '1900-01-01';

/**
 * The pain start day (YYYY-MM-DD) is neither in the future nor before the patient's birth (when
 * known). Empty is allowed: SPEC §5 sends today then.
 */
export function painStartError(day: string, context: { birthDate?: string | null; today?: Date } = {}): string | undefined {
  if (!day) return undefined;
  if (!isDay(day)) return PAIN_START_MESSAGES.invalid;
  if (day > toDay(context.today ?? new Date())) return PAIN_START_MESSAGES.future;
  if (context.birthDate && isDay(context.birthDate) && day < context.birthDate) return PAIN_START_MESSAGES.beforeBirth;
  if (day < PAIN_START_MIN) return PAIN_START_MESSAGES.tooOld;
  return undefined;
}
