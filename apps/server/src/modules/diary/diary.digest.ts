import { systemScope } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import * as repo from './diary.repository.ts';

// The daily digest of the diaries a practitioner follows: one mail a day at most, never a mail per
// entry, and no health data in it (counts only; the entries are read in the app).

export const DIARY_DIGEST_TASK = 'diary_digest';
/** Every day at 06:00 UTC (07:00 or 08:00 in Paris): before the practice opens. */
export const DIARY_DIGEST_SCHEDULE = '0 6 * * *';

export const DIARY_DIGEST_SUBJECT = 'WellBe : nouvelles entrées dans les journaux de vos patients';

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** Mails each follower the count of new entries since their last digest; answers how many mails were queued. */
export async function mailDiaryDigests(ctx: Pick<AppContext, 'db' | 'clock' | 'mailer' | 'config'>): Promise<number> {
  const now = new Date(ctx.clock.now());
  let sent = 0;
  for (const r of await repo.digestRecipientsEverywhere(ctx.db)) {
    const scope = systemScope(r.organizationId);
    const rows = await repo.newEntries(ctx.db, scope, r.userId, 'digest');
    await repo.markDigested(ctx.db, scope, r.userId, now);
    const entries = rows.reduce((sum, row) => sum + row.count, 0);
    if (!entries) continue;
    await ctx.mailer.send({
      to: r.email,
      subject: DIARY_DIGEST_SUBJECT,
      text:
        `Bonjour,\n\n${plural(rows.length, 'patient que vous suivez a', 'patients que vous suivez ont')} noté ` +
        `${plural(entries, 'nouvelle entrée', 'nouvelles entrées')} dans ${rows.length === 1 ? 'son journal' : 'leur journal'} depuis le dernier récapitulatif.\n\n` +
        `Pour les lire, connectez-vous : ${ctx.config.publicUrl}/dashboard\n\nWellBe`,
    });
    sent++;
  }
  return sent;
}
