import { createHash, randomBytes } from 'node:crypto';
import { AGENDA_LIMITS, AGENDA_MESSAGES, DEFAULT_WEEKLY_HOURS } from '@wellbe/shared/schemas/agenda';
import type { Caller } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import { notFound } from '../../lib/errors.ts';
import { feedIcs } from './agenda.mail.ts';
import * as repo from './agenda.repository.ts';
import { hashSecret, orgOf, orgSettings, practitionerIn } from './agenda.service.ts';

// A practitioner's private iCal feed: a secret URL a calendar application polls (it sends no
// token), created, regenerated and revoked by its owner. The body depends only on the
// appointments (DTSTAMP and SEQUENCE from their last change), so that an unchanged agenda answers
// the same text, the same ETag, and a 304 to If-None-Match.

type Ctx = Pick<AppContext, 'db' | 'clock' | 'mailer' | 'config'>;

const DAY_MS = 86_400_000;

/** Creates (or regenerates) the caller's private feed: the secret is shown once. */
export async function createIcalFeed(ctx: Ctx, caller: Caller): Promise<{ url: string }> {
  const organizationId = orgOf(caller);
  await practitionerIn(ctx, organizationId, caller.id);
  const secret = randomBytes(32).toString('base64url');
  const existing = await repo.readSettings(ctx.db, caller.id);
  const now = new Date(ctx.clock.now());
  await repo.upsertSettings(ctx.db, { userId: caller.id, organizationId, weeklyHours: existing?.weeklyHours ?? DEFAULT_WEEKLY_HOURS, availability: existing?.availability ?? [], icalSecretHash: hashSecret(secret), icalCreatedAt: now, updatedAt: now });
  await recordAudit(ctx, caller, { action: 'agenda.ical.create', outcome: 'success', recordType: 'agenda', recordId: caller.id });
  return { url: `${ctx.config.publicUrl}/api/agenda/ical/${secret}.ics` };
}

export async function revokeIcalFeed(ctx: Ctx, caller: Caller): Promise<void> {
  const existing = await repo.readSettings(ctx.db, caller.id);
  if (!existing) return;
  await repo.upsertSettings(ctx.db, { ...existing, icalSecretHash: null, icalCreatedAt: null, updatedAt: new Date(ctx.clock.now()) });
  await recordAudit(ctx, caller, { action: 'agenda.ical.revoke', outcome: 'success', recordType: 'agenda', recordId: caller.id });
}

/**
 * The feed of a secret ('<secret>.ics'): its text and its ETag. A revoked or unknown secret is a
 * plain 404. A read writes nothing: expired holds and requests are left out (the job releases them).
 */
export async function readIcalFeed(ctx: Pick<AppContext, 'db' | 'clock'>, file: string): Promise<{ body: string; etag: string }> {
  const secret = file.replace(/\.ics$/, '');
  const settings = secret.length >= 40 ? await repo.settingsByIcalHash(ctx.db, hashSecret(secret)) : null;
  if (!settings) throw notFound(AGENDA_MESSAGES.icalRevoked, 'ical_not_found');
  const now = ctx.clock.now();
  const live = { now: new Date(now), validityHours: (await orgSettings(ctx, settings.organizationId)).validityHours };
  const range = {
    from: new Date(now - AGENDA_LIMITS.feedPastDays * DAY_MS),
    to: new Date(now + AGENDA_LIMITS.feedFutureDays * DAY_MS),
    cancelledSince: new Date(now - AGENDA_LIMITS.feedCancelledDays * DAY_MS),
  };
  const rows = await repo.feedAppointments(ctx.db, settings.organizationId, settings.userId, range, live);
  const practitioner = await repo.findPractitioner(ctx.db, settings.organizationId, settings.userId);
  const body = feedIcs(rows, practitioner?.displayName ?? '');
  return { body, etag: '"' + createHash('sha256').update(body).digest('base64url').slice(0, 27) + '"' };
}
