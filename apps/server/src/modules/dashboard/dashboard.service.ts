import { can } from '@wellbe/shared/permissions';
import { DASHBOARD_ADMINISTRATION_ROLES, DASHBOARD_PRACTITIONER_ROLES, DASHBOARD_REFUSAL_DAYS, DASHBOARD_WELLBE_ROLES, type Dashboard } from '@wellbe/shared/schemas/dashboard';
import { recordAudits, recordPatientsNamed } from '../../lib/audit.ts';
import { ownScope, patientScope, type Caller } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { ORGANISATION_MESSAGES } from '../organisations/organisations.service.ts';
import * as repo from './dashboard.repository.ts';

// GET /api/dashboard: the counts of the administration card (AD, RH, PA: their organisation only)
// and of the WellBe card (SA, DE, RE: the platform), the practitioner's day (PR, PA, PG: their
// appointments, requests, notes; the organisation's patients to follow up) and the patient's notice
// to leave (PT: their own consultations). Every patient named in the answer is journalled. The other
// cards read the calls of their own areas (last consultations, messages, menu, sport, articles).

/** Never answered: each section checks first that the caller has an organisation (its section is null otherwise). */
const NO_ORGANISATION_MESSAGE = ORGANISATION_MESSAGES.notFound;

export async function readDashboard(ctx: AppContext, caller: Caller): Promise<Dashboard> {
  const administration = async () => {
    if (!DASHBOARD_ADMINISTRATION_ROLES.includes(caller.role) || !caller.organizationId) return null;
    // The refusals are journal lines: only the journal group (PA here) reads them.
    const journal = can(caller.role, 'journal');
    const a = await repo.administration(ctx.db, ownScope(caller, NO_ORGANISATION_MESSAGE), journal ? DASHBOARD_REFUSAL_DAYS : null);
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
  const practitioner = async () => {
    if (!DASHBOARD_PRACTITIONER_ROLES.includes(caller.role) || !caller.organizationId) return null;
    const p = await repo.practitioner(ctx.db, ownScope(caller, NO_ORGANISATION_MESSAGE), caller.id);
    await recordPatientsNamed(ctx, caller, 'dashboard.read', [...p.today.map((a) => a.idPatient), ...p.followUp.map((f) => f.idPatient)]);
    return p;
  };
  const patient = async () => {
    if (caller.role !== 'PT' || !caller.patientId || !caller.organizationId) return null;
    const p = await repo.patient(ctx.db, { ...patientScope(caller, 'read'), patientId: caller.patientId });
    if (p.notice) await recordAudits(ctx, caller, [{ action: 'dashboard.read', outcome: 'success', recordType: 'consultation', recordId: p.notice.idConsultation, patientId: caller.patientId }]);
    return p;
  };
  const [a, w, pr, pt] = await Promise.all([administration(), wellbe(), practitioner(), patient()]);
  return { administration: a, wellbe: w, practitioner: pr, patient: pt };
}
