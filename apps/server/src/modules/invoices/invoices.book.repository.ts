import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { orgFilter, orgWhere, type OrgScope } from '../../access/scope.ts';
import { patients } from '../../access/views.ts';
import type { Database } from '../../db/client.ts';
import { creditNotes, invoicePayments, invoiceReminders, invoices } from '../../db/schema/invoices.ts';
import { creditedCents, paidCents } from './invoices.repository.ts';

// What the accountant and the background jobs read: the receipts book (payments of a period in
// date order), the export of a period, the day's figures and the unpaid invoices due a reminder.

/** The payments of a practitioner in [from, to), date order, with the patient and the invoice. */
export function bookPayments(db: Database, scope: OrgScope, practitionerId: string, from: Date, to: Date) {
  return db
    .select({
      paymentId: invoicePayments.id,
      paidAt: invoicePayments.paidAt,
      amountCents: invoicePayments.amountCents,
      mode: invoicePayments.mode,
      reference: invoicePayments.reference,
      invoiceNumber: invoices.number,
      patient: patients.fullName,
    })
    .from(invoicePayments)
    .innerJoin(invoices, and(eq(invoices.id, invoicePayments.invoiceId), eq(invoices.organizationId, invoicePayments.organizationId)))
    .innerJoin(patients, eq(patients.id, invoices.patientId))
    .where(and(orgFilter(scope, invoicePayments.organizationId), eq(invoicePayments.practitionerId, practitionerId), gte(invoicePayments.paidAt, from), lt(invoicePayments.paidAt, to)))
    .orderBy(asc(invoicePayments.paidAt), asc(invoicePayments.id));
}

/** Every invoice issued, credit note and payment of the organisation in [from, to), for the accountant. */
export async function exportRows(db: Database, scope: OrgScope, from: Date, to: Date) {
  const issued = await db
    .select({ at: invoices.issuedAt, number: invoices.number, patient: patients.fullName, amountCents: invoices.totalCents, practitionerId: invoices.practitionerId })
    .from(invoices)
    .innerJoin(patients, eq(patients.id, invoices.patientId))
    .where(and(orgFilter(scope, invoices.organizationId), eq(invoices.status, 'issued'), gte(invoices.issuedAt, from), lt(invoices.issuedAt, to)));
  const credits = await db
    .select({ at: creditNotes.issuedAt, number: creditNotes.number, invoiceNumber: invoices.number, patient: patients.fullName, amountCents: creditNotes.amountCents })
    .from(creditNotes)
    .innerJoin(invoices, and(eq(invoices.id, creditNotes.invoiceId), eq(invoices.organizationId, creditNotes.organizationId)))
    .innerJoin(patients, eq(patients.id, invoices.patientId))
    .where(and(orgFilter(scope, creditNotes.organizationId), gte(creditNotes.issuedAt, from), lt(creditNotes.issuedAt, to)));
  const payments = await db
    .select({ at: invoicePayments.paidAt, invoiceNumber: invoices.number, patient: patients.fullName, amountCents: invoicePayments.amountCents, mode: invoicePayments.mode, reference: invoicePayments.reference })
    .from(invoicePayments)
    .innerJoin(invoices, and(eq(invoices.id, invoicePayments.invoiceId), eq(invoices.organizationId, invoicePayments.organizationId)))
    .innerJoin(patients, eq(patients.id, invoices.patientId))
    .where(and(orgFilter(scope, invoicePayments.organizationId), gte(invoicePayments.paidAt, from), lt(invoicePayments.paidAt, to)));
  return { issued, credits, payments };
}

/** The day's receipts of a practitioner (or the whole organisation: null) and the count of unpaid issued invoices. */
export async function dayFigures(db: Database, scope: OrgScope, practitionerId: string | null, from: Date, to: Date) {
  const own = (column: typeof invoices.practitionerId | typeof invoicePayments.practitionerId) => (practitionerId ? eq(column, practitionerId) : undefined);
  const [receipts] = await db
    .select({ cents: sql<number>`coalesce(sum(${invoicePayments.amountCents}), 0)::int` })
    .from(invoicePayments)
    .where(and(orgFilter(scope, invoicePayments.organizationId), own(invoicePayments.practitionerId), gte(invoicePayments.paidAt, from), lt(invoicePayments.paidAt, to)));
  const [unpaid] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(invoices)
    .where(
      and(
        orgFilter(scope, invoices.organizationId),
        own(invoices.practitionerId),
        eq(invoices.status, 'issued'),
        sql`${invoices.totalCents} > ${paidCents} + ${creditedCents}`,
      ),
    );
  return { receiptsCents: receipts.cents, unpaidCount: unpaid.n };
}

/**
 * Takes the reminders due: issued invoices still unpaid, issued before `before`, without a
 * reminder of this level. The INSERT … ON CONFLICT DO NOTHING RETURNING decides, in one statement,
 * which server sends each one: a reminder goes out once whatever the servers and the retries.
 */
export async function takeDueReminders(db: Database, scope: OrgScope, level: number, before: Date, at: Date, limit = 200) {
  const result = (await db.execute(sql`
    insert into ${invoiceReminders} (organization_id, invoice_id, level, sent_at)
    select i.organization_id, i.id, ${level}, ${at.toISOString()}::timestamptz
      from ${invoices} i
     where ${orgWhere(scope, sql`i.organization_id`)}
       and i.status = 'issued' and i.issued_at < ${before.toISOString()}::timestamptz
       and i.total_cents > coalesce((select sum(p.amount_cents) from ${invoicePayments} p where p.invoice_id = i.id), 0)
                         + coalesce((select sum(c.amount_cents) from ${creditNotes} c where c.invoice_id = i.id), 0)
       and not exists (select 1 from ${invoiceReminders} r where r.invoice_id = i.id and r.level = ${level})
     order by i.issued_at
     limit ${limit}
    on conflict do nothing
    returning invoice_id, organization_id`)) as unknown as { rows: { invoice_id: string; organization_id: string }[] };
  return result.rows.map((r) => ({ invoiceId: r.invoice_id, organizationId: r.organization_id }));
}

/** What a reminder mail needs: the invoice's number, amounts and the patient's address. */
export async function reminderFacts(db: Database, scope: OrgScope, invoiceId: string) {
  const [row] = await db
    .select({ number: invoices.number, totalCents: invoices.totalCents, patientId: invoices.patientId, email: patients.email, fullName: patients.fullName })
    .from(invoices)
    .innerJoin(patients, eq(patients.id, invoices.patientId))
    .where(and(eq(invoices.id, invoiceId), orgFilter(scope, invoices.organizationId)))
    .limit(1);
  return row;
}

/** The invoices of a patient made from these appointments (the no-show list shows the fee invoiced). */
export function invoicesOfAppointments(db: Database, scope: OrgScope, appointmentIds: string[]) {
  if (!appointmentIds.length) return Promise.resolve([]);
  return db
    .select({ id: invoices.id, appointmentId: invoices.appointmentId })
    .from(invoices)
    .where(and(orgFilter(scope, invoices.organizationId), sql`${invoices.appointmentId} in (${sql.join(appointmentIds.map((id) => sql`${id}::uuid`), sql`, `)})`));
}
