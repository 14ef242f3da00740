import { addDays } from '@wellbe/shared/domain/zoned';
import { allergensIn, isMenuDay, matchesDislike, MEALS, roundNutrients, sumNutrients, targetStatus, weekStart, DIETETICS_MESSAGES } from '@wellbe/shared/domain/dietetics';
import { type MenuDay, type MenuLine, type MenuWeek, type MyMenuToday, type PatientDietOverview, type Targets } from '@wellbe/shared/schemas/dietetics';
import { ownPatientId, recordCatalog, type Caller } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import { latestDieteticConsultation, weightHistory } from '../consultations/consultations.measures.service.ts';
import { patientForCaller } from '../patients/patients.service.ts';
import { checkLines, loadCatalog, loadCatalogFor, resolveLine, type Catalog } from './dietetics.catalog.ts';
import { patientOrgScope } from '../patients/patients.service.ts';
import { targetsOf } from './dietetics.profiles.ts';
import { today } from './dietetics.service.ts';
import * as repo from './dietetics.repository.ts';

// A patient's daily menus (lines by meal, totals against their targets, flags for dislikes and
// possible allergens), copied from day to day; the patient file's dietetics tab; a PT's menu of the day.

function flagger(profile: Awaited<ReturnType<typeof repo.findProfile>>, consultationDislikes: string | null) {
  const dislikes = [...(profile?.dislikes ?? []), ...(consultationDislikes ?? '').split(/[,;\n]/).map((s) => s.trim())].filter((s) => s.length >= 3);
  const allergens = profile?.allergens ?? [];
  return (name: string) => {
    const flags: string[] = [];
    const d = matchesDislike(name, dislikes);
    if (d) flags.push(`N’aime pas : ${d}`);
    for (const a of allergensIn(name, allergens)) flags.push(`Allergène possible : ${a}`);
    return flags;
  };
}

function buildDay(catalog: Catalog, day: string, items: repo.MenuItemRow[], targets: Targets, flagsOf: (name: string) => string[]): MenuDay {
  const meals = {} as MenuDay['meals'];
  for (const meal of MEALS) {
    const lines = items.filter((i) => i.day === day && i.meal === meal).map((i) => resolveLine(catalog, i, flagsOf));
    meals[meal] = { items: lines, totals: roundNutrients(sumNutrients(lines.map((l) => l.nutrients))) };
  }
  const totals = roundNutrients(sumNutrients(MEALS.map((m) => meals[m].totals)));
  const known = targets.basis !== 'missing';
  return {
    day,
    meals,
    totals,
    status: {
      energyKcal: targetStatus(totals.energyKcal, known ? targets.energyKcal : null),
      proteinsG: targetStatus(totals.proteinsG, known ? targets.proteinsG : null),
      carbohydratesG: targetStatus(totals.carbohydratesG, known ? targets.carbohydratesG : null),
      fatG: targetStatus(totals.fatG, known ? targets.fatG : null),
    },
  };
}

export function daysBetween(from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to && out.length < 31; d = addDays(d, 1)) out.push(d);
  return out;
}

/** `day`: the organisation's today when the caller has read it already (the targets' age is counted on it). */
async function menuRange(ctx: AppContext, caller: Caller, patient: { id: string; fullName: string; sex: string | null; birthDate: string | null; organizationId: string }, from: string, to: string, day?: string): Promise<MenuWeek> {
  const scope = patientOrgScope(caller, patient);
  // The profile and the consultation serve the targets too: each read once (they were read twice).
  const known = { profile: repo.findProfile(ctx.db, scope, patient.id), consultation: latestDieteticConsultation(ctx, caller, patient.id), day };
  // The catalog is read as soon as the lines are there, while the targets' reads go on.
  const items = repo.menuItemsBetween(ctx.db, scope, patient.id, from, to);
  const catalogRead = items.then((lines) => loadCatalogFor(ctx, recordCatalog(patient.organizationId), lines));
  const [lines, catalog, targets, profile, consultation] = await Promise.all([items, catalogRead, targetsOf(ctx, caller, patient, known), known.profile, known.consultation]);
  const flagsOf = flagger(profile, consultation?.dislikes ?? null);
  return { patient: { idPatient: patient.id, FullName: patient.fullName }, targets, days: daysBetween(from, to).map((d) => buildDay(catalog, d, lines, targets, flagsOf)) };
}

function checkRange(from: string, to: string) {
  if (!isMenuDay(from) || !isMenuDay(to) || to < from || addDays(from, 30) < to) throw badRequest(DIETETICS_MESSAGES.date, 'bad_date');
}

/** A range of days (default: the current week); the patient is looked up first, so a foreign id is a 404 whatever the dates. */
export async function readMenus(ctx: AppContext, caller: Caller, idPatient: string, range: { from?: string; to?: string }): Promise<MenuWeek> {
  const patient = await patientForCaller(ctx, caller, idPatient, 'dietetics.menu.read', 'read');
  const from = range.from ?? weekStart(await today(ctx, patient.organizationId));
  const to = range.to ?? addDays(from, 6);
  checkRange(from, to);
  const week = await menuRange(ctx, caller, patient, from, to);
  await recordAudit(ctx, caller, { action: 'dietetics.menu.read', outcome: 'success', recordType: 'patient', recordId: patient.id, patientId: patient.id, details: { from, to } });
  return week;
}

