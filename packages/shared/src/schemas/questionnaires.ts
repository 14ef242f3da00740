import { z } from 'zod';
import { boundedText, pgInt, textField, uuidId } from './fields.ts';
import { dataAnswer } from './responses.ts';

// Questionnaires (DESIGN §9): a definition is versioned JSON checked by ONE schema, this file's
// `questionnaireDefinitionSchema`, which the builder, the server and the patient's form all use;
// answers are checked against the version they were given on by `checkAnswers`, the same code on
// both sides, so the form's messages are the server's.

export const QUESTION_TYPES = ['single', 'multiple', 'scale', 'number', 'date', 'text', 'longText', 'yesNo'] as const;
export type QuestionType = (typeof QUESTION_TYPES)[number];

/** Spellings a client may use for the same type (snake case, "choice" suffixes). */
const TYPE_ALIASES: Record<string, QuestionType> = {
  single_choice: 'single',
  singleChoice: 'single',
  radio: 'single',
  multiple_choice: 'multiple',
  multipleChoice: 'multiple',
  checkbox: 'multiple',
  long_text: 'longText',
  longtext: 'longText',
  textarea: 'longText',
  short_text: 'text',
  shortText: 'text',
  yes_no: 'yesNo',
  yesno: 'yesNo',
  boolean: 'yesNo',
};

export const QUESTIONNAIRE_LIMITS = {
  questions: 100,
  options: 30,
  shortText: 500,
  longText: 5000,
  weeks: 52,
  /** The mail reminder of a questionnaire sent with an appointment, this long before it. */
  reminderHours: 48,
} as const;

export const ASSIGNMENT_STATUSES = ['pending', 'in_progress', 'submitted'] as const;
export type AssignmentStatus = (typeof ASSIGNMENT_STATUSES)[number];
export const ASSIGNMENT_SOURCES = ['manual', 'appointment', 'schedule'] as const;

export const QUESTIONNAIRE_MESSAGES = {
  notFound: 'Questionnaire introuvable.',
  assignmentNotFound: 'Questionnaire introuvable.',
  inactive: 'Ce questionnaire est désactivé : réactivez-le avant de l’envoyer.',
  alreadySubmitted: 'Ce questionnaire a déjà été envoyé : il ne peut plus être modifié.',
  questionIds: 'Deux questions ne peuvent pas avoir le même identifiant.',
  questionId: 'L’identifiant d’une question ne contient que des lettres, chiffres, « - » et « _ » (40 au plus).',
  questionsMin: 'Ajoutez au moins une question.',
  questionsMax: `Un questionnaire compte au plus ${QUESTIONNAIRE_LIMITS.questions} questions.`,
  optionsMin: 'Une question à choix propose au moins deux réponses.',
  optionsMax: `Une question à choix propose au plus ${QUESTIONNAIRE_LIMITS.options} réponses.`,
  optionValues: 'Deux réponses d’une même question ne peuvent pas être identiques.',
  bounds: 'Le minimum doit être inférieur ou égal au maximum.',
  condition: 'Une condition porte sur une question placée avant elle.',
  type: 'Type de question inconnu.',
  unknownQuestion: 'Cette réponse ne correspond à aucune question du questionnaire.',
  required: 'Cette question est obligatoire.',
  choice: 'Choisissez une des réponses proposées.',
  choices: 'Choisissez parmi les réponses proposées.',
  scale: 'Choisissez une valeur entière de 0 à 10.',
  number: 'Saisissez un nombre.',
  min: (min: number, unit: string) => `La valeur doit être supérieure ou égale à ${min}${unit ? ` ${unit}` : ''}.`,
  max: (max: number, unit: string) => `La valeur doit être inférieure ou égale à ${max}${unit ? ` ${unit}` : ''}.`,
  date: 'Saisissez une date valide (JJ/MM/AAAA).',
  text: (max: number) => `Ce texte ne doit pas dépasser ${max} caractères.`,
  yesNo: 'Répondez par oui ou par non.',
  /** The message of a refused answer set: the question's label, then what is wrong. */
  answer: (label: string, message: string) => `« ${label} » : ${message}`,
  weeks: `Le nombre de semaines va de 1 à ${QUESTIONNAIRE_LIMITS.weeks}.`,
  dueAt: 'La date limite n’est pas une date valide.',
  programNotFound: 'Programme introuvable.',
  programOver: 'Ce programme est terminé : aucune semaine ne reste à suivre.',
  weeksOrProgram: 'Choisissez soit un nombre de semaines, soit un programme.',
} as const;

