import { and, asc, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import { patientFilter } from '../../access/filters.ts';
import type { PatientScope } from '../../access/patients.ts';
import { orgFilter, type OneOrgScope, type OrgScope } from '../../access/scope.ts';
import { organisations, patients, users } from '../../access/views.ts';
import type { Database } from '../../db/client.ts';
import { nextInSeries, type Tx } from '../../db/numbering.ts';
import { creditNotes, invoiceActs, invoiceCounters, invoiceLines, invoicePayments, invoices } from '../../db/schema/invoices.ts';
import { COUNT_CAP, keysetAfter, keysetKey, type KeysetPosition } from '../../lib/keyset.ts';

// Invoices, their lines, payments and credit notes. Every read carries the organisation scope and,
// for anything a patient's, the patient scope (a PT reads their own invoices only). The numbering
// and the balance checks happen inside one transaction each, on locked rows: two servers issuing
// at once wait for each other on the counter row, never on an application lock.

export type { Tx };

// Written out with its table: Drizzle leaves columns unqualified in a one-table select, where a bare
// "id" inside the sub-select would name the payment's own id.
const invoiceId = sql.raw('"invoices"."id"');
export const paidCents = sql<number>`coalesce((select sum(p.amount_cents) from ${invoicePayments} p where p.invoice_id = ${invoiceId}), 0)::int`;
export const creditedCents = sql<number>`coalesce((select sum(c.amount_cents) from ${creditNotes} c where c.invoice_id = ${invoiceId}), 0)::int`;
const practitionerName = sql<string>`(select trim(u.first_name || ' ' || u.last_name) from ${users} u where u.id = "invoices"."practitioner_id" and u.organization_id = "invoices"."organization_id")`;

const summaryColumns = {
  id: invoices.id,
  organizationId: invoices.organizationId,
  number: invoices.number,
  status: invoices.status,
  version: invoices.version,
  totalCents: invoices.totalCents,
  paidCents,
  creditedCents,
  actDate: invoices.actDate,
  issuedAt: invoices.issuedAt,
  patientId: invoices.patientId,
  patientName: patients.fullName,
  practitionerId: invoices.practitionerId,
  practitionerName,
  appointmentId: invoices.appointmentId,
  consultationId: invoices.consultationId,
  mentions: invoices.mentions,
  createdAt: invoices.createdAt,
};

export interface InvoiceRow {
  id: string;
  organizationId: string;
  number: string | null;
  status: string;
  version: number;
  totalCents: number;
  paidCents: number;
  creditedCents: number;
  actDate: string;
  issuedAt: Date | null;
  patientId: string;
  patientName: string;
  practitionerId: string;
  practitionerName: string | null;
  appointmentId: string | null;
  consultationId: string | null;
  mentions: Record<string, string | null>;
  createdAt: Date;
}

export interface NewLine {
  actId: string | null;
  label: string;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
  vatRateBp: number | null;
  totalCents: number;
}

function scoped(scope: OrgScope, who: PatientScope): SQL | undefined {
  return and(orgFilter(scope, invoices.organizationId), patientFilter(who));
}

export async function findInvoice(db: Database | Tx, scope: OrgScope, who: PatientScope, id: string): Promise<InvoiceRow | undefined> {
  const [row] = await db.select(summaryColumns).from(invoices).innerJoin(patients, eq(patients.id, invoices.patientId)).where(and(eq(invoices.id, id), scoped(scope, who))).limit(1);
  return row as InvoiceRow | undefined;
}

const ofInvoice = (scope: OrgScope, invoiceId: string, t: typeof invoiceLines | typeof invoicePayments | typeof creditNotes) => and(eq(t.invoiceId, invoiceId), orgFilter(scope, t.organizationId));

export type LineRow = typeof invoiceLines.$inferSelect;

function linesOf(db: Database | Tx, scope: OrgScope, invoiceId: string): Promise<LineRow[]> {
  return db.select().from(invoiceLines).where(ofInvoice(scope, invoiceId, invoiceLines)).orderBy(asc(invoiceLines.position));
}

export async function detailsOf(db: Database, scope: OrgScope, invoiceId: string) {
  const where = (t: typeof invoiceLines | typeof invoicePayments | typeof creditNotes) => ofInvoice(scope, invoiceId, t);
  const [lines, payments, credits] = await Promise.all([
    linesOf(db, scope, invoiceId),
    db.select().from(invoicePayments).where(where(invoicePayments)).orderBy(asc(invoicePayments.paidAt), asc(invoicePayments.id)),
    db.select().from(creditNotes).where(where(creditNotes)).orderBy(asc(creditNotes.issuedAt), asc(creditNotes.id)),
  ]);
  return { lines, payments, credits };
}

/** A page of invoices, newest first (keyset on created_at, id), with a capped count. */
export async function pageInvoices(db: Database, scope: OrgScope, who: PatientScope, filter: { patientId?: string; unpaid?: boolean }, limit: number, after?: KeysetPosition) {
  const conditions = and(
    scoped(scope, who),
    filter.patientId ? eq(invoices.patientId, filter.patientId) : undefined,
    filter.unpaid ? and(eq(invoices.status, 'issued'), sql`${invoices.totalCents} > ${paidCents} + ${creditedCents}`) : undefined,
  );
  const order = { column: invoices.createdAt, id: invoices.id, desc: true, type: 'timestamptz' };
  const rows = await db
    .select({ ...summaryColumns, key: keysetKey(invoices.createdAt) })
    .from(invoices)
    .innerJoin(patients, eq(patients.id, invoices.patientId))
    .where(and(conditions, after ? keysetAfter(order, after) : undefined))
    .orderBy(desc(invoices.createdAt), desc(invoices.id))
    .limit(limit + 1);
  const counted = db.select({ id: invoices.id }).from(invoices).innerJoin(patients, eq(patients.id, invoices.patientId)).where(conditions).limit(COUNT_CAP + 1).as('counted');
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(counted);
  return { rows: rows as (InvoiceRow & { key: string | null })[], count: n };
}

export async function insertDraft(db: Database, scope: OneOrgScope, values: Omit<typeof invoices.$inferInsert, 'organizationId' | 'id' | 'status'>, lines: NewLine[]): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(invoices).values({ ...values, organizationId: scope.organizationId, status: 'draft' }).returning({ id: invoices.id });
    await tx.insert(invoiceLines).values(lines.map((l, position) => ({ ...l, position, invoiceId: row.id, organizationId: scope.organizationId })));
    return row.id;
  });
}

