import { IMC_BANDS } from '@wellbe/shared/domain/imc-bands';
import { DOLOR_INTENSITIES, DOLOR_LOCATIONS } from '@wellbe/shared/domain/consultation';
import {
  STAT_MESSAGES,
  changePercent,
  maskCount,
  resolvePeriod,
  type ResolvedPeriod,
  type StatAppointments,
  type StatPrograms,
  type StatCount,
  type StatTable,
  type Statistics,
  type StatisticsExportQuery,
  type StatisticsQuery,
} from '@wellbe/shared/schemas/statistics';
import { formatDate } from '@wellbe/shared/domain/dates';
import { localParts } from '@wellbe/shared/domain/zoned';
import { aggregateOrganisation, hidden, isUuid, type Caller } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import { csvDocument, type CsvValue } from '../../lib/csv.ts';
import { badRequest } from '../../lib/errors.ts';
import { OrganisationsService } from '../organisations/organisations.service.ts';
import { counters as readCounters } from './statistics.repository.ts';

// /statistics (SPEC §6 `stat`): the practice's figures over a period, from SQL aggregates. No list
// of patients ever leaves this module, and every count of 1 to 4 is answered as "< 5".

/**
 * Figures another area gives /statistics (appointments, dietetics and sport), computed by its own
 * service for the organisation and period, in the organisation's time zone: the area registers its
 * provider at start-up (app.ts), so this module imports none of its internals. Until an area's
 * provider is registered, its part of the answer is null and the screen says so.
 */
export type StatisticsProvider<T> = (ctx: AppContext, organizationId: string, period: ResolvedPeriod, timeZone: string, counters: PeriodCounters) => Promise<T>;
/** The period's totals of one dimension of statistics_daily, by key (an area whose rows the counters keep reads them here). */
export type PeriodCounters = (dimension: string) => Map<string, number>;
export type AppointmentStatisticsProvider = StatisticsProvider<StatAppointments>;
let appointmentProvider: AppointmentStatisticsProvider | null = null;
export function registerAppointmentStatistics(provider: AppointmentStatisticsProvider): void {
  appointmentProvider = provider;
}
let programProviders: { dietetics: StatisticsProvider<StatPrograms> | null; sport: StatisticsProvider<StatPrograms> | null } = { dietetics: null, sport: null };
/** Dietetics and sport: programs assigned over the period and their adherence. */
export function registerProgramStatistics(area: 'dietetics' | 'sport', provider: StatisticsProvider<StatPrograms>): void {
  programProviders = { ...programProviders, [area]: provider };
}

const round1 = (n: number) => Math.round(n * 10) / 10;

async function scope(ctx: AppContext, caller: Caller, query: StatisticsQuery) {
  const organizationId = aggregateOrganisation(caller, query.organizationId);
  if (!organizationId) throw badRequest(STAT_MESSAGES.noOrganisation, 'no_organisation');
  const organisation = isUuid(organizationId) ? await new OrganisationsService(ctx).find(organizationId) : null;
  if (!organisation) {
    await recordAudit(ctx, caller, { action: 'statistics.read', outcome: 'denied', recordType: 'organisation', recordId: organizationId });
    throw hidden(STAT_MESSAGES.organisationNotFound, 'organisation_not_found');
  }
  // Calendar periods and buckets are the organisation's days (its time zone, 'Paramètres').
  const period = resolvePeriod(query, localParts(new Date(ctx.clock.now()), organisation.timeZone).day);
  if (!period.ok) throw badRequest(period.message, 'invalid_period');
  return { period: period.value, organisation };
}

function figure(value: number, previous: number) {
  return { value: maskCount(value), previous: maskCount(previous), change: changePercent(value, previous) };
}

