import { createHash, randomBytes } from 'node:crypto';
import { AGENDA_LIMITS, AGENDA_MESSAGES, DEFAULT_WEEKLY_HOURS } from '@wellbe/shared/schemas/agenda';
import { systemScope, type Caller } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import { feedIcs } from './agenda.mail.ts';
import { feedAppointments } from './agenda.repository.ts';
import { clearIcalSecret, findPractitioner, saveIcalSecret, settingsByIcalHash } from './agenda.settings.repository.ts';
import { agendaScope, orgSettings, practitionerIn } from './agenda.service.ts';

// A practitioner's private iCal feed: a secret URL a calendar application polls (it sends no
// token), created, regenerated and revoked by its owner. The body depends only on the
// appointments (DTSTAMP and SEQUENCE from their last change), so that an unchanged agenda answers
// the same text, the same ETag, and a 304 to If-None-Match.

type Ctx = Pick<AppContext, 'db' | 'clock' | 'mailer' | 'config'>;

const DAY_MS = 86_400_000;

/** The feed's secret as stored (only its hash is kept; the URL carries the secret). */
function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** Creates (or regenerates) the caller's private feed: the secret is shown once. */
export async function createIcalFeed(ctx: Ctx, caller: Caller): Promise<{ url: string }> {
  const scope = agendaScope(caller);
  await practitionerIn(ctx, scope, caller.id);
  const secret = randomBytes(32).toString('base64url');
  await saveIcalSecret(ctx.db, scope, { userId: caller.id, icalSecretHash: hashSecret(secret), icalCreatedAt: new Date(ctx.clock.now()) }, DEFAULT_WEEKLY_HOURS);
  await recordAudit(ctx, caller, { action: 'agenda.ical.create', outcome: 'success', recordType: 'agenda', recordId: caller.id });
  return { url: `${ctx.config.publicUrl}/api/agenda/ical/${secret}.ics` };
}

export async function revokeIcalFeed(ctx: Ctx, caller: Caller): Promise<void> {
  const scope = agendaScope(caller);
  await clearIcalSecret(ctx.db, scope, caller.id, new Date(ctx.clock.now()));
  await recordAudit(ctx, caller, { action: 'agenda.ical.revoke', outcome: 'success', recordType: 'agenda', recordId: caller.id });
}

/**
 * The feed of a secret ('<secret>.ics'): its text and its ETag. A revoked or unknown secret is a
 * plain 404. A read writes nothing: expired holds and requests are left out (the job releases them).
 */
export async function readIcalFeed(ctx: Pick<AppContext, 'db' | 'clock'>, file: string): Promise<{ body: string; etag: string }> {
  const secret = file.replace(/\.ics$/, '');
  const settings = secret.length >= 40 ? await settingsByIcalHash(ctx.db, hashSecret(secret)) : null;
  if (!settings) throw notFound(AGENDA_MESSAGES.icalRevoked, 'ical_not_found');
  // No caller: the scope is the organisation of the practitioner the secret names.
  const scope = systemScope(settings.organizationId);
  const now = ctx.clock.now();
  const live = { now: new Date(now), validityHours: (await orgSettings(ctx, scope)).validityHours };
  const range = {
    from: new Date(now - AGENDA_LIMITS.feedPastDays * DAY_MS),
    to: new Date(now + AGENDA_LIMITS.feedFutureDays * DAY_MS),
    cancelledSince: new Date(now - AGENDA_LIMITS.feedCancelledDays * DAY_MS),
  };
  const rows = await feedAppointments(ctx.db, scope, settings.userId, range, live);
  const practitioner = await findPractitioner(ctx.db, scope, settings.userId);
  const body = feedIcs(rows, practitioner?.displayName ?? '');
  return { body, etag: '"' + createHash('sha256').update(body).digest('base64url').slice(0, 27) + '"' };
}
