import { z } from 'zod';
import type { PermissionGroup } from '../permissions.ts';
import { dataAnswer } from './responses.ts';
import { referenceCreateSchema, referenceItemSchema, referenceUpdateSchema } from './reference.ts';
import { boundedText, intId, intIdQuery, isoDayField } from './fields.ts';
import { LOG_STATUSES } from '../domain/sport.ts';

// The sport area: its reference catalogs (SPEC §2 /bodyparts … /typeofprograms), the exercise
// library (/exercices) and the sport programs (/program/sportif/list) with their assignments to
// patients and the sessions a patient logs. Validated identically by the screens and the server.

/** The catalogs, by the SPEC §2 route that manages each; SPEC §6 gives who changes them. */
export const SPORT_CATALOGS = {
  bodyparts: { route: '/bodyparts', write: 'developer' },
  categories: { route: '/categories', write: 'wellbe' },
  equipments: { route: '/equipments', write: 'wellbe' },
  levels: { route: '/levels', write: 'wellbe' },
  objectifs: { route: '/objectifs', write: 'wellbe' },
  typeofprograms: { route: '/typeofprograms', write: 'wellbe' },
  gender: { route: '/gender', write: 'wellbe' },
} as const satisfies Record<string, { route: string; write: PermissionGroup }>;
export type SportCatalog = keyof typeof SPORT_CATALOGS;
export const SPORT_CATALOG_NAMES = Object.keys(SPORT_CATALOGS) as SportCatalog[];

/** The catalogs' API path: /api/sport-catalogs/<name>. */
export const sportCatalogPath = (name: SportCatalog) => `/api/sport-catalogs/${name}`;

export const SPORT_LIMITS = {
  sets: [1, 20],
  reps: [1, 200],
  durationS: [1, 3 * 3600],
  loadKg: [0, 500],
  loadPct: [1, 150],
  restS: [0, 3600],
  score: [0, 10],
  exercisesPerSession: 60,
  sessionsPerWeek: [1, 7],
  weeks: [1, 52],
  /** Days without a log after which a patient is flagged on the practitioner's dashboard. */
  inactiveDays: 7,
} as const;

export const SPORT_MESSAGES = {
  catalogNotFound: 'Élément du catalogue introuvable.',
  codeTaken: 'Ce code existe déjà dans ce catalogue.',
  code: 'Le code ne contient que des lettres minuscules, chiffres et tirets (40 caractères au plus).',
  exerciseNotFound: 'Exercice introuvable.',
  programNotFound: 'Programme introuvable.',
  sessionNotFound: 'Séance introuvable.',
  catalogValue: 'Une valeur de catalogue est inconnue.',
  catalogPlatformEntry: 'Les entrées communes du catalogue sont gérées par l’équipe WellBe : ajoutez une entrée propre à votre organisation.',
  sets: 'Le nombre de séries doit être compris entre 1 et 20.',
  reps: 'Le nombre de répétitions doit être compris entre 1 et 200.',
  duration: 'La durée doit être comprise entre 1 seconde et 3 heures.',
  load: 'La charge doit être comprise entre 0 et 500 kg.',
  loadPct: 'La charge doit être comprise entre 1 et 150 % du maximum.',
  rest: 'Le repos doit être compris entre 0 et 3600 secondes.',
  repsOrDuration: 'Indiquez des répétitions ou une durée pour chaque exercice.',
  score: 'La note doit être comprise entre 0 et 10.',
  exercisesPerSession: 'Une séance compte au plus 60 exercices.',
  sessionsPerWeek: 'Un programme compte de 1 à 7 séances par semaine.',
  weeks: 'Un programme dure de 1 à 52 semaines.',
  name: 'Le nom est obligatoire.',
  sessionsRequired: 'Ajoutez au moins une séance.',
  date: 'Date invalide (AAAA-MM-JJ).',
  noProgram: 'Aucun programme sportif en cours.',
  logStatus: 'Indiquez si la séance est faite, partielle ou non faite.',
  mediaMissing: 'Choisissez une image ou une vidéo.',
  mediaType: 'Le fichier doit être une image JPEG ou PNG, ou une vidéo MP4 ou WebM.',
  mediaImageTooLarge: 'Une image ne peut pas dépasser 5 Mo.',
  mediaVideoTooLarge: 'Une vidéo ne peut pas dépasser 20 Mo.',
  noMedia: 'Cet exercice n’a ni image ni vidéo.',
  logDay: 'La séance doit être datée entre le début du programme et aujourd’hui.',
  bodyPartRequired: 'Choisissez au moins une partie du corps.',
} as const;

