import { z } from 'zod';

// /statistics (the `stat` group of SPEC §6): the practice's activity, clinical overview and
// satisfaction over a period, compared with the previous period. Aggregates only: a count of
// 1 to 4 is shown as "< 5", and cells tied to it by a shown sum as "secret" (domain/disclosure.ts),
// so that a figure never singles out a patient.

export const STAT_PERIODS = ['week', 'month', 'quarter', 'year', 'custom'] as const;
export type StatPeriod = (typeof STAT_PERIODS)[number];

export const STAT_BUCKETS = ['day', 'week', 'month'] as const;
export type StatBucket = (typeof STAT_BUCKETS)[number];

/** Longest custom range (issue "Bad input and limits"). */
export const STAT_MAX_YEARS = 5;

// The counts' disclosure rule ("< 5", and "secret" so that no "< 5" can be computed back).
import { STAT_MASKED, STAT_SECRET, maskCount } from '../domain/disclosure.ts';
import { dataAnswer } from './responses.ts';
import { isoDayField } from './fields.ts';
export { STAT_MASK_BELOW, STAT_MASKED, STAT_SECRET, maskCount, isShown, DisclosureTable, type StatCount } from '../domain/disclosure.ts';

export const STAT_MESSAGES = {
  invalidDate: 'Date invalide : utilisez le format JJ/MM/AAAA.',
  customNeedsDates: 'Choisissez une date de début et une date de fin.',
  endBeforeStart: 'La date de fin doit être postérieure ou égale à la date de début.',
  tooLong: `La période ne peut pas dépasser ${STAT_MAX_YEARS} ans.`,
  organisationNotFound: 'Organisation introuvable.',
  noOrganisation: 'Aucune organisation n’est associée à ce compte.',
  unknownTable: 'Tableau inconnu.',
} as const;

const isoDay = isoDayField(STAT_MESSAGES.invalidDate);

export const statisticsQuerySchema = z.object({
  period: z.enum(STAT_PERIODS).default('month'),
  from: isoDay.optional(),
  to: isoDay.optional(),
  /** SA and DE only; anyone else's is ignored (their own organisation). */
  organizationId: z.string().max(64).optional(),
});
export type StatisticsQuery = z.infer<typeof statisticsQuerySchema>;

export const STAT_TABLES = ['consultations', 'practitioners', 'specialities', 'newPatients', 'imc', 'painIntensity', 'painLocations', 'satisfaction'] as const;
export type StatTable = (typeof STAT_TABLES)[number];

export const statisticsExportSchema = statisticsQuerySchema.extend({ table: z.enum(STAT_TABLES, { error: STAT_MESSAGES.unknownTable }) });
export type StatisticsExportQuery = z.infer<typeof statisticsExportSchema>;

// --- Periods -------------------------------------------------------------------------------

function toDay(d: Date): string {
  return d.toISOString().slice(0, 10);
}
function parseDay(day: string): Date {
  return new Date(day + 'T00:00:00Z');
}
export function addDays(day: string, n: number): string {
  const d = parseDay(day);
  d.setUTCDate(d.getUTCDate() + n);
  return toDay(d);
}
function addMonths(day: string, n: number): string {
  const d = parseDay(day);
  d.setUTCMonth(d.getUTCMonth() + n, 1);
  return toDay(d);
}
/** Days from `from` to `to`, both included. */
export function daysBetween(from: string, to: string): number {
  return Math.round((parseDay(to).getTime() - parseDay(from).getTime()) / 86_400_000) + 1;
}

export const statRangeSchema = z.object({ from: z.string(), to: z.string() });
export type StatRange = z.infer<typeof statRangeSchema>;
export const resolvedPeriodSchema = statRangeSchema.extend({ period: z.enum(STAT_PERIODS), bucket: z.enum(STAT_BUCKETS), previous: statRangeSchema });
export type ResolvedPeriod = z.infer<typeof resolvedPeriodSchema>;

export type PeriodCheck = { ok: true; value: ResolvedPeriod } | { ok: false; message: string };

/** The bucket that keeps a chart readable: days up to a month, weeks up to a quarter, then months. */
export function bucketFor(from: string, to: string): StatBucket {
  const n = daysBetween(from, to);
  return n <= 31 ? 'day' : n <= 124 ? 'week' : 'month';
}

/**
 * The calendar period holding `today` (week from Monday, month, quarter, year) and the one before
 * it; a custom range is compared with the same number of days just before it.
 */
export function resolvePeriod(query: Pick<StatisticsQuery, 'period' | 'from' | 'to'>, today: string): PeriodCheck {
  const t = parseDay(today);
  let from: string;
  let to: string;
  let previous: StatRange;
  switch (query.period) {
    case 'week': {
      const weekday = (t.getUTCDay() + 6) % 7;
      from = addDays(today, -weekday);
      to = addDays(from, 6);
      previous = { from: addDays(from, -7), to: addDays(from, -1) };
      break;
    }
    case 'month': {
      from = today.slice(0, 8) + '01';
      to = addDays(addMonths(from, 1), -1);
      previous = { from: addMonths(from, -1), to: addDays(from, -1) };
      break;
    }
    case 'quarter': {
      const q = Math.floor(t.getUTCMonth() / 3) * 3;
      from = `${today.slice(0, 4)}-${String(q + 1).padStart(2, '0')}-01`;
      to = addDays(addMonths(from, 3), -1);
      previous = { from: addMonths(from, -3), to: addDays(from, -1) };
      break;
    }
    case 'year': {
      from = `${today.slice(0, 4)}-01-01`;
      to = `${today.slice(0, 4)}-12-31`;
      const y = String(Number(today.slice(0, 4)) - 1);
      previous = { from: `${y}-01-01`, to: `${y}-12-31` };
      break;
    }
    default: {
      if (!query.from || !query.to) return { ok: false, message: STAT_MESSAGES.customNeedsDates };
      if (query.to < query.from) return { ok: false, message: STAT_MESSAGES.endBeforeStart };
      const limit = `${Number(query.from.slice(0, 4)) + STAT_MAX_YEARS}${query.from.slice(4)}`;
      if (query.to >= limit) return { ok: false, message: STAT_MESSAGES.tooLong };
      from = query.from;
      to = query.to;
      const n = daysBetween(from, to);
      previous = { from: addDays(from, -n), to: addDays(from, -1) };
    }
  }
  return { ok: true, value: { period: query.period, from, to, previous, bucket: bucketFor(from, to) } };
}

