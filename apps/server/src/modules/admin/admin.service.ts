import type { FastifyRequest } from 'fastify';
import { isPlatformRole } from '@wellbe/shared/roles';
import { JOURNAL_CSV_HEADER, type JournalEntry, type JournalFilters, type JournalQuery } from '@wellbe/shared/schemas/admin';
import type { OrganisationSettingsValues } from '@wellbe/shared/schemas/organisations';
import { ERROR_MESSAGES } from '@wellbe/shared/errors';
import { ROLE_LABELS, isRole } from '@wellbe/shared/roles';
import type { AppContext, SessionUser } from '../../context.ts';
import { badRequest, forbidden } from '../../lib/errors.ts';
import { caller } from '../../lib/scope.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { getOrganisationSettings, OrganisationsService } from '../organisations/organisations.service.ts';
import { countJournal, listJournal, type JournalScope } from './admin.repository.ts';

/** The CSV export stops there: a filtered view, not a dump of the whole journal. */
export const CSV_MAX_ROWS = 50_000;
const CSV_BATCH = 1_000;

const OUTCOME_LABELS: Record<JournalEntry['outcome'], string> = { success: 'Réussi', denied: 'Refusé', error: 'Erreur' };

/** Quotes a CSV cell; a leading = + - @ is neutralised so a spreadsheet never runs it as a formula. */
function csvCell(value: string | null | undefined): string {
  let v = value ?? '';
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  return /[;"\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
}

export class AdminService {
  private readonly organisations: OrganisationsService;

  constructor(private readonly ctx: AppContext) {
    this.organisations = new OrganisationsService(ctx);
  }

  /**
   * SA and DE read every organisation (or the one they filter on); PA only their own (issue 7).
   * The 'journal' group of packages/shared already refused everybody else at the route.
   */
  private organisationScope(user: SessionUser, requested: string | undefined): string | undefined {
    if (isPlatformRole(user.role)) return requested;
    if (requested && requested !== user.organizationId) throw forbidden(ERROR_MESSAGES.identityMismatch, 'identity_mismatch');
    if (!user.organizationId) throw forbidden();
    return user.organizationId;
  }

  private async scope(request: FastifyRequest, filters: JournalFilters): Promise<JournalScope> {
    const user = caller(request);
    if (filters.from && filters.to && filters.from > filters.to) throw badRequest('La date de début doit précéder la date de fin.', 'date_range');
    const organizationId = this.organisationScope(user, filters.organizationId);
    const { timeZone } = await getOrganisationSettings(this.ctx, organizationId ?? user.organizationId);
    return { ...filters, organizationId, timeZone };
  }

  async journal(request: FastifyRequest, query: JournalQuery) {
    const { page, pageSize, ...filters } = query;
    const scope = await this.scope(request, filters);
    const [data, total] = await Promise.all([
      listJournal(this.ctx.db, scope, { offset: (page - 1) * pageSize, limit: pageSize }),
      countJournal(this.ctx.db, scope),
    ]);
    return { data, total, page, pageSize, timeZone: scope.timeZone };
  }

  /** The filtered view as CSV (semicolons and a BOM: what a French spreadsheet opens as is). */
  async journalCsv(request: FastifyRequest, filters: JournalFilters): Promise<string> {
    const scope = await this.scope(request, filters);
    const format = new Intl.DateTimeFormat('fr-FR', {
      timeZone: scope.timeZone,
      day: '2-digit',
      month: '2-digit',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    const lines = [JOURNAL_CSV_HEADER.join(';')];
    let exported = 0;
    for (let offset = 0; offset < CSV_MAX_ROWS; offset += CSV_BATCH) {
      const rows = await listJournal(this.ctx.db, scope, { offset, limit: CSV_BATCH });
      for (const e of rows) {
        lines.push(
          [
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
          ]
            .map(csvCell)
            .join(';'),
        );
      }
      exported += rows.length;
      if (rows.length < CSV_BATCH) break;
    }
    await recordAudit(this.ctx, request, {
      action: 'journal.export',
      outcome: 'success',
      recordType: 'journal',
      details: { filters: Object.fromEntries(Object.entries(filters).filter(([, v]) => v !== undefined)), rows: exported },
    });
    return '\uFEFF' + lines.join('\r\n') + '\r\n';
  }

  /** 'Paramètres': of the caller's organisation; SA and DE may name another one. */
  settingsOrganisation(request: FastifyRequest, requested: string | undefined): string {
    const user = caller(request);
    const organizationId = isPlatformRole(user.role) ? (requested ?? user.organizationId) : user.organizationId;
    if (requested && requested !== organizationId) throw forbidden(ERROR_MESSAGES.identityMismatch, 'identity_mismatch');
    if (!organizationId) throw badRequest('Aucune organisation choisie.', 'no_organisation');
    return organizationId;
  }

  async readSettings(request: FastifyRequest, requested: string | undefined): Promise<OrganisationSettingsValues> {
    return getOrganisationSettings(this.ctx, this.settingsOrganisation(request, requested));
  }

  async updateSettings(request: FastifyRequest, requested: string | undefined, values: OrganisationSettingsValues) {
    return this.organisations.updateSettings(request, this.settingsOrganisation(request, requested), values);
  }
}