export async function writeMenuDay(ctx: AppContext, caller: Caller, idPatient: string, day: string, items: MenuLine[]): Promise<MenuWeek> {
  const patient = await patientForCaller(ctx, caller, idPatient, 'dietetics.menu.write', 'write');
  if (!isMenuDay(day)) throw badRequest(DIETETICS_MESSAGES.date, 'bad_date');
  const catalog = await loadCatalog(ctx, recordCatalog(patient.organizationId));
  const lines = await checkLines(ctx, catalog, items);
  await repo.replaceDays(ctx.db, patientOrgScope(caller, patient), { patientId: patient.id, userId: caller.id }, [{ day, items: lines.map((l, i) => ({ ...l, meal: items[i].meal })) }]);
  await recordAudit(ctx, caller, { action: 'dietetics.menu.write', outcome: 'success', recordType: 'patient', recordId: patient.id, patientId: patient.id, details: { day, lines: lines.length } });
  return menuRange(ctx, caller, patient, day, day);
}

/** Copies a day's lines onto other days (their lines are replaced). */
export async function copyMenuDay(ctx: AppContext, caller: Caller, idPatient: string, day: string, to: string[]): Promise<{ copied: number }> {
  const patient = await patientForCaller(ctx, caller, idPatient, 'dietetics.menu.copy', 'write');
  if (!isMenuDay(day)) throw badRequest(DIETETICS_MESSAGES.date, 'bad_date');
  const scope = patientOrgScope(caller, patient);
  const source = await repo.menuItemsBetween(ctx.db, scope, patient.id, day, day);
  const targets = [...new Set(to)].filter((d) => d !== day);
  await repo.replaceDays(
    ctx.db,
    scope,
    { patientId: patient.id, userId: caller.id },
    targets.map((d) => ({ day: d, items: source.map((s) => ({ meal: s.meal, foodId: s.foodId, recipeId: s.recipeId, grams: s.grams, portions: s.portions })) })),
  );
  await recordAudit(ctx, caller, { action: 'dietetics.menu.copy', outcome: 'success', recordType: 'patient', recordId: patient.id, patientId: patient.id, details: { from: day, to: targets } });
  return { copied: targets.length };
}

// The patient file tab and the patient's own space.

async function overviewOf(ctx: AppContext, caller: Caller, patient: Awaited<ReturnType<typeof patientForCaller>>): Promise<PatientDietOverview> {
  const end = await today(ctx, patient.organizationId);
  const from = addDays(end, -27);
  const scope = patientOrgScope(caller, patient);
  const [program, items, weights, targets] = await Promise.all([
    repo.currentAssignment(ctx.db, scope, patient.id, end),
    repo.menuItemsBetween(ctx.db, scope, patient.id, from, end),
    weightHistory(ctx, caller, patient.id),
    targetsOf(ctx, caller, patient),
  ]);
  const catalog = await loadCatalogFor(ctx, recordCatalog(patient.organizationId), items);
  const days = daysBetween(from, end)
    .map((day) => ({ day, energyKcal: Math.round(sumNutrients(items.filter((i) => i.day === day).map((i) => resolveLine(catalog, i).nutrients)).energyKcal) }))
    .filter((d) => items.some((i) => i.day === d.day));
  return {
    program,
    days,
    weights: weights.map((w) => ({ date: w.date.toISOString(), weight: Number(w.weight) })),
    targetKcal: targets.basis === 'missing' ? null : targets.energyKcal,
  };
}

export async function patientOverview(ctx: AppContext, caller: Caller, idPatient: string): Promise<PatientDietOverview> {
  const patient = await patientForCaller(ctx, caller, idPatient, 'dietetics.overview.read', 'read');
  const overview = await overviewOf(ctx, caller, patient);
  await recordAudit(ctx, caller, { action: 'dietetics.overview.read', outcome: 'success', recordType: 'patient', recordId: patient.id, patientId: patient.id });
  return overview;
}

/** A PT's current program and today's menu: only their own file, read-only. */
export async function myToday(ctx: AppContext, caller: Caller): Promise<MyMenuToday> {
  const patient = await patientForCaller(ctx, caller, ownPatientId(caller), 'dietetics.my_menu.read', 'read');
  const day = await today(ctx, patient.organizationId);
  const [week, program] = await Promise.all([menuRange(ctx, caller, patient, day, day, day), repo.currentAssignment(ctx.db, patientOrgScope(caller, patient), patient.id, day)]);
  await recordAudit(ctx, caller, { action: 'dietetics.my_menu.read', outcome: 'success', recordType: 'patient', recordId: patient.id, patientId: patient.id });
  return { patient: { FullName: patient.fullName }, program, today: week.days[0] };
}
