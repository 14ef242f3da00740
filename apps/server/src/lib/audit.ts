import type { Actor } from '../access/caller.ts';
import type { AppContext } from '../context.ts';
import { sql, type SQL } from 'drizzle-orm';
import { auditEvents } from '../db/schema/audit.ts';

// The access journal (DESIGN §4) is infrastructure: every area writes to it through this one
// helper, with the caller (or an anonymous actor) and the request's IP as plain values.

export interface AuditEntry {
  action: string;
  outcome: 'success' | 'denied' | 'error';
  recordType?: string;
  recordId?: string | null;
  patientId?: string | null;
  /** Before/after values and the like; never a password, token or clinical text. */
  details?: Record<string, unknown>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type AuditRow = typeof auditEvents.$inferInsert;
type Db = AppContext['db'];

/** At most this many rows in one INSERT; the rest go in the next statement at once. */
const MAX_BATCH = 200;

interface Pending {
  row: AuditRow;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit of the journal (issue 13, "audit that costs less without losing anything"). Every
 * caller still awaits its own row's COMMIT (synchronous_commit stays on): a read is never answered
 * unaudited and a `kill -9` of the server loses no row of an answered request. What changes is
 * that the rows asked for while a commit is under way wait for it and then go together, in one
 * multi-row INSERT and one commit (one WAL flush), instead of one round trip and one flush each.
 * A lone request is written at once (no timer to wait for). Turning synchronous_commit off for
 * reads was rejected: a PostgreSQL crash could then lose the row of a read already answered.
 */
class AuditWriter {
  private queue: Pending[] = [];
  private running: Promise<void> | null = null;

  constructor(private readonly db: Db) {}

  write(row: AuditRow): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ row, resolve, reject });
      // The rows of this turn of the event loop join the first statement (setImmediate), later ones the next.
      this.running ??= new Promise<void>((r) => setImmediate(r)).then(() => this.run());
    });
  }

  /** Resolves once every row asked for so far is committed (or refused): shutdown waits for it. */
  async drain(): Promise<void> {
    while (this.running) await this.running;
  }

  private async run(): Promise<void> {
    while (this.queue.length) await this.commit(this.queue.splice(0, MAX_BATCH));
    this.running = null;
  }

  private async commit(batch: Pending[]): Promise<void> {
    try {
      await this.db.insert(auditEvents).values(batch.map((p) => p.row));
      for (const p of batch) p.resolve();
    } catch (err) {
      if (batch.length === 1) return batch[0].reject(err);
      // One refused row must not fail the others' requests: each alone, its own answer.
      for (const p of batch) {
        try {
          await this.db.insert(auditEvents).values(p.row);
          p.resolve();
        } catch (one) {
          p.reject(one);
        }
      }
    }
  }
}

const writers = new WeakMap<Db, AuditWriter>();

function writerOf(db: Db): AuditWriter {
  let writer = writers.get(db);
  if (!writer) writers.set(db, (writer = new AuditWriter(db)));
  return writer;
}

/** Waits until every journal row asked for on this database is committed (server shutdown). */
export async function drainAudit(db: Db): Promise<void> {
  await writers.get(db)?.drain();
}

/**
 * Writes one journal row: who, action, record, patient, when, IP, outcome. Resolves once the row
 * is committed, grouped with the rows of concurrent requests (AuditWriter).
 * Awaited by callers: a read of patient data whose journal row cannot be written must fail.
 */
export async function recordAudit(ctx: Pick<AppContext, 'db' | 'clock'>, actor: Actor, entry: AuditEntry): Promise<void> {
  await recordAudits(ctx, actor, [entry]);
}

/**
 * Several journal rows (a screen that names several patients: one row each). They are asked for in
 * the same turn of the event loop, so the AuditWriter commits them in one statement.
 */
export async function recordAudits(ctx: Pick<AppContext, 'db' | 'clock'>, actor: Actor, entries: AuditEntry[]): Promise<void> {
  const writer = writerOf(ctx.db);
  await Promise.all(entries.map((entry) => writer.write(auditRow(ctx, actor, entry))));
}

/**
 * A screen that names patients (names, dates, the start of a message): one success row per patient
 * named, none when it names nobody (DESIGN §4: every read of patient data is journalled).
 */
