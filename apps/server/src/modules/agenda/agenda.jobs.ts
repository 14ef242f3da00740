import { systemScope } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import * as repo from './agenda.repository.ts';
import { mailPatient, orgSettings, releaseExpired } from './agenda.service.ts';

// The agenda's background job (DESIGN §8), every minute on graphile-worker's cron (one run per
// slot even with several servers): releases holds past 15 minutes and requests past the
// validity delay (offering freed slots to the waitlist), and sends each due reminder once: the
// appointment is marked in the same statement that takes it, so a restart or a second server
// never sends it twice; a cancelled appointment is never taken.

type Ctx = Pick<AppContext, 'db' | 'clock' | 'mailer' | 'config'>;

export const AGENDA_JOB = 'agenda_tick';

export async function runAgendaJobs(ctx: Ctx): Promise<{ released: number; reminders: number }> {
  const now = new Date(ctx.clock.now());
  const released = await releaseExpired(ctx);
  const due = await repo.takeDueRemindersEverywhere(ctx.db, now);
  for (const d of due) {
    const scope = systemScope(d.organizationId);
    const row = await repo.findAppointment(ctx.db, scope, d.id);
    if (!row || row.status !== 'confirmé') continue;
    await mailPatient(ctx, row, 'reminder', (await orgSettings(ctx, scope)).timeZone);
  }
  return { released, reminders: due.length };
}