/** An exercise's image or short video: the types (read from the bytes) and their size limits. */
export const EXERCISE_MEDIA = {
  imageMaxBytes: 5_000_000,
  videoMaxBytes: 20_000_000,
  accept: 'image/jpeg,image/png,video/mp4,video/webm',
} as const;

const isoDay = isoDayField(SPORT_MESSAGES.date);
const int = (range: readonly [number, number], message: string) => z.number({ error: message }).int(message).min(range[0], message).max(range[1], message);

// ---- Catalogs ----

export const catalogCodeSchema = z.string().trim().regex(/^[a-z0-9-]{1,40}$/, SPORT_MESSAGES.code);
/** The code is optional on create: made from the French label when the screen sends none. */
export const sportCatalogCreateSchema = referenceCreateSchema.extend({ code: catalogCodeSchema.optional(), region: boundedText(40).optional() });
export const sportCatalogUpdateSchema = referenceUpdateSchema.extend({ region: boundedText(40).optional() });
export type SportCatalogCreate = z.infer<typeof sportCatalogCreateSchema>;
export type SportCatalogUpdate = z.infer<typeof sportCatalogUpdateSchema>;

export const sportCatalogItemSchema = referenceItemSchema.extend({
  code: z.string(),
  /** null: a WellBe entry every organisation sees (written by SA and DE); else the organisation's own. */
  organizationId: z.string().nullable(),
  /** Body parts only: the region grouping the muscle (haut du corps, tronc, bas du corps). */
  region: z.string().nullable(),
  /** Whether an exercise or a program uses the entry (then it may only be deactivated). */
  used: z.boolean().optional(),
});
export type SportCatalogItem = z.infer<typeof sportCatalogItemSchema>;

/** How many of the four labels are filled and differ from the French one (the completeness indicator). */
export function labelCompleteness(labels: { fr: string; en: string; tr: string; ar: string }): number {
  return (['fr', 'en', 'tr', 'ar'] as const).filter((l) => labels[l]?.trim()).length;
}

// ---- Exercises ----

export const exerciseSearchQuerySchema = z.object({
  q: z.string().trim().max(100).optional(),
  bodyPart: intIdQuery().optional(),
  equipment: intIdQuery().optional(),
  level: intIdQuery().optional(),
  category: intIdQuery().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
  offset: z.coerce.number().int().min(0).max(10_000).default(0),
});
export type ExerciseSearchQuery = z.infer<typeof exerciseSearchQuerySchema>;

export const exerciseWriteSchema = z.object({
  nameFr: boundedText(200).min(2, SPORT_MESSAGES.name),
  instructionsFr: z.array(boundedText(1000).min(1)).max(30).default([]),
  categoryId: intId(),
  levelId: intId(),
  equipmentId: intId().nullable().default(null),
  primaryBodyPartIds: z.array(intId()).min(1, SPORT_MESSAGES.bodyPartRequired).max(17),
  secondaryBodyPartIds: z.array(intId()).max(17).default([]),
});
export type ExerciseWrite = z.infer<typeof exerciseWriteSchema>;