const optionSchema = z.preprocess(
  (v) => (typeof v === 'string' ? { value: v, label: v } : v),
  z.object({ value: textField('La valeur d’une réponse', 100), label: textField('Le libellé d’une réponse', 200) }),
);

/** "Show if the answer to question N is …": a choice value, a scale or number value, or yes/no. */
export const conditionSchema = z.object({
  questionId: z.string(),
  equals: z.union([z.string().max(100), z.number(), z.boolean()]),
});

const common = {
  id: z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, QUESTIONNAIRE_MESSAGES.questionId),
  label: textField('Le libellé de la question', 300),
  help: boundedText(500).optional(),
  required: z.boolean().default(false),
  showIf: conditionSchema.nullish(),
};
const choices = z.array(optionSchema).min(2, QUESTIONNAIRE_MESSAGES.optionsMin).max(QUESTIONNAIRE_LIMITS.options, QUESTIONNAIRE_MESSAGES.optionsMax);

export const questionSchema = z.preprocess(
  (v) => {
    if (!v || typeof v !== 'object') return v;
    const q = { ...(v as Record<string, unknown>) };
    if (typeof q.type === 'string' && TYPE_ALIASES[q.type]) q.type = TYPE_ALIASES[q.type];
    if (q.options === undefined && q.choices !== undefined) q.options = q.choices;
    if (q.showIf === undefined && q.condition !== undefined) q.showIf = q.condition;
    delete q.choices;
    delete q.condition;
    return q;
  },
  z.discriminatedUnion(
    'type',
    [
      z.object({ ...common, type: z.literal('single'), options: choices }),
      z.object({ ...common, type: z.literal('multiple'), options: choices }),
      z.object({ ...common, type: z.literal('scale'), minLabel: boundedText(100).default(''), maxLabel: boundedText(100).default('') }),
      z.object({ ...common, type: z.literal('number'), unit: boundedText(20).default(''), min: z.number().nullish(), max: z.number().nullish(), decimals: pgInt({ min: 0, max: 3 }).default(0) }),
      z.object({ ...common, type: z.literal('date') }),
      z.object({ ...common, type: z.literal('text') }),
      z.object({ ...common, type: z.literal('longText') }),
      z.object({ ...common, type: z.literal('yesNo') }),
    ],
    { error: QUESTIONNAIRE_MESSAGES.type },
  ),
);
export type Question = z.output<typeof questionSchema>;
export type QuestionInput = z.input<typeof questionSchema>;

/** The rules a question list keeps as a whole (ids, option values, bounds, conditions). */
function checkQuestions(questions: Question[], ctx: z.RefinementCtx) {
  const seen = new Map<string, Question>();
  questions.forEach((q, i) => {
    const issue = (message: string, path: (string | number)[] = []) => ctx.addIssue({ code: 'custom', message, path: ['questions', i, ...path] });
    if (seen.has(q.id)) issue(QUESTIONNAIRE_MESSAGES.questionIds, ['id']);
    if ((q.type === 'single' || q.type === 'multiple') && new Set(q.options.map((o) => o.value)).size !== q.options.length) issue(QUESTIONNAIRE_MESSAGES.optionValues, ['options']);
    if (q.type === 'number' && q.min != null && q.max != null && q.min > q.max) issue(QUESTIONNAIRE_MESSAGES.bounds, ['min']);
    if (q.showIf && !seen.has(q.showIf.questionId)) issue(QUESTIONNAIRE_MESSAGES.condition, ['showIf']);
    seen.set(q.id, q);
  });
}

export const questionnaireDefinitionSchema = z
  .object({
    title: textField('Le titre du questionnaire', 200),
    introduction: boundedText(2000).default(''),
    questions: z.array(questionSchema).min(1, QUESTIONNAIRE_MESSAGES.questionsMin).max(QUESTIONNAIRE_LIMITS.questions, QUESTIONNAIRE_MESSAGES.questionsMax),
  })
  .superRefine((d, ctx) => checkQuestions(d.questions, ctx));
export type QuestionnaireDefinition = z.output<typeof questionnaireDefinitionSchema>;

