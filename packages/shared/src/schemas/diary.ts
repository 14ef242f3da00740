import { z } from 'zod';
import { DOLOR_LOCATIONS } from '../domain/consultation.ts';
import { MEALS } from '../domain/dietetics.ts';
import { dataAnswer, idString } from './responses.ts';
import { boundedText, intId, isoDayField, isoDayOrInstantField, pgInt, uuidId } from './fields.ts';

// The patient's diaries (weight, meals, pain, activity), written from their space and read by their
// practitioners in the patient file. One shape for server, web and the API document.

export const DIARY_KINDS = ['weight', 'meal', 'pain', 'activity'] as const;
export type DiaryKind = (typeof DIARY_KINDS)[number];

/** Household measures a patient may use instead of weighing (grams per measure, rounded usual values). */
export const HOUSEHOLD_MEASURES = {
  teaspoon: 5,
  tablespoon: 15,
  glass: 200,
  bowl: 250,
  slice: 30,
  portion: 100,
} as const;
export type HouseholdMeasure = keyof typeof HOUSEHOLD_MEASURES;
export const HOUSEHOLD_MEASURE_KEYS = Object.keys(HOUSEHOLD_MEASURES) as HouseholdMeasure[];

export const ACTIVITY_INTENSITIES = ['light', 'moderate', 'vigorous'] as const;
export type ActivityIntensity = (typeof ACTIVITY_INTENSITIES)[number];

export const DIARY_LIMITS = {
  weightMin: 1,
  weightMax: 400,
  itemsMax: 40,
  gramsMax: 5000,
  durationMax: 1440,
  commentMax: 2000,
  activityMax: 120,
  /** A day-by-day series up to this many days; beyond, per week, then per month (chart). */
  dailyDays: 90,
  weeklyDays: 731,
  /** A photo of a meal: an image, typed by its bytes. */
  photoBytes: 10 * 1024 * 1024,
} as const;

export const DIARY_MESSAGES = {
  weight: `Le poids doit être compris entre ${DIARY_LIMITS.weightMin} et ${DIARY_LIMITS.weightMax} kg.`,
  intensity: 'L’intensité de la douleur doit être un entier de 0 à 10.',
  location: 'Choisissez une localisation de la douleur dans la liste.',
  meal: 'Choisissez le repas : petit-déjeuner, déjeuner, dîner ou collation.',
  items: 'Ajoutez au moins un aliment au repas.',
  tooManyItems: `Un repas compte au plus ${DIARY_LIMITS.itemsMax} aliments.`,
  grams: `La quantité doit être comprise entre 1 et ${DIARY_LIMITS.gramsMax} g.`,
  quantity: 'Indiquez une quantité (grammes ou mesure ménagère) pour chaque aliment.',
  duration: `La durée doit être comprise entre 1 et ${DIARY_LIMITS.durationMax} minutes.`,
  activityIntensity: 'Choisissez une intensité : légère, modérée ou soutenue.',
  activity: 'Choisissez une séance de votre programme ou décrivez l’activité.',
  at: 'La date est invalide.',
  future: 'La date ne peut pas être dans le futur.',
  kind: 'Type d’entrée inconnu : poids, repas, douleur ou activité.',
  range: 'La date de fin doit suivre la date de début.',
  notFound: 'Entrée du journal introuvable.',
  sessionNotFound: 'Séance introuvable dans votre programme.',
  photoType: 'La photo doit être une image JPEG, PNG ou WebP.',
  photoSize: 'La photo ne doit pas dépasser 10 Mo.',
  photoMissing: 'Aucune photo reçue.',
  comment: 'Le commentaire est obligatoire.',
} as const;

/** An instant as typed: ISO 8601 with its offset ('2026-03-01T08:30:00+01:00' or '…Z'). */
const at = z.iso.datetime({ offset: true, error: DIARY_MESSAGES.at });
const clientId = uuidId().optional();