export const exerciseSchema = z.object({
  id: z.string(),
  /** The French name, or the English one while the exercise is not translated. */
  name: z.string(),
  nameFr: z.string().nullable(),
  nameEn: z.string().nullable(),
  /** false: shown with the "non traduit" marker. */
  translated: z.boolean(),
  instructions: z.array(z.string()),
  categoryId: z.number(),
  levelId: z.number(),
  equipmentId: z.number().nullable(),
  primaryBodyPartIds: z.array(z.number()),
  secondaryBodyPartIds: z.array(z.number()),
  /** 'library' (the shared free-exercise-db library) or 'organisation' (the practice's own). */
  source: z.enum(['library', 'organisation']),
  /** Its image or short video (GET /api/exercises/{id}/media), or null. */
  media: z.object({ kind: z.enum(['image', 'video']), mime: z.string(), version: z.string() }).nullable(),
});
export type Exercise = z.infer<typeof exerciseSchema>;

export const exercisePageSchema = z.object({ items: z.array(exerciseSchema), total: z.number() });
export type ExercisePage = z.infer<typeof exercisePageSchema>;

// The answers of /api/exercises.
export const exerciseAnswer = dataAnswer(exerciseSchema);
export const exercisePageAnswer = dataAnswer(exercisePageSchema);

// ---- Programs ----

export { LOG_STATUSES, type LogStatus } from '../domain/sport.ts';

export const programExerciseSchema = z
  .object({
    exerciseId: z.uuid(SPORT_MESSAGES.exerciseNotFound),
    sets: int(SPORT_LIMITS.sets, SPORT_MESSAGES.sets),
    reps: int(SPORT_LIMITS.reps, SPORT_MESSAGES.reps).nullable().default(null),
    durationS: int(SPORT_LIMITS.durationS, SPORT_MESSAGES.duration).nullable().default(null),
    loadKg: z.number({ error: SPORT_MESSAGES.load }).min(0, SPORT_MESSAGES.load).max(500, SPORT_MESSAGES.load).nullable().default(null),
    loadPct: int(SPORT_LIMITS.loadPct, SPORT_MESSAGES.loadPct).nullable().default(null),
    restS: int(SPORT_LIMITS.restS, SPORT_MESSAGES.rest).nullable().default(null),
    tempo: boundedText(20).default(''),
    notes: boundedText(500).default(''),
  })
  .refine((e) => e.reps != null || e.durationS != null, { message: SPORT_MESSAGES.repsOrDuration, path: ['reps'] });
export type ProgramExerciseWrite = z.infer<typeof programExerciseSchema>;

export const programSessionSchema = z.object({
  /** An existing session keeps its id (the patient's logs point at it). */
  id: z.uuid().optional(),
  name: boundedText(120).min(1, SPORT_MESSAGES.name),
  exercises: z.array(programExerciseSchema).max(SPORT_LIMITS.exercisesPerSession, SPORT_MESSAGES.exercisesPerSession),
});

export const sportProgramWriteSchema = z.object({
  name: boundedText(200).min(2, SPORT_MESSAGES.name),
  description: boundedText(2000).default(''),
  objectiveId: intId().nullable().default(null),
  typeId: intId().nullable().default(null),
  levelId: intId().nullable().default(null),
  genderId: intId().nullable().default(null),
  weeks: int(SPORT_LIMITS.weeks, SPORT_MESSAGES.weeks),
  sessionsPerWeek: int(SPORT_LIMITS.sessionsPerWeek, SPORT_MESSAGES.sessionsPerWeek),
  sessions: z.array(programSessionSchema).min(1, SPORT_MESSAGES.sessionsRequired).max(14),
});
export type SportProgramWrite = z.infer<typeof sportProgramWriteSchema>;

export const sportAssignSchema = z.object({ idPatient: z.uuid('Patient introuvable.'), startDate: isoDay });
export type SportAssign = z.infer<typeof sportAssignSchema>;

export const sessionLogSchema = z.object({
  sessionId: z.uuid(SPORT_MESSAGES.sessionNotFound),
  status: z.enum(LOG_STATUSES, { error: SPORT_MESSAGES.logStatus }),
  rpe: int(SPORT_LIMITS.score, SPORT_MESSAGES.score).nullable().default(null),
  pain: int(SPORT_LIMITS.score, SPORT_MESSAGES.score).nullable().default(null),
  comment: boundedText(1000).default(''),
  /** The day of the session (default: today). */
  day: isoDay.optional(),
});
export type SessionLogWrite = z.infer<typeof sessionLogSchema>;

