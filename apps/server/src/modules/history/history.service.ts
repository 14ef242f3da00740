import { isDeepStrictEqual } from 'node:util';
import type { FieldChange, HistoryEntry, HistoryQuery, Verification } from '@wellbe/shared/schemas/history';
import type { AppContext } from '../../context.ts';
import type { Caller } from '../../access/caller.ts';
import type { PatientScope } from '../../access/patients.ts';
import type { OneOrgScope } from '../../access/scope.ts';
import * as repo from './history.repository.ts';
import type { RecordType } from './history.repository.ts';

export type { RecordType } from './history.repository.ts';

// Issue 32, DESIGN §9 "History": the versions of clinical records. Other areas call `recordVersion`
// inside the transaction of their change (passing it as `db`), so a change and its version commit
// or roll back together; the history pages turn consecutive versions into field changes.

/** Appends a version of a record the change acts on, in the change's transaction (`ctx.db`). */
export async function recordVersion(
  ctx: Pick<AppContext, 'db'>,
  scope: OneOrgScope,
  record: { type: RecordType; id: string },
  meta: { kind: string; at: Date; author: Caller | null; reason?: string | null },
): Promise<number | null> {
  return repo.appendVersion(ctx.db, scope, record.type, record.id, {
    kind: meta.kind,
    at: meta.at,
    authorId: meta.author?.id ?? null,
    authorRole: meta.author?.role ?? null,
    reason: meta.reason ?? null,
  });
}

type Content = Record<string, unknown>;
const isEmpty = (v: unknown) => v === null || v === undefined || v === '' || (Array.isArray(v) && v.length === 0);
const hasIds = (v: unknown): v is { id: string }[] => Array.isArray(v) && v.every((x) => x && typeof x === 'object' && 'id' in x);

/**
 * What changed from `before` to `after`, field by field; a first version lists its filled fields.
 * Lists of items with ids (documents, addenda) give one change per item added or removed, so an
 * addendum reads as itself rather than as the whole list twice.
 */
export function changesBetween(before: Content | null, after: Content): FieldChange[] {
  const changes: FieldChange[] = [];
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after)])].sort();
  for (const field of fields) {
    const was = before ? (before[field] ?? null) : null;
    const now = after[field] ?? null;
    if (!before && isEmpty(now)) continue;
    if (isDeepStrictEqual(was, now)) continue;
    if (hasIds(was ?? []) && hasIds(now ?? [])) {
      const oldIds = new Set(((was ?? []) as { id: string }[]).map((x) => x.id));
      const newIds = new Set(((now ?? []) as { id: string }[]).map((x) => x.id));
      for (const item of (now ?? []) as { id: string }[]) if (!oldIds.has(item.id)) changes.push({ field, before: null, after: item });
      for (const item of (was ?? []) as { id: string }[]) if (!newIds.has(item.id)) changes.push({ field, before: item, after: null });
      continue;
    }
    changes.push({ field, before: was, after: now });
  }
  return changes;
}

export interface HistoryPage {
  data: HistoryEntry[];
  total: number;
  page: number;
  pageSize: number;
  nextCursor: string | null;
  totalCapped: boolean;
}

/**
 * A page of a record's history, oldest first, after the version named by `cursor`: one statement
 * (the version before the page comes with it, for the first diff). The record's own service has
 * already found the record in the caller's scope; the query applies the patient scope again.
 */
export async function versionPage(ctx: Pick<AppContext, 'db'>, scope: PatientScope, type: RecordType, id: string, query: HistoryQuery): Promise<HistoryPage> {
  const after = query.cursor ? Number(query.cursor) : 0;
  const rows = await repo.versionRows(ctx.db, scope, type, id, Math.max(after, 1), query.pageSize + (after > 0 ? 2 : 1));
  const previous = after > 0 && rows[0]?.version === after ? rows.shift()! : null;
  const page = rows.slice(0, query.pageSize);
  let before = previous?.content ?? null;
  const data = page.map((r) => {
    const entry: HistoryEntry = {
      version: r.version,
      at: r.at.toISOString(),
      author: { id: r.authorId, name: r.authorName, role: r.authorRole },
      kind: r.kind,
      reason: r.reason,
      changes: changesBetween(before, r.content),
    };
    before = r.content;
    return entry;
  });
  const total = rows[0]?.total ?? previous?.total ?? 0;
  return { data, total, page: 1, pageSize: query.pageSize, nextCursor: rows.length > query.pageSize ? String(page.at(-1)!.version) : null, totalCapped: false };
}

/** The timeline's "Modifiée le … par …" of each consultation, as SQL on its id column. */
export const lastConsultationChangeSql = (consultationId: Parameters<typeof repo.lastChangeSql>[1]) => repo.lastChangeSql('consultation', consultationId);

/**
 * `npm run records:verify` and the nightly job: walks every chain, records the result (shown in
 * /admin) and answers it. A failure names the record and the exact version, with why: 'content'
 * (the hash no longer matches the row), 'chain' (its previous hash is not the version before's),
 * 'order' (numbers missing or repeated).
 */
export async function verifyRecords(ctx: Pick<AppContext, 'db' | 'clock'>): Promise<Verification> {
  const failures = await repo.brokenVersionsEverywhere(ctx.db);
  const counts = await repo.chainCountsEverywhere(ctx.db);
  const at = new Date(ctx.clock.now());
  await repo.insertVerification(ctx.db, { at, chains: counts.chains, versions: counts.versions, failures });
  return { at: at.toISOString(), ...counts, ok: failures.length === 0, failures };
}

/** The last verification, for /admin (null before the first). */
export async function lastVerification(ctx: Pick<AppContext, 'db'>): Promise<Verification | null> {
  const row = await repo.lastVerification(ctx.db);
  return row ? { at: row.at.toISOString(), chains: row.chains, versions: row.versions, ok: row.failures.length === 0, failures: row.failures } : null;
}

const REASONS: Record<string, string> = {
  content: 'son contenu ne correspond plus à son empreinte',
  chain: 'elle ne suit plus la version précédente',
  order: 'numéro de version manquant ou répété',
};

/** The verification in French, one line per altered version (the command's output). */
export function verificationReport(v: Verification): string[] {
  const head = `${v.chains} historiques, ${v.versions} versions vérifiés`;
  if (v.ok) return [`${head} : aucune altération.`];
  return [
    `${head} : ${v.failures.length} version(s) altérée(s).`,
    ...v.failures.map((f) => `${f.recordType} ${f.recordId}, version ${f.version} : ${REASONS[f.reason] ?? f.reason}.`),
  ];
}

const EXPORT_PAGE = 500;

/** Every version about a patient, in the order written, a page in memory at a time (the FHIR export). */
export async function* patientVersions(ctx: Pick<AppContext, 'db'>, scope: PatientScope, patientId: string) {
  for (let after = 0; ; ) {
    const rows = await repo.patientVersionRows(ctx.db, scope, patientId, after, EXPORT_PAGE);
    yield* rows;
    if (rows.length < EXPORT_PAGE) return;
    after = rows[rows.length - 1].id;
  }
}

/** The current version number of each of a patient's records (record id → version). */
export async function latestVersions(ctx: Pick<AppContext, 'db'>, scope: PatientScope, patientId: string): Promise<Map<string, number>> {
  return new Map((await repo.latestVersionRows(ctx.db, scope, patientId)).map((r) => [r.recordId, r.version]));
}
