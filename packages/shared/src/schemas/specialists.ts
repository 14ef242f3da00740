import { z } from 'zod';

// Job specialities (SPEC §7 POST /api/Job_specialist; issue 7: SA and DE manage the list).
// Id 1 is the general profile of SPEC §7: no dietetic fields.
export const GENERAL_SPECIALIST_ID = 1;

export const SPECIALIST_LANGUAGES = ['fr', 'en', 'tr', 'ar'] as const;

const label = z.string().trim().min(1, 'Le libellé est obligatoire.').max(120, 'Le libellé ne peut pas dépasser 120 caractères.');

export const specialistLabelsSchema = z.object({ fr: label, en: label, tr: label, ar: label });
export type SpecialistLabels = z.infer<typeof specialistLabelsSchema>;

/** One job speciality as every answer shows it. */
export interface JobSpecialist {
  id: number;
  /** SPEC §3 field name, same value as `id`. */
  idJobSpecialist: number;
  /** The French label (the interface language of SPEC §1). */
  label: string;
  labels: SpecialistLabels;
  /** Whether the dietetic fields of the consultation form apply (SPEC §7). */
  dietetic: boolean;
  active: boolean;
}

export const specialistCreateSchema = z.object({
  labels: specialistLabelsSchema,
  dietetic: z.boolean(),
});
export type SpecialistCreate = z.infer<typeof specialistCreateSchema>;

export const specialistUpdateSchema = z.object({
  labels: specialistLabelsSchema.optional(),
  dietetic: z.boolean().optional(),
  active: z.boolean().optional(),
});
export type SpecialistUpdate = z.infer<typeof specialistUpdateSchema>;