// A saved line: the written fields as stored (no defaults nor checks: the answer is what was saved).
export const programExerciseAnswerSchema = z.object({
  id: z.string(),
  exerciseId: z.string(),
  sets: z.number(),
  reps: z.number().nullable(),
  durationS: z.number().nullable(),
  loadKg: z.number().nullable(),
  loadPct: z.number().nullable(),
  restS: z.number().nullable(),
  tempo: z.string(),
  notes: z.string(),
  exercise: exerciseSchema.pick({ id: true, name: true, nameEn: true, translated: true, instructions: true, equipmentId: true, media: true }).extend({
    /** The library's English steps (its source's), [] for a practice's own exercise: an English reader gets them. */
    instructionsEn: z.array(z.string()),
  }),
});
export type ProgramExercise = z.infer<typeof programExerciseAnswerSchema>;

export const programSessionAnswerSchema = z.object({ id: z.string(), name: z.string(), exercises: z.array(programExerciseAnswerSchema) });
export type ProgramSession = z.infer<typeof programSessionAnswerSchema>;

/** A program's body with extra fields on each line (the web builder adds the exercise's name). */
export type ProgramWriteWith<X> = Omit<SportProgramWrite, 'sessions'> & { sessions: { id?: string; name: string; exercises: (ProgramExerciseWrite & X)[] }[] };

/**
 * A saved program back as the body that writes it: the server copies a program with it (duplicate,
 * assign; `keepSessionIds` false), the builder edits it as a draft (session ids kept, the patient's
 * logs point at them; `extra` adds display fields to each line).
 */
export function programWriteOf<X extends object = Record<never, never>>(p: SportProgram, options: { keepSessionIds?: boolean; extra?: (line: ProgramExercise) => X } = {}): ProgramWriteWith<X> {
  const extra = options.extra ?? (() => ({}) as X);
  return {
    name: p.name,
    description: p.description,
    objectiveId: p.objectiveId,
    typeId: p.typeId,
    levelId: p.levelId,
    genderId: p.genderId,
    weeks: p.weeks,
    sessionsPerWeek: p.sessionsPerWeek,
    sessions: p.sessions.map((s) => ({
      ...(options.keepSessionIds ? { id: s.id } : {}),
      name: s.name,
      exercises: s.exercises.map((l) => {
        const { id: _id, exercise: _e, ...line } = l;
        return { ...line, ...extra(l) };
      }),
    })),
  };
}

export const sportProgramSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  objectiveId: z.number().nullable(),
  typeId: z.number().nullable(),
  levelId: z.number().nullable(),
  genderId: z.number().nullable(),
  weeks: z.number(),
  sessionsPerWeek: z.number(),
  sessionCount: z.number(),
  exerciseCount: z.number(),
  /** Set on a patient's copy: the patient, the start and end days, the template it came from. */
  patient: z.object({ idPatient: z.string(), FullName: z.string() }).nullable(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  templateId: z.string().nullable(),
});
export type SportProgramSummary = z.infer<typeof sportProgramSummarySchema>;

export const sportProgramSchema = sportProgramSummarySchema.extend({ sessions: z.array(programSessionAnswerSchema) });
export type SportProgram = z.infer<typeof sportProgramSchema>;

export const sessionLogAnswerSchema = z.object({
  id: z.string(),
  sessionId: z.string(),
  sessionName: z.string(),
  day: z.string(),
  status: z.enum(LOG_STATUSES),
  rpe: z.number().nullable(),
  pain: z.number().nullable(),
  comment: z.string(),
});
export type SessionLog = z.infer<typeof sessionLogAnswerSchema>;

export const adherenceWeekSchema = z.object({
  /** 1 = the program's first week. */
  week: z.number(),
  from: z.string(),
  to: z.string(),
  planned: z.number(),
  done: z.number(),
  partial: z.number(),
  skipped: z.number(),
  rpe: z.number().nullable(),
  pain: z.number().nullable(),
});
export type AdherenceWeek = z.infer<typeof adherenceWeekSchema>;