export async function recordPatientsNamed(
  ctx: Pick<AppContext, 'db' | 'clock'>,
  actor: Actor,
  action: string,
  patientIds: Iterable<string | null | undefined>,
  details?: Record<string, unknown>,
): Promise<void> {
  const named = new Set([...patientIds].filter((id): id is string => id != null));
  await recordAudits(ctx, actor, [...named].map((patientId) => ({ action, outcome: 'success', recordType: 'patient', recordId: patientId, patientId, details })));
}

/** The one definition of a journal row (who, when, IP from the actor; the rest from the entry). */
export function auditRow(ctx: Pick<AppContext, 'clock'>, actor: Actor, entry: AuditEntry): AuditRow {
  return {
    at: new Date(ctx.clock.now()),
    userId: actor.id,
    role: actor.role,
    organizationId: actor.organizationId,
    action: entry.action,
    recordType: entry.recordType ?? null,
    recordId: entry.recordId ?? null,
    // A malformed id from a refused request is kept in recordId, not forced into the uuid column.
    patientId: entry.patientId && UUID.test(entry.patientId) ? entry.patientId : null,
    ip: actor.ip,
    outcome: entry.outcome,
    details: entry.details ?? null,
  };
}

/** The columns of a journal row bound per execution in a prepared read (placeholder `audit_<column>`). */
const PREPARED_AUDIT_COLUMNS = ['at', 'userId', 'role', 'organizationId', 'action', 'recordType', 'recordId', 'patientId', 'ip', 'outcome'] as const;

/**
 * The journal row of a read written by the read's own statement (issue 31, one round trip): a
 * data-modifying CTE to pass to `db.with(...)`. PostgreSQL runs it to completion whether or not the
 * query reads it, in the same statement and commit as the read: the rows are never answered without
 * their journal row, and a refused row fails the read. `computed` details are worked out by the
 * statement itself (the number of rows the page answers); jsonb orders keys, so the stored value is
 * the one `recordAudit` would have written. Every value of the row is a placeholder, bound at each
 * execution by `auditParams`: a statement built once (lib/prepared.ts) keeps the values it was built
 * with, so one built with a caller's row would write that caller's row for the next one.
 */
export function preparedAuditInStatement(db: Db, computed: Record<string, SQL> = {}) {
  const names = Object.keys(computed);
  const base = sql`${sql.placeholder('audit_details')}::jsonb`;
  // A row without details keeps null (as recordAudit writes it); computed ones start from {}.
  const details = names.length ? sql`(coalesce(${base}, '{}'::jsonb) || jsonb_build_object(${sql.join(names.map((k) => sql`${k}::text, ${computed[k]}`), sql`, `)}))` : base;
  const values = Object.fromEntries(PREPARED_AUDIT_COLUMNS.map((c) => [c, sql.placeholder(`audit_${c}`)]));
  return db.$with('journal').as(db.insert(auditEvents).values({ ...(values as unknown as AuditRow), details }).returning({ journalled: sql<number>`1`.as('journalled') }));
}

/** The journal row's columns, in auditValues' order, for a statement written in SQL text (the agenda's period). */
export const AUDIT_COLUMNS_SQL = 'at, user_id, role, organization_id, action, record_type, record_id, patient_id, ip, outcome, details';

/**
 * A journal row's values as positional parameters in AUDIT_COLUMNS_SQL's order (the same columns as
 * preparedAuditInStatement's placeholders), its details as JSON text (null when it has none).
 */
export function auditValues(row: AuditRow): unknown[] {
  return [...PREPARED_AUDIT_COLUMNS.map((c) => row[c] ?? null), row.details == null ? null : JSON.stringify(row.details)];
}

/** The values of a journal row for preparedAuditInStatement's placeholders. */
export function auditParams(row: AuditRow): Record<string, unknown> {
  const params: Record<string, unknown> = { audit_details: row.details == null ? null : JSON.stringify(row.details) };
  // Raw values: Drizzle maps each through its column (the timestamp's Date included).
  for (const c of PREPARED_AUDIT_COLUMNS) params[`audit_${c}`] = row[c] ?? null;
  return params;
}
