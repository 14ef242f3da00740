import { painLevel } from '@wellbe/shared/domain/imc-bands';
import { addDays, localParts } from '@wellbe/shared/domain/zoned';
import { isIsoDay } from '@wellbe/shared/schemas/fields';
import { DIARY_LIMITS, DIARY_MESSAGES, type DiaryBucket, type DiaryChart, type DiaryNotifications, type DiarySummary } from '@wellbe/shared/schemas/diary';
import { callerScope, ownScope, patientScope, type Caller } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit, recordAudits } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import { consultationMeasures } from '../consultations/consultations.service.ts';
import { targetsOf } from '../dietetics/dietetics.profiles.ts';
import { OrganisationsService } from '../organisations/organisations.service.ts';
import { patientForCaller } from '../patients/patients.service.ts';
import * as repo from './diary.repository.ts';
import { timeZoneOf } from './diary.service.ts';

// What the practitioner sees of a diary in the file: the charts (energy per day against the
// target, pain beside the consultations' pain, days with entries), the week's summary, and the
// patients whose new entries they chose to hear about (badge; the daily digest is diary.digest.ts).

/** Day by day up to 90 days, then per week up to two years, then per month: a 5-year chart stays ~60 points. */
export function granularityOf(from: string, to: string): repo.Granularity {
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  return days <= DIARY_LIMITS.dailyDays ? 'day' : days <= DIARY_LIMITS.weeklyDays ? 'week' : 'month';
}

/** How many days of [from, to] a bucket starting at `start` covers. */
function daysIn(start: string, granularity: repo.Granularity, from: string, to: string): number {
  const next = granularity === 'day' ? addDays(start, 1) : granularity === 'week' ? addDays(start, 7) : `${nextMonth(start)}`;
  const first = start < from ? from : start;
  const last = addDays(next, -1) > to ? to : addDays(next, -1);
  return Math.round((Date.parse(last) - Date.parse(first)) / 86_400_000) + 1;
}

function nextMonth(day: string): string {
  const [y, m] = day.split('-').map(Number);
  return new Date(Date.UTC(y!, m!, 1)).toISOString().slice(0, 10);
}

function toNumber(v: string | number | null): number | null {
  return v == null ? null : Number(v);
}

async function targetKcal(ctx: AppContext, caller: Caller, patient: Awaited<ReturnType<typeof patientForCaller>>): Promise<number | null> {
  const targets = await targetsOf(ctx, caller, patient);
  return targets.basis === 'missing' ? null : targets.energyKcal;
}

/** A patient's diary charted between two days (default: the last 90 days), aggregated in SQL. */
export async function chart(ctx: AppContext, caller: Caller, idPatient: string, query: { from?: string; to?: string }): Promise<DiaryChart> {
  const patient = await patientForCaller(ctx, caller, idPatient, 'diary.chart.read', 'read');
  const today = await new OrganisationsService(ctx).today(patient.organizationId);
  const to = query.to?.slice(0, 10) ?? today;
  const from = query.from?.slice(0, 10) ?? addDays(to, -(DIARY_LIMITS.dailyDays - 1));
  if (!isIsoDay(from) || !isIsoDay(to) || from > to) throw badRequest(DIARY_MESSAGES.range, 'diary_range');
  const granularity = granularityOf(from, to);
  const scope = patientScope(caller, 'read');
  const [rows, target, measures, following] = await Promise.all([
    repo.buckets(ctx.db, scope, patient.id, from, to, granularity),
    targetKcal(ctx, caller, patient),
    consultationMeasures(ctx, caller, patient.id),
    repo.isFollowing(ctx.db, callerScope(caller), caller.id, patient.id),
  ]);
  await recordAudit(ctx, caller, { action: 'diary.chart.read', outcome: 'success', recordType: 'patient', recordId: patient.id, patientId: patient.id, details: { from, to, granularity } });
  const zone = await timeZoneOf(ctx, patient.organizationId);
  const buckets: DiaryBucket[] = rows.map((r) => ({
    start: r.start,
    weightKg: toNumber(r.weightKg),
    pain: toNumber(r.pain),
    painMax: toNumber(r.painMax),
    energyKcal: toNumber(r.energyKcal),
    activityMin: Number(r.activityMin),
    daysWithEntries: Number(r.daysWithEntries),
    days: daysIn(r.start, granularity, from, to),
  }));
  const consultations = measures
    .map((m) => ({ date: localParts(m.consultationDate, zone).day, pain: painLevel(m.dolorIntensity) }))
    .filter((c) => c.date >= from && c.date <= to);
  return { from, to, granularity, buckets, targetKcal: target, consultations, following };
}

