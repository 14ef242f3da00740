import { IMC_BANDS } from '@wellbe/shared/domain/imc-bands';
import { DOLOR_INTENSITIES, DOLOR_LOCATIONS } from '@wellbe/shared/domain/consultation';
import { STAT_MESSAGES, DisclosureTable, changePercent, isShown, maskCount, resolvePeriod, type ResolvedPeriod, type StatAppointments, type StatPrograms, type StatCount, type StatTable, type Statistics, type StatisticsExportQuery, type StatisticsQuery } from '@wellbe/shared/schemas/statistics';
import { formatDate } from '@wellbe/shared/domain/dates';
import { todayIn } from '@wellbe/shared/domain/zoned';
import { actingScope, aggregateOrganisation, hidden, isUuid, type Caller, type OneOrgScope } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import { csvDocument, type CsvValue } from '../../lib/csv.ts';
import { badRequest } from '../../lib/errors.ts';
import { OrganisationsService } from '../organisations/organisations.service.ts';
import { counters as readCounters } from './statistics.repository.ts';

// /statistics (SPEC §6 `stat`): the practice's figures over a period, from SQL aggregates. No list
// of patients ever leaves this module, every count of 1 to 4 is answered as "< 5", and counts tied
// to it by a shown sum as "secret" (packages/shared domain/disclosure.ts).

/**
 * Figures another area gives /statistics (appointments, dietetics and sport), computed by its own
 * service for the organisation and period, in the organisation's time zone: the area registers its
 * provider at start-up (app.ts), so this module imports none of its internals. Until an area's
 * provider is registered, its part of the answer is null and the screen says so.
 */
export type StatisticsProvider<T> = (ctx: AppContext, scope: OneOrgScope, period: ResolvedPeriod, timeZone: string, counters: PeriodCounters) => Promise<T>;
/** The one organisation whose figures are read: the provider applies it to its queries (orgWhere). */
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
  const found = isUuid(organizationId) ? await new OrganisationsService(ctx).find(organizationId) : null;
  if (!found) {
    await recordAudit(ctx, caller, { action: 'statistics.read', outcome: 'denied', recordType: 'organisation', recordId: organizationId });
    throw hidden(STAT_MESSAGES.organisationNotFound, 'organisation_not_found');
  }
  // The organisation read (the caller's own, or the one SA and DE named) is the scope of every query.
  const organisation = { ...found, scope: actingScope(caller, organizationId, STAT_MESSAGES.organisationNotFound, 'organisation_not_found') };
  // Calendar periods and buckets are the organisation's days (its time zone, 'Paramètres').
  const period = resolvePeriod(query, todayIn(organisation.timeZone, ctx.clock.now()));
  if (!period.ok) throw badRequest(period.message, 'invalid_period');
  return { period: period.value, organisation };
}

/** A count of the current period, as the disclosure table resolved it, against the previous one. */
function figure(value: StatCount, raw: number, previous: number) {
  const before = maskCount(previous);
  return { value, previous: before, change: isShown(value) && isShown(before) ? changePercent(raw, previous) : null };
}

/** Shown counts first (largest first), hidden ones after in a fixed order: the order tells no hidden size. */
function byShownCount<T>(rows: T[], count: (row: T) => StatCount, name?: (row: T) => string): T[] {
  const size = (row: T) => {
    const c = count(row);
    return isShown(c) ? c : -1;
  };
  return [...rows].sort((a, b) => size(b) - size(a) || (name ? name(a).localeCompare(name(b), 'fr') : 0));
}

