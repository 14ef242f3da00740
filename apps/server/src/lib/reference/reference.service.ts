import type { SQL } from 'drizzle-orm';
import type { ReferenceCreate, ReferenceItem, ReferenceUpdate } from '@wellbe/shared/schemas/reference';
import type { Caller } from '../../access/caller.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../audit.ts';
import { badRequest, notFound, type AppError } from '../errors.ts';
import { referenceRepository, type ReferenceRow, type ReferenceTable } from './reference.repository.ts';

// A kit in lib/, not a module: it has no table, path or rule of its own, the areas that keep a
// reference list give it theirs (README.md beside this file says why).

export const REFERENCE_MESSAGES = {
  order: 'Le nouvel ordre doit citer chaque élément de la liste une fois.',
} as const;

export interface ReferenceResource<Item extends ReferenceItem, Create extends ReferenceCreate, Update extends ReferenceUpdate> {
  /** The journal's record type and action prefix ('specialist' → specialist.create...). */
  recordType: string;
  table: ReferenceTable;
  notFoundMessage: string;
  /** The answer's item: the kit's fields and the resource's own. */
  toItem: (row: ReferenceRow) => Item;
  /** The resource's own fields of a create or update body, as column values. */
  extraValues?: (body: Create | Update) => Record<string, unknown>;
  /** A resource's own rule on an update (e.g. a row that must stay active); throws to refuse. */
  checkUpdate?: (id: number, body: Update, before: Item) => void;
  /**
   * Rows with owners (the sport catalogs, access/catalogs.ts): the rows a caller sees (others answer
   * 404 like unknown ids) and may change, the owner's columns of a new row, and the refusal of a
   * change to a row the caller sees but may not change. Without it every caller reaches every row.
   */
  owned?: {
    visible: (caller: Caller) => SQL | undefined;
    writable: (caller: Caller) => SQL | undefined;
    owner: (caller: Caller) => Record<string, unknown>;
    readOnly: () => AppError;
  };
}

function kitItem(row: ReferenceRow): ReferenceItem {
  return { id: row.id, label: row.label, labels: row.labels, position: row.position, active: row.active };
}

/**
 * The service of a reference table: list (all, or the active ones for pickers), create, update,
 * reorder. Every change is journalled with before and after. Rows are never deleted: deactivated.
 */
export class ReferenceService<Item extends ReferenceItem, Create extends ReferenceCreate, Update extends ReferenceUpdate> {
  private readonly repo;

  constructor(
    private readonly ctx: AppContext,
    private readonly resource: ReferenceResource<Item, Create, Update>,
  ) {
    this.repo = referenceRepository(ctx.db, resource.table);
  }

  static item = kitItem;

  /** The rows `caller` sees (every row without a caller: internal reads). */
  private visible(caller?: Caller) {
    return caller ? this.resource.owned?.visible(caller) : undefined;
  }

  async list(filter: { activeOnly: boolean } = { activeOnly: false }, caller?: Caller): Promise<Item[]> {
    return (await this.repo.list(filter, this.visible(caller))).map(this.resource.toItem);
  }

  async find(id: number, caller?: Caller): Promise<Item | undefined> {
    const row = await this.repo.find(id, this.visible(caller));
    return row ? this.resource.toItem(row) : undefined;
  }

  async create(caller: Caller, body: Create): Promise<Item> {
    const row = await this.repo.insert({
      labels: body.labels,
      ...(body.active !== undefined ? { active: body.active } : {}),
      ...this.resource.extraValues?.(body),
      ...this.resource.owned?.owner(caller),
    });
    const created = this.resource.toItem(row);
    await recordAudit(this.ctx, caller, { action: `${this.resource.recordType}.create`, outcome: 'success', recordType: this.resource.recordType, recordId: String(created.id), details: { after: body } });
    return created;
  }

  async update(caller: Caller, id: number, body: Update): Promise<Item> {
    const before = await this.find(id, caller);
    if (!before) throw notFound(this.resource.notFoundMessage);
    const writable = this.resource.owned?.writable(caller);
    if (this.resource.owned && !(await this.repo.find(id, writable))) throw this.resource.owned.readOnly();
    this.resource.checkUpdate?.(id, body, before);
    const row = await this.repo.update(
      id,
      { ...(body.labels ? { labels: body.labels } : {}), ...(body.active !== undefined ? { active: body.active } : {}), ...this.resource.extraValues?.(body) },
      writable,
    );
    if (!row) throw notFound(this.resource.notFoundMessage);
    const after = this.resource.toItem(row);
    const keys = Object.keys(body).filter((k) => (body as Record<string, unknown>)[k] !== undefined) as (keyof Item)[];
    await recordAudit(this.ctx, caller, {
      action: `${this.resource.recordType}.update`,
      outcome: 'success',
      recordType: this.resource.recordType,
      recordId: String(id),
      details: { before: Object.fromEntries(keys.map((k) => [k, before[k]])), after: Object.fromEntries(keys.map((k) => [k, after[k]])) },
    });
    return after;
  }

  /** Orders the rows the caller may change (all of them, once each). */
  async reorder(caller: Caller, ids: number[]): Promise<Item[]> {
    const writable = this.resource.owned?.writable(caller);
    const before = (await this.repo.list({ activeOnly: false }, writable)).map((r) => r.id);
    if (!(await this.repo.reorder(ids, writable))) throw badRequest(REFERENCE_MESSAGES.order, 'reference_order');
    await recordAudit(this.ctx, caller, { action: `${this.resource.recordType}.order`, outcome: 'success', recordType: this.resource.recordType, details: { before, after: ids } });
    return this.list({ activeOnly: false }, caller);
  }
}