/**
 * Replaces a draft's lines when it is still a draft at the version read (both checked by the
 * UPDATE, whose row lock makes a concurrent writer wait, then fail the check): the new version,
 * or null when either refused it and nothing changed.
 */
export async function replaceDraftLines(db: Database, scope: OneOrgScope, id: string, version: number, values: { totalCents: number; actDate?: string }, lines: NewLine[]): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [done] = await tx
      .update(invoices)
      .set({ ...values, version: sql`${invoices.version} + 1` })
      .where(and(eq(invoices.id, id), eq(invoices.status, 'draft'), eq(invoices.version, version), orgFilter(scope, invoices.organizationId)))
      .returning({ version: invoices.version });
    if (!done) return null;
    await tx.delete(invoiceLines).where(and(eq(invoiceLines.invoiceId, id), orgFilter(scope, invoiceLines.organizationId)));
    await tx.insert(invoiceLines).values(lines.map((l, position) => ({ ...l, position, invoiceId: id, organizationId: scope.organizationId })));
    return done.version;
  });
}

/**
 * The next number of an issuer's series for a year, inside the caller's transaction (db/numbering.ts):
 * a rollback gives the number back, the series never has a gap nor a repeat.
 */
export function nextNumber(tx: Tx, scope: OneOrgScope, issuerId: string, year: number, series: 'invoice' | 'credit'): Promise<number> {
  return nextInSeries(tx, {
    table: invoiceCounters,
    create: { organizationId: scope.organizationId, issuerId, year, series },
    last: invoiceCounters.lastNumber,
    row: and(orgFilter(scope, invoiceCounters.organizationId), eq(invoiceCounters.issuerId, issuerId), eq(invoiceCounters.year, year), eq(invoiceCounters.series, series)),
  });
}

/**
 * Issues a draft: number and issue in one transaction. The legal mentions are built by `mentions`
 * from the draft as locked and its lines read after the lock, so a change of the draft that
 * committed meanwhile is what gets frozen (the mentions cannot be corrected once issued). null
 * when the invoice is not a draft any more.
 */
export async function issueDraft(
  db: Database,
  scope: OneOrgScope,
  id: string,
  issue: { issuerId: string; year: number; at: Date; format: (rank: number) => string },
  mentions: (draft: { actDate: string }, lines: LineRow[]) => Record<string, string | null>,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    // The draft is locked first: two requests issuing the same draft do not both take a number,
    // and a PATCH of its lines waits for the issue (or the issue for the PATCH).
    const [draft] = await tx
      .select({ id: invoices.id, actDate: invoices.actDate })
      .from(invoices)
      .where(and(eq(invoices.id, id), eq(invoices.status, 'draft'), orgFilter(scope, invoices.organizationId)))
      .for('update');
    if (!draft) return null;
    const frozen = mentions(draft, await linesOf(tx, scope, id));
    const number = issue.format(await nextNumber(tx, scope, issue.issuerId, issue.year, 'invoice'));
    await tx
      .update(invoices)
      .set({ status: 'issued', number, issuerId: issue.issuerId, year: issue.year, issuedAt: issue.at, mentions: frozen, version: sql`${invoices.version} + 1` })
      .where(and(eq(invoices.id, id), orgFilter(scope, invoices.organizationId)));
    return number;
  });
}