/** What the builder sends: the definition, and how the template is sent. */
export const questionnaireWriteSchema = questionnaireDefinitionSchema.and(
  z.object({
    /** A pre-visit form: its latest answers show in the consultation panel. */
    preVisit: z.boolean().default(false),
    /** Appointment types that send it at booking (reminded 48 h before if unanswered). */
    appointmentTypeIds: z.array(uuidId()).max(20).default([]),
  }),
);
export type QuestionnaireWrite = z.output<typeof questionnaireWriteSchema>;
export type QuestionnaireWriteInput = z.input<typeof questionnaireWriteSchema>;

export const questionnaireStateSchema = z.object({ active: z.boolean() });

export const questionnaireListQuery = z.object({ all: z.enum(['true', 'false']).optional() });

export const assignSchema = z.object({
  questionnaireId: uuidId(QUESTIONNAIRE_MESSAGES.notFound),
  dueAt: z.iso.datetime({ offset: true, error: QUESTIONNAIRE_MESSAGES.dueAt }).or(z.iso.date({ error: QUESTIONNAIRE_MESSAGES.dueAt })).nullish(),
  /** On a schedule: one a week for this many weeks (the length of a program). */
  weeks: pgInt({ min: 1, max: QUESTIONNAIRE_LIMITS.weeks, message: QUESTIONNAIRE_MESSAGES.weeks }).optional(),
  /** Weekly for the length of the patient's sport program: from its start to its end, stopping if it is archived. */
  programId: uuidId(QUESTIONNAIRE_MESSAGES.programNotFound).optional(),
}).refine((v) => !(v.weeks && v.programId), { message: QUESTIONNAIRE_MESSAGES.weeksOrProgram, path: ['programId'] });
export type AssignInput = z.infer<typeof assignSchema>;

export const answerValueSchema = z.union([z.string().max(QUESTIONNAIRE_LIMITS.longText + 1), z.number(), z.boolean(), z.array(z.string().max(100)).max(QUESTIONNAIRE_LIMITS.options), z.null()]);
export type AnswerValue = z.infer<typeof answerValueSchema>;
export type Answers = Record<string, AnswerValue>;

export const answersSchema = z.object({
  answers: z.record(z.string().max(40), answerValueSchema).default({}),
  submit: z.boolean().default(false),
});
export type AnswersInput = z.infer<typeof answersSchema>;

// ---- Rules on answers (form and server) ----

function empty(v: AnswerValue | undefined): boolean {
  return v == null || v === '' || (Array.isArray(v) && v.length === 0);
}

/** Whether a question is shown, given the answers so far (its condition on an earlier question). */
export function isShown(q: Question, answers: Answers): boolean {
  if (!q.showIf) return true;
  const v = answers[q.showIf.questionId];
  return Array.isArray(v) ? v.includes(String(q.showIf.equals)) : v === q.showIf.equals || (v != null && String(v) === String(q.showIf.equals));
}

function validDay(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}

/** What is wrong with one answer to `q`, or null. */
export function answerProblem(q: Question, v: AnswerValue | undefined): string | null {
  const M = QUESTIONNAIRE_MESSAGES;
  if (empty(v)) return null;
  switch (q.type) {
    case 'single':
      return typeof v === 'string' && q.options.some((o) => o.value === v) ? null : M.choice;
    case 'multiple':
      return Array.isArray(v) && v.every((x) => q.options.some((o) => o.value === x)) && new Set(v).size === v.length ? null : M.choices;
    case 'scale':
      return typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 10 ? null : M.scale;
    case 'number': {
      if (typeof v !== 'number' || !Number.isFinite(v)) return M.number;
      if (q.min != null && v < q.min) return M.min(q.min, q.unit);
      if (q.max != null && v > q.max) return M.max(q.max, q.unit);
      return null;
    }
    case 'date':
      return typeof v === 'string' && validDay(v) ? null : M.date;
    case 'text':
      return typeof v === 'string' && v.length <= QUESTIONNAIRE_LIMITS.shortText ? null : M.text(QUESTIONNAIRE_LIMITS.shortText);
    case 'longText':
      return typeof v === 'string' && v.length <= QUESTIONNAIRE_LIMITS.longText ? null : M.text(QUESTIONNAIRE_LIMITS.longText);
    case 'yesNo':
      return typeof v === 'boolean' ? null : M.yesNo;
  }
}

export interface AnswerIssue {
  questionId: string;
  message: string;
}

/**
 * Checks an answer set against its version: every answer fits its question (always, so that a
 * saved draft holds nothing a submit would refuse), and at submit every shown required question
 * is answered. Answers to questions hidden by their condition are dropped from `clean`.
 */