const weightKg = z
  .number({ error: DIARY_MESSAGES.weight })
  .min(DIARY_LIMITS.weightMin, DIARY_MESSAGES.weight)
  .max(DIARY_LIMITS.weightMax, DIARY_MESSAGES.weight)
  .refine((n) => Number.isInteger(Math.round(n * 100)), DIARY_MESSAGES.weight);

export const mealItemSchema = z
  .object({
    foodId: intId('Aliment introuvable.'),
    grams: z.number({ error: DIARY_MESSAGES.grams }).positive(DIARY_MESSAGES.grams).max(DIARY_LIMITS.gramsMax, DIARY_MESSAGES.grams).optional(),
    measure: z.enum(HOUSEHOLD_MEASURE_KEYS as [HouseholdMeasure, ...HouseholdMeasure[]], { error: DIARY_MESSAGES.quantity }).optional(),
    quantity: z.number({ error: DIARY_MESSAGES.quantity }).positive(DIARY_MESSAGES.quantity).max(20, DIARY_MESSAGES.quantity).optional(),
  })
  .refine((i) => i.grams != null || (i.measure != null && i.quantity != null), { message: DIARY_MESSAGES.quantity, path: ['grams'] });
export type MealItemWrite = z.infer<typeof mealItemSchema>;

/** Grams of a line: as weighed, else its household measure times the quantity. */
export function gramsOf(item: MealItemWrite): number {
  return item.grams ?? HOUSEHOLD_MEASURES[item.measure!] * item.quantity!;
}

export const diaryEntryWriteSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('weight'), id: clientId, at, weightKg }),
    z.object({
      kind: z.literal('pain'),
      id: clientId,
      at,
      intensity: pgInt({ min: 0, max: 10, message: DIARY_MESSAGES.intensity }),
      location: z.enum(DOLOR_LOCATIONS, { error: DIARY_MESSAGES.location }),
      note: boundedText(500).optional(),
    }),
    z.object({
      kind: z.literal('meal'),
      id: clientId,
      at,
      meal: z.enum(MEALS, { error: DIARY_MESSAGES.meal }),
      items: z.array(mealItemSchema, { error: DIARY_MESSAGES.items }).min(1, DIARY_MESSAGES.items).max(DIARY_LIMITS.itemsMax, DIARY_MESSAGES.tooManyItems),
      note: boundedText(500).optional(),
    }),
    z
      .object({
        kind: z.literal('activity'),
        id: clientId,
        at,
        sessionId: uuidId(DIARY_MESSAGES.sessionNotFound).optional(),
        activity: boundedText(DIARY_LIMITS.activityMax).optional(),
        durationMin: pgInt({ min: 1, max: DIARY_LIMITS.durationMax, message: DIARY_MESSAGES.duration }),
        intensity: z.enum(ACTIVITY_INTENSITIES, { error: DIARY_MESSAGES.activityIntensity }),
        note: boundedText(500).optional(),
      })
      .refine((a) => !!a.sessionId || !!a.activity?.trim(), { message: DIARY_MESSAGES.activity, path: ['activity'] }),
  ],
  { error: DIARY_MESSAGES.kind },
);
export type DiaryEntryWrite = z.infer<typeof diaryEntryWriteSchema>;

// The day of an instant must exist too: Date.parse reads 2026-02-31 as a day of March.
const isoDayOrInstant = isoDayOrInstantField(DIARY_MESSAGES.at);
/** A calendar day of a query ('YYYY-MM-DD'). */
export const diaryDay = isoDayField(DIARY_MESSAGES.at);

export const diaryQuerySchema = z.object({
  kind: z.enum(DIARY_KINDS, { error: DIARY_MESSAGES.kind }).optional(),
  /** A day, or an instant: one without an offset is the practice's wall-clock time. */
  from: isoDayOrInstant.optional(),
  to: isoDayOrInstant.optional(),
});
export type DiaryQuery = z.infer<typeof diaryQuerySchema>;

export const diaryCommentSchema = z.object({ comment: boundedText(DIARY_LIMITS.commentMax).min(1, DIARY_MESSAGES.comment) });
export const diaryFollowSchema = z.object({ follow: z.boolean() });

// ---- Answers ----

