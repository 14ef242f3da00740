import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import { patientFilter } from '../../access/filters.ts';
import { orgFilter, type OrgScope, type OneOrgScope } from '../../access/scope.ts';
import { patients, users } from '../../access/views.ts';
import type { Database } from '../../db/client.ts';
import { appointmentWaitlist } from '../../db/schema/agenda.ts';

// SQL of the booking side's own table, the waitlist: every query carries the scope (the patient's
// organisation, and the patient where a patient acts).


export async function insertWaitlist(db: Database, scope: OneOrgScope, values: Omit<typeof appointmentWaitlist.$inferInsert, 'organizationId'>) {
  const [row] = await db
    .insert(appointmentWaitlist)
    .values({ ...values, organizationId: scope.organizationId })
    .returning();
  return row!;
}

export async function patientWaitlist(db: Database, scope: OrgScope, patientId: string) {
  return db
    .select({
      id: appointmentWaitlist.id,
      practitionerId: appointmentWaitlist.practitionerId,
      practitionerName: users.displayName,
      fromDay: appointmentWaitlist.fromDay,
      toDay: appointmentWaitlist.toDay,
      status: appointmentWaitlist.status,
      offerStartsAt: appointmentWaitlist.offerStartsAt,
      offerExpiresAt: appointmentWaitlist.offerExpiresAt,
    })
    .from(appointmentWaitlist)
    .innerJoin(users, eq(users.id, appointmentWaitlist.practitionerId))
    .where(and(orgFilter(scope, appointmentWaitlist.organizationId), eq(appointmentWaitlist.patientId, patientId), inArray(appointmentWaitlist.status, ['attente', 'proposé'])))
    .orderBy(asc(appointmentWaitlist.createdAt));
}

export async function withdrawWaitlist(db: Database, scope: OrgScope, patientId: string, id: string) {
  const rows = await db
    .update(appointmentWaitlist)
    .set({ status: 'retiré' })
    .where(and(eq(appointmentWaitlist.id, id), orgFilter(scope, appointmentWaitlist.organizationId), eq(appointmentWaitlist.patientId, patientId)))
    .returning({ id: appointmentWaitlist.id });
  return rows.length > 0;
}

/** The first waiting patient whose range covers the day, marked 'proposé' with the offer. */
export async function offerToFirstWaiting(
  db: Database,
  scope: OneOrgScope,
  input: { practitionerId: string; day: string; startsAt: Date; endsAt: Date; tokenHash: string; expiresAt: Date },
) {
  const first = db
    .select({ id: appointmentWaitlist.id })
    .from(appointmentWaitlist)
    .where(
      and(
        orgFilter(scope, appointmentWaitlist.organizationId),
        eq(appointmentWaitlist.practitionerId, input.practitionerId),
        eq(appointmentWaitlist.status, 'attente'),
        lte(appointmentWaitlist.fromDay, input.day),
        sql`${appointmentWaitlist.toDay} >= ${input.day}`,
      ),
    )
    .orderBy(asc(appointmentWaitlist.createdAt))
    .limit(1)
    .for('update', { skipLocked: true });
  const [row] = await db
    .update(appointmentWaitlist)
    .set({ status: 'proposé', offerTokenHash: input.tokenHash, offerStartsAt: input.startsAt, offerEndsAt: input.endsAt, offerExpiresAt: input.expiresAt })
    .where(inArray(appointmentWaitlist.id, first))
    .returning();
  if (!row) return null;
  // Whom to mail: the patient who joined the list (archived since or not, as the list keeps them).
  const [patient] = await db
    .select({ email: patients.email, fullName: patients.fullName })
    .from(patients)
    .where(patientFilter({ organizationId: scope.organizationId, patientId: row.patientId, archived: true }));
  return { entry: row, patient: patient ?? null };
}

/** An offer by its token (the token is what the mail carried), inside the caller's organisation. */
export async function offerByToken(db: Database, scope: OrgScope, tokenHash: string) {
  const [row] = await db
    .select()
    .from(appointmentWaitlist)
    .where(and(eq(appointmentWaitlist.offerTokenHash, tokenHash), eq(appointmentWaitlist.status, 'proposé'), orgFilter(scope, appointmentWaitlist.organizationId)));
  return row ?? null;
}

export async function markWaitlist(db: Database, scope: OrgScope, id: string, status: string) {
  await db
    .update(appointmentWaitlist)
    .set({ status, offerTokenHash: null })
    .where(and(eq(appointmentWaitlist.id, id), orgFilter(scope, appointmentWaitlist.organizationId)));
}

/**
 * An offer that could not be taken goes back to waiting, only if it is still that offer: a double
 * submit whose other request won has marked it served, and it stays so (no more offers to them).
 */
export async function reopenOffer(db: Database, scope: OrgScope, id: string, tokenHash: string) {
  await db
    .update(appointmentWaitlist)
    .set({ status: 'attente', offerTokenHash: null })
    .where(and(eq(appointmentWaitlist.id, id), orgFilter(scope, appointmentWaitlist.organizationId), eq(appointmentWaitlist.status, 'proposé'), eq(appointmentWaitlist.offerTokenHash, tokenHash)));
}