export function checkAnswers(questions: Question[], answers: Answers, submit: boolean): { issues: AnswerIssue[]; clean: Answers } {
  const issues: AnswerIssue[] = [];
  const byId = new Map(questions.map((q) => [q.id, q]));
  for (const id of Object.keys(answers)) if (!byId.has(id)) issues.push({ questionId: id, message: QUESTIONNAIRE_MESSAGES.unknownQuestion });
  const clean: Answers = {};
  for (const q of questions) {
    const raw = answers[q.id];
    const v = typeof raw === 'string' ? raw.trim() : raw;
    const problem = answerProblem(q, v);
    if (problem) issues.push({ questionId: q.id, message: problem });
    const shown = isShown(q, clean);
    if (submit && shown && q.required && empty(v)) issues.push({ questionId: q.id, message: QUESTIONNAIRE_MESSAGES.required });
    if (!empty(v) && (shown || !submit)) clean[q.id] = v!;
  }
  return { issues, clean };
}

// ---- Answers of the API ----

const questionAnswer = z.record(z.string(), z.unknown());

export const questionnaireSchema = z.object({
  id: z.string(),
  title: z.string(),
  introduction: z.string(),
  version: z.number(),
  questions: z.array(questionAnswer),
  preVisit: z.boolean(),
  appointmentTypeIds: z.array(z.string()),
  active: z.boolean(),
  updatedAt: z.string(),
});
export type Questionnaire = z.infer<typeof questionnaireSchema>;

export const assignmentSchema = z.object({
  id: z.string(),
  status: z.enum(ASSIGNMENT_STATUSES),
  source: z.enum(ASSIGNMENT_SOURCES),
  questionnaire: z.object({ id: z.string(), title: z.string(), introduction: z.string(), version: z.number(), preVisit: z.boolean(), questions: z.array(questionAnswer) }),
  answers: z.record(z.string(), z.unknown()),
  dueAt: z.string().nullable(),
  availableAt: z.string(),
  appointmentId: z.string().nullable(),
  /** The sport program a weekly schedule follows (none for other sends). */
  programId: z.string().nullable().optional(),
  submittedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Assignment = z.infer<typeof assignmentSchema>;

export const questionnaireAnswer = dataAnswer(questionnaireSchema);
export const questionnaireListAnswer = dataAnswer(z.array(questionnaireSchema));
export const assignedAnswer = dataAnswer(z.object({ id: z.string(), status: z.enum(ASSIGNMENT_STATUSES), count: z.number() }));
export const assignmentAnswer = dataAnswer(assignmentSchema);
export const assignmentListAnswer = dataAnswer(z.array(assignmentSchema));

// ---- Reading answers (patient file, consultation panel) ----

/** An answer as a practitioner reads it; `words` are the interface's yes and no; a day as DD/MM/YYYY. */
export function answerText(q: { type: string; options?: { value: string; label: string }[]; unit?: string }, v: unknown, words: { yes: string; no: string }): string {
  if (v == null || v === '') return '';
  const label = (x: unknown) => q.options?.find((o) => o.value === x)?.label ?? String(x);
  if (Array.isArray(v)) return v.map(label).join(', ');
  if (typeof v === 'boolean') return v ? words.yes : words.no;
  if (q.type === 'single') return label(v);
  if (q.type === 'scale') return `${String(v)}/10`;
  if (q.type === 'number') return `${String(v)}${q.unit ? ` ${q.unit}` : ''}`;
  if (q.type === 'date' && typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return v.split('-').reverse().join('/');
  return String(v);
}

/** The submitted values of each scale question over time, per questionnaire (the file's curves). */
export function scaleSeries(assignments: Assignment[]): { key: string; title: string; label: string; points: { at: string; value: number }[] }[] {
  const series = new Map<string, { key: string; title: string; label: string; points: { at: string; value: number }[] }>();
  for (const a of assignments) {
    if (a.status !== 'submitted' || !a.submittedAt) continue;
    for (const q of a.questionnaire.questions as { id: string; type: string; label: string }[]) {
      const v = a.answers[q.id];
      if (q.type !== 'scale' || typeof v !== 'number') continue;
      const key = `${a.questionnaire.id}:${q.id}`;
      const s = series.get(key) ?? { key, title: a.questionnaire.title, label: q.label, points: [] };
      s.points.push({ at: a.submittedAt, value: v });
      series.set(key, s);
    }
  }
  for (const s of series.values()) s.points.sort((x, y) => x.at.localeCompare(y.at));
  return [...series.values()];
}