/** The last 7 days of a diary (today included), for the file's weekly summary. */
export async function weeklySummary(ctx: AppContext, caller: Caller, idPatient: string): Promise<DiarySummary> {
  const patient = await patientForCaller(ctx, caller, idPatient, 'diary.summary.read', 'read');
  const to = await new OrganisationsService(ctx).today(patient.organizationId);
  const from = addDays(to, -6);
  const scope = patientScope(caller, 'read');
  const [days, rows, target] = await Promise.all([
    repo.buckets(ctx.db, scope, patient.id, from, to, 'day'),
    repo.listEntries(ctx.db, scope, patient.id, { from: new Date(Date.parse(`${from}T00:00:00Z`) - 86_400_000), to: new Date(Date.parse(`${to}T23:59:59Z`) + 86_400_000) }, 500),
    targetKcal(ctx, caller, patient),
  ]);
  await recordAudit(ctx, caller, { action: 'diary.summary.read', outcome: 'success', recordType: 'patient', recordId: patient.id, patientId: patient.id });
  const week = rows.filter((r) => r.day >= from && r.day <= to);
  const count = (kind: string) => week.filter((r) => r.kind === kind).length;
  const weights = week.filter((r) => r.kind === 'weight').sort((a, b) => a.at.getTime() - b.at.getTime());
  const pains = week.filter((r) => r.kind === 'pain').map((r) => r.intensity!);
  const energies = days.filter((d) => d.energyKcal != null).map((d) => Number(d.energyKcal));
  const average = (list: number[]) => (list.length ? Math.round((list.reduce((a, b) => a + b, 0) / list.length) * 10) / 10 : null);
  return {
    from,
    to,
    entries: { weight: count('weight'), meal: count('meal'), pain: count('pain'), activity: count('activity') },
    weightChange: weights.length >= 2 ? Math.round((Number(weights.at(-1)!.weightKg) - Number(weights[0]!.weightKg)) * 10) / 10 : null,
    painAverage: average(pains),
    energyAverage: energies.length ? Math.round(average(energies)!) : null,
    targetKcal: target,
    activityMin: days.reduce((sum, d) => sum + Number(d.activityMin), 0),
    adherence: Math.round((days.length / 7) * 100) / 100,
  };
}

// ---- Following patients' diaries ----

/** A practitioner starts or stops hearing about a patient's new entries. */
export async function follow(ctx: AppContext, caller: Caller, idPatient: string, on: boolean): Promise<{ following: boolean }> {
  const patient = await patientForCaller(ctx, caller, idPatient, 'diary.follow', 'read');
  const scope = ownScope(caller, DIARY_MESSAGES.notFound);
  if (scope.organizationId !== patient.organizationId) throw badRequest(DIARY_MESSAGES.notFound, 'diary_follow');
  await repo.setFollow(ctx.db, scope, caller.id, patient.id, on, new Date(ctx.clock.now()));
  await recordAudit(ctx, caller, { action: 'diary.follow', outcome: 'success', recordType: 'patient', recordId: patient.id, patientId: patient.id, details: { follow: on } });
  return { following: on };
}

/** The badge: new entries of the followed patients since the caller last looked. */
export async function notifications(ctx: AppContext, caller: Caller): Promise<DiaryNotifications> {
  const rows = await repo.newEntries(ctx.db, callerScope(caller), caller.id, 'seen');
  // The badge names a few followed patients with what is new in their diary: one journal row per
  // patient named, as the dashboard's widgets do ('dashboard.read'), so each patient's journal
  // shows the read (the patient list's single row is for pages of any size). An empty badge names
  // nobody: no row.
  await recordAudits(ctx, caller, rows.map((r) => ({ action: 'diary.notifications.read', outcome: 'success', recordType: 'patient', recordId: r.patientId, patientId: r.patientId, details: { count: r.count } })));
  return { count: rows.reduce((sum, r) => sum + r.count, 0), patients: rows.map((r) => ({ idPatient: r.patientId, FullName: r.fullName, count: r.count })) };
}

export async function markSeen(ctx: AppContext, caller: Caller): Promise<void> {
  await repo.markSeen(ctx.db, callerScope(caller), caller.id, new Date(ctx.clock.now()));
}

/** The practitioner opened one patient's diary: that patient's new entries leave the badge, the others stay. */
export async function markPatientSeen(ctx: AppContext, caller: Caller, idPatient: string): Promise<void> {
  const patient = await patientForCaller(ctx, caller, idPatient, 'diary.seen', 'read');
  await repo.markSeen(ctx.db, callerScope(caller), caller.id, new Date(ctx.clock.now()), patient.id);
}
