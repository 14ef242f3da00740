import { DIETETIC_FIELDS, hasDieteticFields, PAIN_START_MESSAGES, painStartError, PREVENTION_FIELDS } from '@wellbe/shared/domain/consultation';
import { checkDecimal, DECIMAL_MESSAGE } from '@wellbe/shared/domain/decimal';
import { plausibilityWarnings, type PlausibilityWarning } from '@wellbe/shared/domain/imc';
import { CONSULTATION_MESSAGES, PLAIN_TEXT_MAX, RICH_TEXT_MAX, TREATMENT_NAME_MAX } from '@wellbe/shared/schemas/consultations';
import { i18n } from '../../i18n/i18n.ts';
import { formatNumber } from '../../lib/format.ts';
import { translateMessage, type MessageKeys } from '../../lib/messages.ts';
import type { ConsultationDraft } from './consultation-store.ts';

// What keeps 'Enregistrer' disabled, checked in the browser with the rules the server applies:
// a number that is not one, a value out of range, a pain start date out of bounds, a text over its
// limit. The order is the form's, so "go to the first invalid field" lands on the top one.

export type DraftField = keyof ConsultationDraft;

/** The DOM id of a field of the panel (the first invalid one gets the focus). */
export const fieldId = (field: DraftField) => `consultation-field-${field}`;

const PLAIN_FIELDS = ['eradiation', 'triggeringFactor', 'prevention1', 'prevention2', 'prevention3'] as const;
const RICH_FIELDS = ['ConsultationNote', 'Diagnostic', 'HealthCareCategory'] as const;

// The rules' messages are the server's French (packages/shared); the panel shows them in the
// interface's language. checkDraft runs at each render of the form, so a language change re-reads them.
const MESSAGE_KEYS: MessageKeys = {
  [CONSULTATION_MESSAGES.size]: 'validation.size',
  [CONSULTATION_MESSAGES.weight]: 'validation.weight',
  [DECIMAL_MESSAGE]: 'validation.decimal',
  [CONSULTATION_MESSAGES.treatmentNameRequired]: 'validation.treatmentNameRequired',
  [CONSULTATION_MESSAGES.treatmentNameTooLong]: ['validation.treatmentNameTooLong', { max: TREATMENT_NAME_MAX }],
  [PAIN_START_MESSAGES.future]: 'validation.painFuture',
  [PAIN_START_MESSAGES.beforeBirth]: 'validation.painBeforeBirth',
  [PAIN_START_MESSAGES.tooOld]: 'validation.painTooOld',
  [PAIN_START_MESSAGES.invalid]: 'validation.painInvalid',
  // The server's refusals of a save, shown by the panel and its save dialog.
  [CONSULTATION_MESSAGES.versionConflict]: 'validation.versionConflict',
  [CONSULTATION_MESSAGES.empty]: 'validation.empty',
  [CONSULTATION_MESSAGES.notFound]: 'validation.notFound',
  [CONSULTATION_MESSAGES.idTaken]: 'validation.idTaken',
};

/** A message of the consultation rules in the interface's language (unknown ones as they are). */
export function consultationMessage(message: string): string;
export function consultationMessage(message: string | undefined): string | undefined;
export function consultationMessage(message: string | undefined): string | undefined {
  return translateMessage(i18n.getFixedT(null, 'consultations'), MESSAGE_KEYS, message);
}

/** "2 000 caractères au maximum." in French, the limit written in each language's digits. */
function tooLong(max: number): string {
  const locale = i18n.language === 'ar' ? 'ar-u-nu-latn' : i18n.language === 'fr' ? 'fr-FR' : i18n.language;
  return i18n.getFixedT(null, 'consultations')('validation.maxChars', { max: formatNumber(max, locale) });
}

export interface DraftCheck {
  errors: Partial<Record<DraftField, string>>;
  /** The first invalid field in the form's order, or null. */
  first: DraftField | null;
  size: number | null;
  weight: number | null;
}

export function checkDraft(draft: ConsultationDraft, context: { birthDate?: string | null; idJobSpecialist?: number | null; today?: Date } = {}): DraftCheck {
  const errors: Partial<Record<DraftField, string>> = {};
  const size = checkDecimal(draft.Size, 30, 250, CONSULTATION_MESSAGES.size);
  const weight = checkDecimal(draft.Weight, 1, 400, CONSULTATION_MESSAGES.weight);
  if (size.error) errors.Size = consultationMessage(size.error);
  if (weight.error) errors.Weight = consultationMessage(weight.error);
  const order: DraftField[] = ['Size', 'Weight', ...PLAIN_FIELDS.slice(0, 2), 'startEradiationDate', 'treatmentName', PREVENTION_FIELDS[draft.preventionType], ...RICH_FIELDS];
  for (const f of PLAIN_FIELDS) if (draft[f].length > PLAIN_TEXT_MAX) errors[f] = tooLong(PLAIN_TEXT_MAX);
  const pain = painStartError(draft.startEradiationDate, { birthDate: context.birthDate, today: context.today });
  if (pain) errors.startEradiationDate = consultationMessage(pain);
  if (draft.antalgesicTreatment === 'Oui' && !draft.treatmentName.trim()) errors.treatmentName = consultationMessage(CONSULTATION_MESSAGES.treatmentNameRequired);
  else if (draft.treatmentName.length > TREATMENT_NAME_MAX) errors.treatmentName = consultationMessage(CONSULTATION_MESSAGES.treatmentNameTooLong);
  for (const f of RICH_FIELDS) if (draft[f].length > RICH_TEXT_MAX) errors[f] = tooLong(RICH_TEXT_MAX);
  if (hasDieteticFields(context.idJobSpecialist)) {
    order.push(...DIETETIC_FIELDS);
    for (const f of DIETETIC_FIELDS) if (draft[f].length > PLAIN_TEXT_MAX) errors[f] = tooLong(PLAIN_TEXT_MAX);
  }
  const first = order.find((f) => errors[f]) ?? (Object.keys(errors)[0] as DraftField | undefined) ?? null;
  return { errors, first, size: size.error ? null : size.value, weight: weight.error ? null : weight.value };
}

/** The unusual values to confirm before saving (IMC, weight change since the previous consultation). */
export function draftWarnings(draft: ConsultationDraft, previousWeight: number | null): PlausibilityWarning[] {
  const check = checkDraft(draft);
  return plausibilityWarnings({ weight: check.weight, size: check.size, previousWeight });
}