async function compute(ctx: AppContext, organisation: { id: string; name: string; timeZone: string }, period: ResolvedPeriod): Promise<Statistics> {
  const { id: organizationId, name: organizationName, timeZone } = organisation;
  // One query for the counters (consultations, patients, notices, appointments); the areas that
  // keep no counters (dietetics, sport) query alongside it, not after.
  let periodCounters: PeriodCounters = () => new Map();
  const provide = <T>(provider: StatisticsProvider<T> | null) => (provider ? provider(ctx, organizationId, period, timeZone, (d) => periodCounters(d)) : Promise.resolve(null));
  const [rows, dietetics, sport] = await Promise.all([
    readCounters(ctx.db, organizationId, period, period.previous, period.bucket),
    provide(programProviders.dietetics),
    provide(programProviders.sport),
  ]);
  periodCounters = (dimension) => new Map(rows.filter((r) => !r.previous && r.start == null && r.dimension === dimension).map((r) => [r.key, r.count]));
  const appointments = await provide(appointmentProvider);
  const counters = rows.filter((r) => !r.previous);
  const previous = new Map<string, number>();
  for (const r of rows) if (r.previous) previous.set(r.dimension, (previous.get(r.dimension) ?? 0) + r.count);
  const totals = (dimension: string) => counters.filter((c) => c.dimension === dimension && c.start == null);
  const total = (dimension: string) => totals(dimension).reduce((sum, c) => sum + c.count, 0);
  const inBucket = (dimension: string, start: string) => counters.find((c) => c.dimension === dimension && c.start === start)?.count ?? 0;
  const starts = (dimension: string) => [...new Set(counters.filter((c) => c.dimension === dimension && c.start != null && c.count !== 0).map((c) => c.start!))].sort();
  const consultations = total('total');
  const practitioners = totals('practitioner')
    .filter((p) => p.count > 0)
    .sort((a, b) => b.count - a.count);

  const series = starts('total').map((start) => ({ start, consultations: maskCount(inBucket('total', start)) }));

  const painStarts = starts('intensity');
  const painEvolution = painStarts.map((start) => {
    const counts: Record<string, StatCount> = {};
    for (const intensity of DOLOR_INTENSITIES) counts[intensity] = maskCount(counters.find((c) => c.dimension === 'intensity' && c.key === intensity && c.start === start)?.count ?? 0);
    return { start, counts };
  });
  const countOf = (dimension: string, key: string) => totals(dimension).find((c) => c.key === key)?.count ?? 0;

  const enough = (n: number) => maskCount(n) !== '< 5' && n > 0;
  const opinions = total('opinions');
  const previousOpinions = previous.get('opinions') ?? 0;

  return {
    organizationId,
    organizationName,
    period,
    activity: {
      consultations: figure(consultations, previous.get('total') ?? 0),
      newPatients: figure(total('new_patients'), previous.get('new_patients') ?? 0),
      series,
      byPractitioner: practitioners.map((p) => ({ idUser: p.key, name: p.label ?? '—', consultations: maskCount(p.count) })),
      bySpeciality: totals('speciality')
        .filter((s) => s.count > 0)
        .sort((a, b) => b.count - a.count)
        .map((s) => ({ idJobSpecialist: Number(s.key), label: s.label ?? s.key, consultations: maskCount(s.count) })),
      newPatientSeries: starts('new_patients').map((start) => ({ start, patients: maskCount(inBucket('new_patients', start)) })),
    },
    clinical: {
      imcClasses: [...IMC_BANDS.map((b) => ({ key: b.key, label: b.label })), { key: 'unknown', label: 'Non renseigné' }].map((b) => ({
        ...b,
        patients: maskCount(countOf('imc', b.key)),
      })),
      painIntensity: DOLOR_INTENSITIES.map((intensity) => ({ intensity, consultations: maskCount(countOf('intensity', intensity)) })),
      painEvolution,
      painLocations: DOLOR_LOCATIONS.map((location) => ({ location, consultations: maskCount(countOf('location', location)) })).sort(
        (a, b) => (typeof b.consultations === 'number' ? b.consultations : 0) - (typeof a.consultations === 'number' ? a.consultations : 0),
      ),
    },
    satisfaction: {
      opinions: figure(opinions, previousOpinions),
      average: enough(opinions) ? round1(total('stars') / opinions) : null,
      previousAverage: enough(previousOpinions) ? round1((previous.get('stars') ?? 0) / previousOpinions) : null,
      recommendShare: enough(opinions) ? round1((total('recommend') / opinions) * 100) : null,
      series: starts('opinions').map((start) => {
        const n = inBucket('opinions', start);
        return { start, opinions: maskCount(n), average: enough(n) ? round1(inBucket('stars', start) / n) : null };
      }),
    },
    appointments,
    programs: { dietetics, sport },
  };
}

export async function readStatistics(ctx: AppContext, caller: Caller, query: StatisticsQuery): Promise<Statistics> {
  const { period, organisation } = await scope(ctx, caller, query);
  // The journal row is written while the counters are read (both awaited: no answer without it).
  const [stats] = await Promise.all([
    compute(ctx, organisation, period),
    recordAudit(ctx, caller, {
    action: 'statistics.read',
    outcome: 'success',
    recordType: 'organisation',
    recordId: organisation.id,
    details: { period: period.period, from: period.from, to: period.to },
    }),
  ]);
  return stats;
}

/** French headers and rows of each table of the screen, for its CSV export. */
function table(stats: Statistics, name: StatTable): { header: string[]; rows: CsvValue[][] } {
  switch (name) {
    case 'consultations':
      return { header: ['Début de la période', 'Consultations'], rows: stats.activity.series.map((p) => [formatDate(p.start), p.consultations]) };
    case 'practitioners':
      return { header: ['Praticien', 'Consultations'], rows: stats.activity.byPractitioner.map((p) => [p.name, p.consultations]) };
    case 'specialities':
      return { header: ['Spécialité', 'Consultations'], rows: stats.activity.bySpeciality.map((p) => [p.label, p.consultations]) };
    case 'newPatients':
      return { header: ['Début de la période', 'Nouveaux patients'], rows: stats.activity.newPatientSeries.map((p) => [formatDate(p.start), p.patients]) };
    case 'imc':
      return { header: ['Classe d’IMC', 'Patients'], rows: stats.clinical.imcClasses.map((c) => [c.label, c.patients]) };
    case 'painIntensity':
      return { header: ['Intensité de la douleur', 'Consultations'], rows: stats.clinical.painIntensity.map((c) => [c.intensity, c.consultations]) };
    case 'painLocations':
      return { header: ['Localisation de la douleur', 'Consultations'], rows: stats.clinical.painLocations.map((c) => [c.location, c.consultations]) };
    case 'satisfaction':
      return {
        header: ['Début de la période', 'Avis', 'Note moyenne'],
        rows: stats.satisfaction.series.map((p) => [formatDate(p.start), p.opinions, p.average == null ? '' : String(p.average).replace('.', ',')]),
      };
  }
}

export async function exportStatistics(ctx: AppContext, caller: Caller, query: StatisticsExportQuery): Promise<{ fileName: string; body: string }> {
  const { period, organisation } = await scope(ctx, caller, query);
  const stats = await compute(ctx, organisation, period);
  const { header, rows } = table(stats, query.table);
  await recordAudit(ctx, caller, {
    action: 'statistics.export',
    outcome: 'success',
    recordType: 'organisation',
    recordId: organisation.id,
    details: { table: query.table, period: period.period, from: period.from, to: period.to },
  });
  return { fileName: `statistiques-${query.table}-${period.from}-${period.to}.csv`, body: csvDocument(header, rows) };
}
