import { z } from 'zod';
import { dataAnswer, instant, type Answer } from './responses.ts';

// Background jobs as /admin shows them to DE ('Tâches en échec').

export const failedJobSchema = z.object({
  id: z.string(),
  /** graphile-worker task identifier, e.g. send_mail. */
  task: z.string(),
  attempts: z.number(),
  maxAttempts: z.number(),
  lastError: z.string().nullable(),
  createdAt: instant,
  updatedAt: instant,
});
/** A failed job as the client receives it (dates as ISO strings). */
export type FailedJob = Answer<typeof failedJobSchema>;
export const failedJobsAnswer = dataAnswer(z.array(failedJobSchema));

export const JOB_MESSAGES = {
  notFound: 'Tâche introuvable ou déjà relancée.',
} as const;