export const adherenceSchema = z.object({
  weeks: z.array(adherenceWeekSchema),
  /** Done sessions (partial count half) over planned sessions of the weeks begun, in %. */
  rate: z.number().nullable(),
  lastLogDay: z.string().nullable(),
  /** The pain recorded in consultations (dolorIntensity band midpoints) over the program's time. */
  consultationPain: z.array(z.object({ day: z.string(), pain: z.number() })),
});
export type Adherence = z.infer<typeof adherenceSchema>;

export const patientSportProgramSchema = z.object({ program: sportProgramSchema, logs: z.array(sessionLogAnswerSchema), adherence: adherenceSchema });
export type PatientSportProgram = z.infer<typeof patientSportProgramSchema>;

export const mySportTodaySchema = z.object({
  patient: z.object({ FullName: z.string() }),
  today: z.string(),
  program: sportProgramSchema.nullable(),
  /** The session suggested for today: the next one in rotation after the last logged. */
  sessionId: z.string().nullable(),
  logs: z.array(sessionLogAnswerSchema),
});
export type MySportToday = z.infer<typeof mySportTodaySchema>;

export const inactivePatientSchema = z.object({
  idPatient: z.string(),
  FullName: z.string(),
  programId: z.string(),
  programName: z.string(),
  startDate: z.string(),
  lastLogDay: z.string().nullable(),
  daysWithoutLog: z.number(),
});
export type InactivePatient = z.infer<typeof inactivePatientSchema>;

// The answers of /api/sport-programs.
export const sportProgramAnswer = dataAnswer(sportProgramSchema);
export const sportProgramListAnswer = dataAnswer(z.array(sportProgramSummarySchema));
export const inactivePatientsAnswer = dataAnswer(z.array(inactivePatientSchema));
export const mySportTodayAnswer = dataAnswer(mySportTodaySchema);
export const sessionLogAnswer = dataAnswer(sessionLogAnswerSchema);
export const patientSportProgramsAnswer = dataAnswer(z.array(patientSportProgramSchema));

/**
 * Adherence of a program per week from its logs (pure, shared with the screens' tests).
 * A day's several logs of one session count once (the last one).
 */
export function computeAdherence(program: { startDate: string; weeks: number; sessionsPerWeek: number }, logs: Pick<SessionLog, 'day' | 'status' | 'rpe' | 'pain'>[], today: string): Omit<Adherence, 'consultationPain'> {
  const start = Date.parse(`${program.startDate}T00:00:00Z`);
  const now = Date.parse(`${today}T00:00:00Z`);
  const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  const weeks: AdherenceWeek[] = [];
  for (let w = 0; w < program.weeks; w++) {
    const fromMs = start + w * 7 * 86_400_000;
    if (fromMs > now) break;
    const from = day(fromMs);
    const to = day(fromMs + 6 * 86_400_000);
    const inWeek = logs.filter((l) => l.day >= from && l.day <= to);
    const avg = (values: (number | null)[]) => {
      const v = values.filter((x): x is number => x != null);
      return v.length ? Math.round((v.reduce((a, b) => a + b, 0) / v.length) * 10) / 10 : null;
    };
    weeks.push({
      week: w + 1,
      from,
      to,
      planned: program.sessionsPerWeek,
      done: inWeek.filter((l) => l.status === 'done').length,
      partial: inWeek.filter((l) => l.status === 'partial').length,
      skipped: inWeek.filter((l) => l.status === 'skipped').length,
      rpe: avg(inWeek.filter((l) => l.status !== 'skipped').map((l) => l.rpe)),
      pain: avg(inWeek.map((l) => l.pain)),
    });
  }
  const planned = weeks.reduce((a, w) => a + w.planned, 0);
  const achieved = weeks.reduce((a, w) => a + Math.min(w.planned, w.done + w.partial / 2), 0);
  const lastLogDay = logs.length ? logs.map((l) => l.day).sort().at(-1)! : null;
  return { weeks, rate: planned ? Math.round((achieved / planned) * 100) : null, lastLogDay };
}