async function compute(ctx: AppContext, organisation: { id: string; name: string; timeZone: string; scope: OneOrgScope }, period: ResolvedPeriod): Promise<Statistics> {
  const { id: organizationId, name: organizationName, timeZone, scope } = organisation;
  // One query for the counters (consultations, patients, notices, appointments); the areas that
  // keep no counters (dietetics, sport) query alongside it, not after.
  let periodCounters: PeriodCounters = () => new Map();
  const provide = <T>(provider: StatisticsProvider<T> | null) => (provider ? provider(ctx, scope, period, timeZone, (d) => periodCounters(d)) : Promise.resolve(null));
  const [rows, dietetics, sport] = await Promise.all([
    readCounters(ctx.db, scope, period, period.previous, period.bucket),
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
  const countOf = (dimension: string, key: string) => totals(dimension).find((c) => c.key === key)?.count ?? 0;

  // Every count of the answer is a cell of one disclosure table, tied by the sums a reader can
  // check: the consultations' total is the sum of its periods, practitioners, specialities, pain
  // intensities and locations; the pain table's rows are the periods' totals and its columns the
  // intensities' totals. The table hides what "< 5" alone would let a reader compute back.
  const table = new DisclosureTable();
  const listed = <T>(items: T[], value: (item: T) => number) => items.map((item) => ({ item, cell: table.cell(value(item)) }));
  const consultations = total('total');
  const consultationsCell = table.cell(consultations);
  const series = listed(starts('total'), (start) => inBucket('total', start));
  const practitioners = listed(
    totals('practitioner').filter((p) => p.count > 0),
    (p) => p.count,
  );
  const specialities = listed(
    totals('speciality').filter((p) => p.count > 0),
    (p) => p.count,
  );
  const intensities = listed([...DOLOR_INTENSITIES], (intensity) => countOf('intensity', intensity));
  const locations = listed([...DOLOR_LOCATIONS], (location) => countOf('location', location));
  for (const breakdown of [series, practitioners, specialities, intensities, locations]) table.sum(consultationsCell, breakdown.map((b) => b.cell));
  const painEvolution = starts('intensity').map((start) => ({ start, cells: listed([...DOLOR_INTENSITIES], (intensity) => counters.find((c) => c.dimension === 'intensity' && c.key === intensity && c.start === start)?.count ?? 0) }));
  for (const row of painEvolution) {
    const bucket = series.find((p) => p.item === row.start);
    if (bucket) table.sum(bucket.cell, row.cells.map((c) => c.cell));
  }
  intensities.forEach((column, i) => table.sum(column.cell, painEvolution.map((row) => row.cells[i].cell)));
  const newPatients = total('new_patients');
  const newPatientsCell = table.cell(newPatients);
  const newPatientSeries = listed(starts('new_patients'), (start) => inBucket('new_patients', start));
  table.sum(newPatientsCell, newPatientSeries.map((p) => p.cell));
  const opinions = total('opinions');
  const opinionsCell = table.cell(opinions);
  const opinionSeries = listed(starts('opinions'), (start) => inBucket('opinions', start));
  table.sum(opinionsCell, opinionSeries.map((p) => p.cell));
  const imc = listed([...IMC_BANDS.map((b) => ({ key: b.key, label: b.label })), { key: 'unknown', label: 'Non renseigné' }], (b) => countOf('imc', b.key));
  const shown = table.resolve();

  // An average or a share is given over 5 opinions or more, and only where their count is shown
  // (a figure next to a hidden count would tell its size).
  const enough = (c: StatCount) => isShown(c) && c >= 5;
  const previousOpinions = previous.get('opinions') ?? 0;
  const opinionsShown = shown(opinionsCell);

  return {
    organizationId,
    organizationName,
    period,
    activity: {
      consultations: figure(shown(consultationsCell), consultations, previous.get('total') ?? 0),
      newPatients: figure(shown(newPatientsCell), newPatients, previous.get('new_patients') ?? 0),
      series: series.map((p) => ({ start: p.item, consultations: shown(p.cell) })),
      byPractitioner: byShownCount(
        practitioners.map((p) => ({ idUser: p.item.key, name: p.item.label ?? '—', consultations: shown(p.cell) })),
        (p) => p.consultations,
        (p) => p.name,
      ),
      bySpeciality: byShownCount(
        specialities.map((s) => ({ idJobSpecialist: Number(s.item.key), label: s.item.label ?? s.item.key, consultations: shown(s.cell) })),
        (s) => s.consultations,
        (s) => s.label,
      ),
      newPatientSeries: newPatientSeries.map((p) => ({ start: p.item, patients: shown(p.cell) })),
    },
    clinical: {
      imcClasses: imc.map((b) => ({ ...b.item, patients: shown(b.cell) })),
      painIntensity: intensities.map((c) => ({ intensity: c.item, consultations: shown(c.cell) })),
      painEvolution: painEvolution.map((row) => ({ start: row.start, counts: Object.fromEntries(row.cells.map((c) => [c.item, shown(c.cell)])) })),
      painLocations: byShownCount(
        locations.map((c) => ({ location: c.item, consultations: shown(c.cell) })),
        (c) => c.consultations,
      ),
    },
    satisfaction: {
      opinions: figure(opinionsShown, opinions, previousOpinions),
      average: enough(opinionsShown) ? round1(total('stars') / opinions) : null,
      previousAverage: enough(maskCount(previousOpinions)) ? round1((previous.get('stars') ?? 0) / previousOpinions) : null,
      // A share times the shown count gives a count back: not given when those who recommend, or
      // those who do not, number 1 to 4 (6 opinions at 66,7 % told 4 and 2).
      recommendShare:
        enough(opinionsShown) && isShown(maskCount(total('recommend'))) && isShown(maskCount(opinions - total('recommend'))) ? round1((total('recommend') / opinions) * 100) : null,
      series: opinionSeries.map((p) => {
        const n = shown(p.cell);
        return { start: p.item, opinions: n, average: enough(n) ? round1(inBucket('stars', p.item) / inBucket('opinions', p.item)) : null };
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
