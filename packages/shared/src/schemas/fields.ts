import { z } from 'zod';

// The edge rules every id and integer field goes through, so that no input reaches PostgreSQL in a
// shape its column refuses (a 500 from the driver): ids are checked by their real format (a uuid,
// or a positive integer that fits an `integer` column), and every integer that lands in an
// `integer` column is bounded to that column's range. A new schema uses these instead of a bare
// `z.number().int()` (zod's own bound is 2^53; PostgreSQL's `integer` stops at 2^31 − 1).

/** The range of a PostgreSQL `integer` column. */
export const PG_INT_MIN = -2_147_483_648;
export const PG_INT_MAX = 2_147_483_647;

export const FIELD_MESSAGES = {
  idInvalid: 'Identifiant invalide.',
  integer: 'La valeur doit être un nombre entier.',
  between: (min: number, max: number) => `La valeur doit être comprise entre ${fmt(min)} et ${fmt(max)}.`,
  /** `label` names the field with its article, as a sentence starts: "Le nom du patient". */
  required: (label: string) => `${label} est obligatoire.`,
  tooLong: (label: string, max: number) => `${label} ne doit pas dépasser ${fmt(max)} caractères.`,
  tooShort: (label: string, min: number) => `${label} doit contenir au moins ${fmt(min)} caractères.`,
  /** A text whose form shows its own label: the message says the limit. */
  textTooLong: (max: number) => `Ce texte ne doit pas dépasser ${fmt(max)} caractères.`,
  dayFormat: 'Date attendue au format AAAA-MM-JJ.',
} as const;

/** 2147483647 → "2 147 483 647", as a French reader writes it (narrow no-break spaces are not typed by anyone). */
export function fmt(n: number): string {
  return String(n).replace(/\B(?=(\d{3})+(?!\d))/g, ' ');
}

interface IntOptions {
  min?: number;
  max?: number;
  /** The message of a value out of range or not an integer (the field's own wording). */
  message?: string;
}

function bounds(options: IntOptions) {
  const min = Math.max(options.min ?? PG_INT_MIN, PG_INT_MIN);
  const max = Math.min(options.max ?? PG_INT_MAX, PG_INT_MAX);
  return { min, max, range: options.message ?? FIELD_MESSAGES.between(min, max), integer: options.message ?? FIELD_MESSAGES.integer };
}

/** An integer of a JSON body that lands in an `integer` column, within [min, max] ∩ that column's range. */
export function pgInt(options: IntOptions = {}) {
  const b = bounds(options);
  return z.number({ error: b.integer }).int(b.integer).min(b.min, b.range).max(b.max, b.range);
}

/** The same from a query string or a path (text converted to a number first). */
export function pgIntQuery(options: IntOptions = {}) {
  const b = bounds(options);
  return z.coerce.number({ error: b.integer }).int(b.integer).min(b.min, b.range).max(b.max, b.range);
}

/** The id of a reference row (serial `integer` key): a positive integer that fits the column. */
export function intId(message: string = FIELD_MESSAGES.idInvalid) {
  return pgInt({ min: 1, message });
}

/** The same from a query string or a path. */
export function intIdQuery(message: string = FIELD_MESSAGES.idInvalid) {
  return pgIntQuery({ min: 1, message });
}

/** The id of a person or a record (uuid key). */
export function uuidId(message: string = FIELD_MESSAGES.idInvalid) {
  return z.uuid(message);
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A calendar day 'YYYY-MM-DD' that exists. The round trip through toISOString is the check:
 * Date.parse alone takes 2026-02-31 (V8 reads it as 3 March), and PostgreSQL refuses it
 * (a 500 from the driver), so the shape is not enough.
 */
export function isIsoDay(value: string): boolean {
  if (!ISO_DAY.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** A day of a body or a query string, with the field's own message. The pattern stays for the API document. */
export function isoDayField(message: string) {
  return z.string({ error: message }).regex(ISO_DAY, message).refine(isIsoDay, message);
}

// An instant as ISO 8601 writes it: a day, 'T', HH:MM, seconds and their fraction optional, then
// 'Z', an offset (±HH:MM or ±HHMM) or nothing. Every repetition is bounded and none is nested: the
// match is linear in the input, whatever its length.
const TIME = String.raw`(?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?`;
const ISO_INSTANT = new RegExp(String.raw`^(\d{4}-\d{2}-\d{2})T${TIME}$`);
/** A day or an instant, the pattern the API document shows (the refinement below is the check). */
const ISO_DAY_OR_INSTANT = new RegExp(String.raw`^\d{4}-\d{2}-\d{2}(?:T${TIME})?$`);

/**
 * An instant 'YYYY-MM-DDTHH:MM[:SS[.fff]][Z|±HH:MM]' whose day exists (isIsoDay: Date.parse reads
 * 2026-02-31T10:00 as 3 March) and whose hour is one of the day's (00 to 23: Date.parse reads
 * T24:00 as the next day's midnight).
 */
export function isIsoInstant(value: string): boolean {
  const match = ISO_INSTANT.exec(value);
  return match !== null && isIsoDay(match[1]!);
}

/** A day ('YYYY-MM-DD') or an instant (isIsoInstant) of a query string, with the field's own message. */
export function isoDayOrInstantField(message: string) {
  return z
    .string({ error: message })
    .regex(ISO_DAY_OR_INSTANT, message)
    .refine((value) => isIsoDay(value) || isIsoInstant(value), message);
}

/** `/:id` of a record: a path naming no uuid names nothing (the error handler answers 404). */
export const idParams = z.object({ id: uuidId() });
/** `/:idPatient` of a patient's file. */
export const patientParams = z.object({ idPatient: uuidId() });

// Each field says what is wrong with it: missing, too short or too long, with the limit. The
// messages name the field (its label, article included), so the API's answer and the form's
// helper text (the web uses these schemas through react-hook-form) tell the same thing.

interface TextOptions {
  /** Required and at least `min` characters after trimming (1 when only required). */
  min?: number;
  /** Whether an empty value is refused (default: true). */
  required?: boolean;
  /** The message of a missing or empty value, when the field has one of its own. */
  requiredMessage?: string;
}

/** A trimmed text field named `label`, at most `max` characters, with field-specific messages. */
export function textField(label: string, max: number, options: TextOptions = {}) {
  const required = options.requiredMessage ?? FIELD_MESSAGES.required(label);
  const base = z.string({ error: required }).trim();
  const min = options.min ?? (options.required === false ? 0 : 1);
  const withMin = min === 0 ? base : base.min(1, required);
  const bounded = min > 1 ? withMin.min(min, FIELD_MESSAGES.tooShort(label, min)) : withMin;
  return bounded.max(max, FIELD_MESSAGES.tooLong(label, max));
}

/** A trimmed free text of at most `max` characters, where the form's label already names the field. */
export function boundedText(max: number) {
  return z.string().trim().max(max, FIELD_MESSAGES.textTooLong(max));
}
