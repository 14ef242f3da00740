import { can } from '@wellbe/shared/permissions';
import { DASHBOARD_ADMINISTRATION_ROLES, DASHBOARD_REFUSAL_DAYS, DASHBOARD_WELLBE_ROLES, type Dashboard } from '@wellbe/shared/schemas/dashboard';
import type { Caller } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import * as repo from './dashboard.repository.ts';

// GET /api/dashboard: the counts of the administration card (AD, RH, PA: their organisation only)
// and of the WellBe card (SA, DE, RE: the platform). The practitioner's and the patient's cards
// read the calls of their own areas (agenda, appointments, chat, dietetics, sport, articles).

export async function readDashboard(ctx: AppContext, caller: Caller): Promise<Dashboard> {
  const administration = async () => {
    if (!DASHBOARD_ADMINISTRATION_ROLES.includes(caller.role) || !caller.organizationId) return null;
    // The refusals are journal lines: only the journal group (PA here) reads them.
    const journal = can(caller.role, 'journal');
    const a = await repo.administration(ctx.db, caller.organizationId, journal ? DASHBOARD_REFUSAL_DAYS : null);
    return {
      users: a.users,
      todayLoad: a.todayLoad,
      requests: a.requests,
      refusals: journal ? { count: a.refusalCount, last: a.refusals.map((r) => ({ at: r.at.toISOString(), action: r.action, username: r.username })) } : null,
    };
  };
  const wellbe = async () => {
    if (!DASHBOARD_WELLBE_ROLES.includes(caller.role)) return null;
    const [counts, failed] = await Promise.all([repo.wellbe(ctx.db), ctx.jobs.failedCount()]);
    return { ...counts, failedJobs: failed };
  };
  const [a, w] = await Promise.all([administration(), wellbe()]);
  return { administration: a, wellbe: w };
}
