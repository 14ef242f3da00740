import { createHash, randomBytes } from 'node:crypto';
import { localParts } from '@wellbe/shared/domain/zoned';
import { AGENDA_LIMITS } from '@wellbe/shared/schemas/agenda';
import type { OneOrgScope } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { offerToFirstWaiting } from './appointments.repository.ts';

// A freed slot offered to the waitlist: what the agenda's cancellations and the job's releases
// call, with the scope of the slot's organisation. Its own file (it depends on nothing of the
// booking service), so that the agenda reaches it without a circular import.

type Ctx = Pick<AppContext, 'db' | 'clock' | 'mailer' | 'config'>;

/** An offer's token as stored (only its hash is kept; the mail carries the token). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export async function offerFreedSlot(ctx: Ctx, scope: OneOrgScope, slot: { practitionerId: string; startsAt: Date; endsAt: Date }, timeZone: string): Promise<void> {
  const token = randomBytes(24).toString('base64url');
  const now = new Date(ctx.clock.now());
  const offer = await offerToFirstWaiting(ctx.db, scope, {
    practitionerId: slot.practitionerId,
    day: localParts(slot.startsAt, timeZone).day,
    startsAt: slot.startsAt,
    endsAt: slot.endsAt,
    tokenHash: hashToken(token),
    expiresAt: new Date(now.getTime() + AGENDA_LIMITS.offerHours * 3600_000),
  });
  if (!offer?.patient?.email) return;
  const p = localParts(slot.startsAt, timeZone);
  const [y, m, d] = p.day.split('-');
  await ctx.mailer.send({
    to: offer.patient.email,
    subject: `Un créneau s’est libéré le ${d}/${m}/${y} à ${p.time}`,
    text: `Bonjour,\n\nUn créneau s’est libéré le ${d}/${m}/${y} à ${p.time}. Vous étiez sur la liste d’attente : ce lien vous permet de le réserver pendant ${AGENDA_LIMITS.offerHours} heures (le premier qui accepte l’obtient).\n\n${ctx.config.publicUrl}/appointment?offre=${token}\n\nWellBe`,
  });
}
