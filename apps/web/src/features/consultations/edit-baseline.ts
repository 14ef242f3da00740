import type { ConsultationDetail, ConsultationFields } from '@wellbe/shared/schemas/consultations';
import type { ConsultationDraft } from './consultation-store.ts';

/**
 * What an edited consultation held when it was opened: the form shows an empty field with the
 * form's default ('Non Renseigné', 'primary', today's day as the pain's start…), and a save must not
 * turn those defaults into stored values the practitioner never chose — the record's history would
 * show changes nobody made (issue 32). A field left as it was opened is sent as it was stored.
 */
export interface EditBaseline {
  /** The draft as the form first showed it. */
  opened: Partial<ConsultationDraft>;
  /** The stored values of the same fields (null where nothing was recorded). */
  stored: Partial<Record<keyof ConsultationDraft, unknown>>;
}

export function editBaseline(draft: ConsultationDraft, detail: ConsultationDetail): EditBaseline {
  const stored: EditBaseline['stored'] = {};
  const source = detail as unknown as Record<string, unknown>;
  for (const key of Object.keys(draft) as (keyof ConsultationDraft)[]) {
    if (key !== 'idConsultation' && key in source) stored[key] = source[key] ?? null;
  }
  return { opened: { ...draft }, stored };
}

/**
 * The fields to send: one that was empty when opened and that the practitioner left untouched is left
 * out, so the server keeps it empty (its `?? null`) instead of storing the form's default.
 */
export function keepUntouched(fields: ConsultationFields, draft: ConsultationDraft, baseline: EditBaseline | undefined): ConsultationFields {
  if (!baseline) return fields;
  const sent = { ...fields } as Record<string, unknown>;
  for (const key of Object.keys(baseline.stored) as (keyof ConsultationDraft)[]) {
    if (baseline.stored[key] === null && draft[key] === baseline.opened[key]) delete sent[key];
  }
  return sent as ConsultationFields;
}
