import { and, asc, count, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { patients } from '../../db/tables.ts';
import { escapeLike } from '../../lib/text.ts';

// The only code of the patients area that touches Drizzle; answers plain rows (DESIGN §2).

export interface PatientRow {
  id: string;
  organizationId: string;
  fullName: string;
  phoneNumber: string;
  email: string;
}

const rowColumns = {
  id: patients.id,
  organizationId: patients.organizationId,
  fullName: patients.fullName,
  phoneNumber: patients.phoneNumber,
  email: patients.email,
};

export interface NewPatient {
  organizationId: string;
  fullName: string;
  phoneNumber: string;
  email: string;
  nameKey: string;
  phoneKey: string;
  searchKey: string;
  createdBy: string;
}

/** Inserts a patient; a unique violation (SPEC §5 duplicates) surfaces as `DuplicatePatientError`. */
export async function insertPatient(db: Database, values: NewPatient): Promise<string> {
  try {
    const [row] = await db.insert(patients).values(values).returning({ id: patients.id });
    return row.id;
  } catch (err) {
    const constraint = uniqueViolation(err);
    if (constraint === 'patients_org_name_key') throw new DuplicatePatientError('name');
    if (constraint === 'patients_org_phone_key') throw new DuplicatePatientError('phone');
    throw err;
  }
}

export class DuplicatePatientError extends Error {
  constructor(readonly field: 'name' | 'phone') {
    super(`duplicate patient ${field}`);
  }
}

/** The constraint name of a PostgreSQL unique violation (23505), whether Drizzle wrapped it or not. */
function uniqueViolation(err: unknown): string | null {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === '23505') return e.constraint ?? '';
  }
  return null;
}

/** Which of the duplicate keys already exist among live patients of the organisation. */
export async function findDuplicates(db: Database, organizationId: string, nameKey: string, phoneKey: string) {
  const rows = await db
    .select({ nameKey: patients.nameKey, phoneKey: patients.phoneKey })
    .from(patients)
    .where(and(eq(patients.organizationId, organizationId), isNull(patients.archivedAt), or(eq(patients.nameKey, nameKey), eq(patients.phoneKey, phoneKey))))
    .limit(2);
  return { name: rows.some((r) => r.nameKey === nameKey), phone: rows.some((r) => r.phoneKey === phoneKey) };
}

export interface PatientSearch {
  organizationId: string;
  /** A PT caller is limited to their own patient. */
  onlyPatientId?: string | null;
  /** Folded search terms, each matched on the trigram-indexed search key (OR). */
  terms: string[];
  limit: number;
  offset: number;
}

/** Live (not archived) patients of one organisation, ordered by name, one page. */
export async function searchPatients(db: Database, search: PatientSearch): Promise<{ rows: PatientRow[]; total: number }> {
  const conditions: SQL[] = [eq(patients.organizationId, search.organizationId), isNull(patients.archivedAt)];
  if (search.onlyPatientId) conditions.push(eq(patients.id, search.onlyPatientId));
  const matches = search.terms.map((term) => ilike(patients.searchKey, `%${escapeLike(term)}%`));
  if (matches.length) conditions.push(or(...matches)!);
  const where = and(...conditions);
  const [rows, [{ total }]] = await Promise.all([
    db.select(rowColumns).from(patients).where(where).orderBy(asc(patients.nameKey), asc(patients.id)).limit(search.limit).offset(search.offset),
    db.select({ total: count() }).from(patients).where(where),
  ]);
  return { rows, total };
}

/** One patient, archived or not, whatever its organisation (the service checks the scope). */
export async function findPatientById(db: Database, id: string): Promise<(PatientRow & { archivedAt: Date | null }) | null> {
  const [row] = await db
    .select({ ...rowColumns, archivedAt: patients.archivedAt })
    .from(patients)
    .where(eq(patients.id, id))
    .limit(1);
  return row ?? null;
}