/** Locks an issued invoice and answers what remains (total − paid − credited) inside the caller's transaction. */
async function lockedRemaining(tx: Tx, scope: OneOrgScope, id: string) {
  const [row] = await tx
    .select({ id: invoices.id, practitionerId: invoices.practitionerId, issuerId: invoices.issuerId, totalCents: invoices.totalCents, paidCents, creditedCents })
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.status, 'issued'), orgFilter(scope, invoices.organizationId)))
    .for('update');
  return row;
}

export async function insertPayment(
  db: Database,
  scope: OneOrgScope,
  invoiceId: string,
  values: { amountCents: number; mode: string; reference: string | null; bank: string | null; paidAt: Date; receivedBy: string },
): Promise<{ id: string } | 'not_issued' | 'above_balance'> {
  return db.transaction(async (tx) => {
    const inv = await lockedRemaining(tx, scope, invoiceId);
    if (!inv) return 'not_issued' as const;
    if (values.amountCents > inv.totalCents - inv.paidCents - inv.creditedCents) return 'above_balance' as const;
    const [row] = await tx
      .insert(invoicePayments)
      .values({ ...values, invoiceId, practitionerId: inv.practitionerId, organizationId: scope.organizationId })
      .returning({ id: invoicePayments.id });
    return row;
  });
}

export async function insertCreditNote(
  db: Database,
  scope: OneOrgScope,
  invoiceId: string,
  values: { amountCents?: number; reason: string; at: Date; year: number; createdBy: string; format: (rank: number) => string },
): Promise<{ id: string } | 'not_issued' | 'nothing' | 'above_remaining'> {
  return db.transaction(async (tx) => {
    const inv = await lockedRemaining(tx, scope, invoiceId);
    if (!inv) return 'not_issued' as const;
    // A credit note cancels what was billed, paid or not (the refund of a paid part is a payment matter).
    const remaining = inv.totalCents - inv.creditedCents;
    if (remaining <= 0) return 'nothing' as const;
    const amountCents = values.amountCents ?? remaining;
    if (amountCents > remaining) return 'above_remaining' as const;
    const number = values.format(await nextNumber(tx, scope, inv.issuerId!, values.year, 'credit'));
    const [row] = await tx
      .insert(creditNotes)
      .values({ organizationId: scope.organizationId, invoiceId, number, amountCents, reason: values.reason, issuedAt: values.at, createdBy: values.createdBy })
      .returning({ id: creditNotes.id });
    return row;
  });
}

// ---- Acts and prices ----

/** The organisation's acts and the practitioner's own, live ones. */
export function listActs(db: Database, scope: OrgScope, practitionerId: string) {
  return db
    .select()
    .from(invoiceActs)
    .where(and(orgFilter(scope, invoiceActs.organizationId), isNull(invoiceActs.archivedAt), or(isNull(invoiceActs.practitionerId), eq(invoiceActs.practitionerId, practitionerId))))
    .orderBy(asc(invoiceActs.label), asc(invoiceActs.id));
}

export async function findAct(db: Database, scope: OrgScope, id: string) {
  const [row] = await db.select().from(invoiceActs).where(and(eq(invoiceActs.id, id), orgFilter(scope, invoiceActs.organizationId), isNull(invoiceActs.archivedAt))).limit(1);
  return row;
}

export type ActValues = Omit<typeof invoiceActs.$inferInsert, 'id' | 'organizationId' | 'createdAt' | 'archivedAt' | 'archivedBy'>;

export async function insertAct(db: Database, scope: OneOrgScope, values: ActValues) {
  const [row] = await db.insert(invoiceActs).values({ ...values, organizationId: scope.organizationId }).returning();
  return row;
}

export async function updateAct(db: Database, scope: OrgScope, id: string, values: Partial<ActValues> & { archivedAt?: Date; archivedBy?: string }) {
  const [row] = await db
    .update(invoiceActs)
    .set(values)
    .where(and(eq(invoiceActs.id, id), orgFilter(scope, invoiceActs.organizationId), isNull(invoiceActs.archivedAt)))
    .returning();
  return row;
}

/** A practitioner of the scope (an account that bills: PA, PR, PG), with the name the invoice shows. */
export async function findPractitioner(db: Database, scope: OrgScope, id: string) {
  const [row] = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, role: users.role, rpps: users.rpps, adeli: users.adeli })
    .from(users)
    .where(and(eq(users.id, id), orgFilter(scope, users.organizationId), sql`${users.role} in ('PA', 'PR', 'PG')`))
    .limit(1);
  return row;
}

/** The organisation's letterhead and its billing setting (organisations view: name, address, SIRET, settings). */
export async function organisationOf(db: Database, scope: OneOrgScope) {
  const [row] = await db
    .select({ id: organisations.id, name: organisations.name, address: organisations.address, siret: organisations.siret, settings: organisations.settings })
    .from(organisations)
    .where(orgFilter(scope, organisations.id))
    .limit(1);
  return row;
}