export const mealItemAnswerSchema = z.object({
  foodId: z.number(),
  name: z.string(),
  grams: z.number(),
  measure: z.string().nullable(),
  quantity: z.number().nullable(),
  energyKcal: z.number(),
});

export const diaryEntrySchema = z.object({
  id: idString,
  kind: z.enum(DIARY_KINDS),
  at: z.string(),
  /** The calendar day of `at` in the practice's time zone. */
  day: z.string(),
  weightKg: z.number().nullable(),
  intensity: z.number().nullable(),
  location: z.string().nullable(),
  meal: z.string().nullable(),
  items: z.array(mealItemAnswerSchema),
  energyKcal: z.number().nullable(),
  proteinsG: z.number().nullable(),
  carbohydratesG: z.number().nullable(),
  fatG: z.number().nullable(),
  sessionId: z.string().nullable(),
  activity: z.string().nullable(),
  durationMin: z.number().nullable(),
  activityIntensity: z.string().nullable(),
  note: z.string().nullable(),
  hasPhoto: z.boolean(),
  comment: z.object({ text: z.string(), author: z.string(), at: z.string() }).nullable(),
  createdAt: z.string(),
});
export type DiaryEntry = z.infer<typeof diaryEntrySchema>;

/** One point of a chart: a day, a week (its Monday) or a month (its first day). */
export const diaryBucketSchema = z.object({
  start: z.string(),
  weightKg: z.number().nullable(),
  pain: z.number().nullable(),
  painMax: z.number().nullable(),
  /** Energy eaten per day with a meal logged, averaged over the bucket's days with meals. */
  energyKcal: z.number().nullable(),
  activityMin: z.number(),
  /** Days of the bucket with at least one entry. */
  daysWithEntries: z.number(),
  days: z.number(),
});
export type DiaryBucket = z.infer<typeof diaryBucketSchema>;

export const diaryChartSchema = z.object({
  from: z.string(),
  to: z.string(),
  granularity: z.enum(['day', 'week', 'month']),
  buckets: z.array(diaryBucketSchema),
  targetKcal: z.number().nullable(),
  consultations: z.array(z.object({ date: z.string(), pain: z.number().nullable() })),
  following: z.boolean(),
});
export type DiaryChart = z.infer<typeof diaryChartSchema>;

export const diarySummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  entries: z.object({ weight: z.number(), meal: z.number(), pain: z.number(), activity: z.number() }),
  weightChange: z.number().nullable(),
  painAverage: z.number().nullable(),
  energyAverage: z.number().nullable(),
  targetKcal: z.number().nullable(),
  activityMin: z.number(),
  /** Share (0–1) of the 7 days with at least one entry. */
  adherence: z.number(),
});
export type DiarySummary = z.infer<typeof diarySummarySchema>;

export const myDayTotalsSchema = z.object({
  day: z.string(),
  energyKcal: z.number(),
  proteinsG: z.number(),
  carbohydratesG: z.number(),
  fatG: z.number(),
  targets: z.object({ energyKcal: z.number(), proteinsG: z.number(), carbohydratesG: z.number(), fatG: z.number() }).nullable(),
});
export type MyDayTotals = z.infer<typeof myDayTotalsSchema>;

export const diaryNotificationsSchema = z.object({
  count: z.number(),
  patients: z.array(z.object({ idPatient: z.string(), FullName: z.string(), count: z.number() })),
});
export type DiaryNotifications = z.infer<typeof diaryNotificationsSchema>;

export const diaryEntryAnswer = dataAnswer(diaryEntrySchema);
export const diaryEntryListAnswer = dataAnswer(z.array(diaryEntrySchema));
export const diaryChartAnswer = dataAnswer(diaryChartSchema);
export const diarySummaryAnswer = dataAnswer(diarySummarySchema);
export const myDayTotalsAnswer = dataAnswer(myDayTotalsSchema);
export const diaryNotificationsAnswer = dataAnswer(diaryNotificationsSchema);
export const diaryFollowAnswer = dataAnswer(z.object({ following: z.boolean() }));
