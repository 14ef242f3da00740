import { z } from 'zod';
import { REFERENCE_LANGUAGES, referenceCreateSchema, referenceLabelsSchema, referenceItemSchema, referenceUpdateSchema, type ReferenceLabels } from './reference.ts';

// Job specialities (SPEC §7 POST /api/Job_specialist; SA and DE manage the list): a reference
// table (reference.ts) with one field of its own, `dietetic`. Id 1 is the general profile of
// SPEC §7: no dietetic fields.
export const GENERAL_SPECIALIST_ID = 1;

export const SPECIALIST_LANGUAGES = REFERENCE_LANGUAGES;

export const specialistLabelsSchema = referenceLabelsSchema;
export type SpecialistLabels = ReferenceLabels;

/** One job speciality as every answer shows it: the reference fields and the SPEC §3/§7 ones. */
export const jobSpecialistSchema = referenceItemSchema.extend({
  /** SPEC §3 field name, same value as `id`. */
  idJobSpecialist: z.number(),
  /** Whether the dietetic fields of the consultation form apply (SPEC §7). */
  dietetic: z.boolean(),
});
export type JobSpecialist = z.infer<typeof jobSpecialistSchema>;

export const specialistCreateSchema = referenceCreateSchema.extend({ dietetic: z.boolean() });
export type SpecialistCreate = z.infer<typeof specialistCreateSchema>;

export const specialistUpdateSchema = referenceUpdateSchema.extend({ dietetic: z.boolean().optional() });
export type SpecialistUpdate = z.infer<typeof specialistUpdateSchema>;
