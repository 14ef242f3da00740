import { z } from 'zod';
import { dataAnswer } from './responses.ts';

// The BDPM medicine suggestions of the ordonnance editor (GET /api/medicines?q=).

export const MEDICINE_QUERY_MAX = 80;
export const MEDICINE_PAGE_MAX = 20;
/** Fewer typed letters suggest nothing (a whole table of one-letter matches helps nobody). */
export const MEDICINE_QUERY_MIN = 2;

export const MEDICINE_MESSAGES = {
  queryTooLong: `La recherche ne doit pas dépasser ${MEDICINE_QUERY_MAX} caractères.`,
  limitInteger: 'Le nombre de résultats doit être un entier.',
  limitMin: 'Le nombre de résultats doit être au moins 1.',
  limitMax: `Le nombre de résultats ne doit pas dépasser ${MEDICINE_PAGE_MAX}.`,
} as const;

/** The attribution the BDPM's terms ask for, shown under the suggestions. */
export const BDPM_ATTRIBUTION = 'Source : Base de données publique des médicaments (ANSM), données du 28/04/2026';

export const medicineSearchQuery = z.object({
  q: z.string().trim().max(MEDICINE_QUERY_MAX, MEDICINE_MESSAGES.queryTooLong).default(''),
  limit: z.coerce
    .number({ error: MEDICINE_MESSAGES.limitInteger })
    .int(MEDICINE_MESSAGES.limitInteger)
    .min(1, MEDICINE_MESSAGES.limitMin)
    .max(MEDICINE_PAGE_MAX, MEDICINE_MESSAGES.limitMax)
    .default(10),
});
export type MedicineSearchQuery = z.infer<typeof medicineSearchQuery>;

export const medicineSchema = z.object({
  /** The CIS code of the BDPM. */
  id: z.string(),
  name: z.string(),
  form: z.string(),
  routes: z.array(z.string()),
  substances: z.string(),
  holder: z.string(),
});
export type Medicine = z.infer<typeof medicineSchema>;
export const medicineListAnswer = dataAnswer(z.array(medicineSchema));
