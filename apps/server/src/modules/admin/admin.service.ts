import { todayIn } from '@wellbe/shared/domain/zoned';
import { ADMIN_MESSAGES, JOURNAL_CSV_HEADER, type JournalEntry, type JournalFilters, type JournalQuery } from '@wellbe/shared/schemas/admin';
import type { OrganisationSettingsValues } from '@wellbe/shared/schemas/organisations';
import { ROLE_LABELS, isRole } from '@wellbe/shared/roles';
import { actingOrganisation, actingScope, callerScope, journalOrganisation, listScope, type Caller } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import type { Readable } from 'node:stream';
import { csvStream } from '../../lib/csv.ts';
import { badRequest } from '../../lib/errors.ts';
import { getOrganisationSettings, ORGANISATION_MESSAGES, OrganisationsService } from '../organisations/organisations.service.ts';
import { openJournalCursor, pageJournal, type JournalScope } from './admin.repository.ts';

/** The CSV export stops there: a filtered view, not a dump of the whole journal. */
export const CSV_MAX_ROWS = 50_000;

const OUTCOME_LABELS: Record<JournalEntry['outcome'], string> = { success: 'Réussi', denied: 'Refusé', error: 'Erreur' };

export class AdminService {
  private readonly organisations: OrganisationsService;

  constructor(private readonly ctx: AppContext) {
    this.organisations = new OrganisationsService(ctx);
  }

  private async scope(caller: Caller, filters: JournalFilters): Promise<JournalScope> {
    if (filters.from && filters.to && filters.from > filters.to) throw badRequest(ADMIN_MESSAGES.dateRange, 'date_range');
    const { organizationId: requested, ...rest } = filters;
    // journalOrganisation refuses another organisation's journal to anybody but SA and DE (403).
    const organizationId = journalOrganisation(caller, requested);
    const { timeZone } = await getOrganisationSettings(this.ctx, organizationId ?? caller.organizationId);
    return { ...rest, scope: listScope(caller, organizationId), names: callerScope(caller), timeZone };
  }

  async journal(caller: Caller, query: JournalQuery) {
    const { page, pageSize, cursor, ...filters } = query;
    const scope = await this.scope(caller, filters);
    // total is exact up to 1,000 rows (totalCapped beyond); nextCursor reads the next page by keyset.
    const { data, total, totalCapped, nextCursor } = await pageJournal(this.ctx.db, scope, { offset: (page - 1) * pageSize, limit: pageSize, cursor });
    return { data, total, page, pageSize, nextCursor, totalCapped, timeZone: scope.timeZone };
  }

  /**
   * The filtered view as CSV (semicolons and a BOM: what a French spreadsheet opens as is),
   * streamed from a database cursor; journalled with its row count before the first byte leaves.
   */
  async journalCsv(caller: Caller, filters: JournalFilters): Promise<{ csv: Readable; fileName: string }> {
    const scope = await this.scope(caller, filters);
    const format = new Intl.DateTimeFormat('fr-FR', {
      timeZone: scope.timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    const read = await openJournalCursor(this.ctx.db, this.ctx.pool, scope, CSV_MAX_ROWS);
    try {
      await recordAudit(this.ctx, caller, {
        action: 'journal.export',
        outcome: 'success',
        recordType: 'journal',
        details: { filters: Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)), rows: read.total },
      });
    } catch (err) {
      await read.close();
      throw err;
    }
    const fileName = `journal-acces-${todayIn(scope.timeZone, this.ctx.clock.now())}.csv`;
    const csv = csvStream(JOURNAL_CSV_HEADER, read.batches, (e) => [
      format.format(new Date(e.at)).replace(',', ''),
      e.userName,
      e.username,
      e.role && isRole(e.role) ? ROLE_LABELS[e.role] : e.role,
      e.action,
      e.recordType,
      e.recordId,
      e.patientName,
      e.ip,
      OUTCOME_LABELS[e.outcome],
    ]);
    return { csv, fileName };
  }

  /**
   * 'Paramètres': of the caller's organisation; SA and DE may name another one (anybody else naming
   * another answers 403 identity_mismatch). No organisation at all is a choice still to make (400).
   */
  settingsScope(caller: Caller, requested: string | undefined) {
    if (!actingOrganisation(caller, requested)) throw badRequest(ADMIN_MESSAGES.noOrganisation, 'no_organisation');
    return actingScope(caller, requested, ORGANISATION_MESSAGES.notFound);
  }

  async readSettings(caller: Caller, requested: string | undefined): Promise<OrganisationSettingsValues> {
    return getOrganisationSettings(this.ctx, this.settingsScope(caller, requested).organizationId);
  }

  async updateSettings(caller: Caller, requested: string | undefined, values: OrganisationSettingsValues) {
    return this.organisations.updateSettings(caller, this.settingsScope(caller, requested), values);
  }
}