// --- Answer --------------------------------------------------------------------------------

/** A count as shown: a number, "< 5" or "secret" (domain/disclosure.ts). */
export const statCountSchema = z.union([z.number(), z.literal(STAT_MASKED), z.literal(STAT_SECRET)]);

/** A figure and its change against the previous period in % (null when either side is hidden or 0). */
export const statFigureSchema = z.object({ value: statCountSchema, previous: statCountSchema, change: z.number().nullable() });
export type StatFigure = z.infer<typeof statFigureSchema>;

export const statSeriesPointSchema = z.object({
  /** First day of the bucket, YYYY-MM-DD. */
  start: z.string(),
  consultations: statCountSchema,
});
export type StatSeriesPoint = z.infer<typeof statSeriesPointSchema>;

export const statPainPointSchema = z.object({
  start: z.string(),
  /** Consultations per SPEC §3 intensity option in that bucket. */
  counts: z.record(z.string(), statCountSchema),
});
export type StatPainPoint = z.infer<typeof statPainPointSchema>;

export const statSatisfactionPointSchema = z.object({
  start: z.string(),
  opinions: statCountSchema,
  /** Hidden (null) when fewer than 5 opinions. */
  average: z.number().nullable(),
});
export type StatSatisfactionPoint = z.infer<typeof statSatisfactionPointSchema>;

/**
 * Appointment figures (by status, no-show and cancellation rates, booking delay). The agenda area
 * fills it once appointments exist; until then the answer carries null and the screen says so.
 */
export const statAppointmentsSchema = z.object({
  byStatus: z.array(z.object({ status: z.string(), count: statCountSchema })),
  noShowRate: z.number().nullable(),
  cancellationRate: z.number().nullable(),
  averageBookingDelayDays: z.number().nullable(),
});
export type StatAppointments = z.infer<typeof statAppointmentsSchema>;

/**
 * Programs (dietetics or sport) of the period: assigned in it, patients following one during it,
 * and the adherence over the weeks of the period already lived (sessions done, a partial one counting
 * half, over the sessions planned), not given under 5 patients.
 */
export const statProgramsSchema = z.object({
  assigned: statCountSchema,
  patients: statCountSchema,
  /** %, null when fewer than 5 patients or nothing to log (dietetics has no log). */
  adherenceRate: z.number().nullable(),
});
export type StatPrograms = z.infer<typeof statProgramsSchema>;

export const statisticsSchema = z.object({
  organizationId: z.string(),
  organizationName: z.string(),
  period: resolvedPeriodSchema,
  activity: z.object({
    consultations: statFigureSchema,
    newPatients: statFigureSchema,
    series: z.array(statSeriesPointSchema),
    byPractitioner: z.array(z.object({ idUser: z.string(), name: z.string(), consultations: statCountSchema })),
    bySpeciality: z.array(z.object({ idJobSpecialist: z.number(), label: z.string(), consultations: statCountSchema })),
    newPatientSeries: z.array(z.object({ start: z.string(), patients: statCountSchema })),
  }),
  clinical: z.object({
    /** Patients whose latest consultation falls in the period, by the IMC class of their latest measure. */
    imcClasses: z.array(z.object({ key: z.string(), label: z.string(), patients: statCountSchema })),
    painIntensity: z.array(z.object({ intensity: z.string(), consultations: statCountSchema })),
    painEvolution: z.array(statPainPointSchema),
    painLocations: z.array(z.object({ location: z.string(), consultations: statCountSchema })),
  }),
  satisfaction: z.object({
    opinions: statFigureSchema,
    /** Average Star (1–5), null when fewer than 5 opinions. */
    average: z.number().nullable(),
    previousAverage: z.number().nullable(),
    /** Share of opinions with Recommend = yes, in % (null when fewer than 5 opinions). */
    recommendShare: z.number().nullable(),
    series: z.array(statSatisfactionPointSchema),
  }),
  appointments: statAppointmentsSchema.nullable(),
  /** Dietetics and sport, from their areas (null until an area gives its figures). */
  programs: z.object({ dietetics: statProgramsSchema.nullable(), sport: statProgramsSchema.nullable() }),
});
export type Statistics = z.infer<typeof statisticsSchema>;
/** The answer of GET /api/statistics. */
export const statisticsAnswer = dataAnswer(statisticsSchema);

/** +/− % between two counts; null when either is hidden or the previous one is 0. */
export function changePercent(value: number, previous: number): number | null {
  if (previous === 0 || maskCount(value) === STAT_MASKED || maskCount(previous) === STAT_MASKED) return null;
  return Math.round(((value - previous) / previous) * 1000) / 10;
}
