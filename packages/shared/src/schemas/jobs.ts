// Background jobs as /admin shows them to DE ('Tâches en échec').

export interface FailedJob {
  id: string;
  /** graphile-worker task identifier, e.g. send_mail. */
  task: string;
  attempts: number;
  maxAttempts: number;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
}

export const JOB_MESSAGES = {
  notFound: 'Tâche introuvable ou déjà relancée.',
} as const;
