import { JOB_MESSAGES } from '@wellbe/shared/schemas/jobs';
import type { Caller } from '../../access/caller.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';

// /admin 'Tâches en échec': background jobs whose attempts are spent, and their retry (journalled,
// a retry of an unknown or already retried job too).

export function failedJobs(ctx: AppContext) {
  return ctx.jobs.failed();
}

export async function retryJob(ctx: AppContext, caller: Caller, id: string): Promise<void> {
  const retried = await ctx.jobs.retry(id);
  await recordAudit(ctx, caller, { action: 'job.retry', outcome: retried ? 'success' : 'error', recordType: 'job', recordId: id });
  if (!retried) throw notFound(JOB_MESSAGES.notFound, 'job_not_found');
}
