import { foodQuantity, roundNutrients, sumNutrients, ZERO } from '@wellbe/shared/domain/dietetics';
import { localParts } from '@wellbe/shared/domain/zoned';
import { dayBounds, hasOffset, instantIn } from '@wellbe/shared/domain/zoned-instant';
import { DIARY_MESSAGES, gramsOf, type DiaryEntry, type DiaryEntryWrite, type DiaryQuery, type MyDayTotals } from '@wellbe/shared/schemas/diary';
import { DIETETICS_MESSAGES } from '@wellbe/shared/domain/dietetics';
import { hidden, isUuid, ownPatientId, patientScope, type Caller, type OneOrgScope } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { sql } from 'drizzle-orm';
import { preparedScope, preparedScopeShape, scopeParams } from '../../access/filters.ts';
import { recordAudit } from '../../lib/audit.ts';
import { preparedOnce } from '../../lib/prepared.ts';
import { badRequest } from '../../lib/errors.ts';
import { foodsForRecord } from '../dietetics/dietetics.foods.ts';
import { targetsOf } from '../dietetics/dietetics.profiles.ts';
import { OrganisationsService } from '../organisations/organisations.service.ts';
import { patientForCaller, patientOrgScope } from '../patients/patients.service.ts';
import { sessionOfPatient } from '../sport-programs/sport-programs.service.ts';
import * as repo from './diary.repository.ts';

// The patient's diaries: a PT writes their own entries (weight, meal, pain, activity) and reads
// them with their practitioners' comments; the practitioners of the practice read a patient's
// diary in the file and comment an entry. Patients are found through the patients service (scope,
// 404, journal); every read and write of a diary writes a journal row.

/** A list answers at most this many entries (newest first); the charts aggregate in SQL instead. */
const LIST_LIMIT = 2000;
/** A phone's clock may run a little ahead of the server's: what "in the future" tolerates. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

type Patient = Awaited<ReturnType<typeof patientForCaller>>;

export function timeZoneOf(ctx: AppContext, organizationId: string): Promise<string> {
  return new OrganisationsService(ctx).timeZone(organizationId);
}

function num(v: number | string | null): number | null {
  return v == null ? null : Number(v);
}

function toEntry(row: repo.EntryRow, items: Awaited<ReturnType<typeof repo.itemsOf>>): DiaryEntry {
  return {
    id: row.id,
    kind: row.kind as DiaryEntry['kind'],
    at: row.at.toISOString(),
    day: row.day,
    weightKg: num(row.weightKg),
    intensity: row.intensity,
    location: row.location,
    meal: row.meal,
    items: items.filter((i) => i.entryId === row.id).map((i) => ({ foodId: i.foodId, name: i.name, grams: Number(i.grams), measure: i.measure, quantity: num(i.quantity), energyKcal: Math.round(Number(i.energyKcal)) })),
    energyKcal: row.energyKcal == null ? null : Math.round(Number(row.energyKcal)),
    proteinsG: num(row.proteinsG),
    carbohydratesG: num(row.carbohydratesG),
    fatG: num(row.fatG),
    sessionId: row.sessionId,
    activity: row.activity,
    durationMin: row.durationMin,
    activityIntensity: row.activityIntensity,
    note: row.note,
    hasPhoto: !!row.photoHash,
    comment: row.comment && row.commentAt ? { text: row.comment, author: row.commentAuthor ?? '', at: row.commentAt.toISOString() } : null,
    createdAt: row.createdAt.toISOString(),
  };
}

async function withItems(ctx: AppContext, rows: repo.EntryRow[]): Promise<DiaryEntry[]> {
  const items = await repo.itemsOf(ctx.db, rows.filter((r) => r.kind === 'meal').map((r) => r.id));
  return rows.map((r) => toEntry(r, items));
}

/** A meal's lines against the foods the practice may use (another practice's food: 404, nothing saved). */
async function mealValues(ctx: AppContext, organizationId: string, input: Extract<DiaryEntryWrite, { kind: 'meal' }>) {
  const foods = new Map((await foodsForRecord(ctx, organizationId, input.items.map((i) => i.foodId))).map((f) => [f.id, f]));
  const items = input.items.map((item) => {
    const food = foods.get(item.foodId);
    if (!food) throw hidden(DIETETICS_MESSAGES.foodNotFound, 'food_not_found');
    const grams = Math.round(gramsOf(item) * 100) / 100;
    const nutrients = foodQuantity(food, grams);
    return { line: { foodId: food.id, name: food.nameFr, grams, measure: item.grams == null ? item.measure! : null, quantity: item.grams == null ? item.quantity! : null, energyKcal: nutrients.energyKcal }, nutrients };
  });
  const total = roundNutrients(sumNutrients(items.map((i) => i.nutrients)));
  return { items: items.map((i) => i.line), values: { meal: input.meal, energyKcal: total.energyKcal, proteinsG: total.proteinsG, carbohydratesG: total.carbohydratesG, fatG: total.fatG } };
}

async function kindValues(ctx: AppContext, scope: OneOrgScope, patient: Patient, input: DiaryEntryWrite): Promise<{ values: Partial<repo.EntryValues>; items: repo.ItemValues[] }> {
  switch (input.kind) {
    case 'weight':
      return { values: { weightKg: input.weightKg }, items: [] };
    case 'pain':
      return { values: { intensity: input.intensity, location: input.location, note: input.note || null }, items: [] };
    case 'meal': {
      const meal = await mealValues(ctx, scope.organizationId, input);
      return { values: { ...meal.values, note: input.note || null }, items: meal.items };
    }
    case 'activity': {
      const session = input.sessionId ? await sessionOfPatient(ctx, scope, patient.id, input.sessionId) : null;
      if (input.sessionId && !session) throw hidden(DIARY_MESSAGES.sessionNotFound, 'session_not_found');
      return {
        values: { sessionId: session?.id ?? null, activity: session?.name ?? input.activity!.trim(), durationMin: input.durationMin, activityIntensity: input.intensity, note: input.note || null },
        items: [],
      };
    }
  }
}

/** A PT records an entry of their own diary; a retry with the same `id` answers the entry already saved. */
export async function createEntry(ctx: AppContext, caller: Caller, input: DiaryEntryWrite): Promise<{ entry: DiaryEntry; created: boolean }> {
  const patient = await patientForCaller(ctx, caller, ownPatientId(caller), 'diary.entry.create', 'read');
  const at = new Date(input.at);
  if (at.getTime() > ctx.clock.now() + CLOCK_SKEW_MS) {
    await recordAudit(ctx, caller, { action: 'diary.entry.create', outcome: 'error', recordType: 'patient', recordId: patient.id, patientId: patient.id, details: { reason: 'future', kind: input.kind } });
    throw badRequest(DIARY_MESSAGES.future, 'diary_future');
  }
  const scope = patientOrgScope(caller, patient);
  const { values, items } = await kindValues(ctx, scope, patient, input);
  const day = localParts(at, await timeZoneOf(ctx, patient.organizationId)).day;
  const saved = await repo.insertEntry(ctx.db, scope, { patientId: patient.id, userId: caller.id }, { ...values, id: input.id, kind: input.kind, at, day, createdAt: new Date(ctx.clock.now()) }, items);
  const row = await repo.findEntry(ctx.db, patientScope(caller, 'read'), saved.id);
  if (!row || row.patientId !== patient.id || row.kind !== input.kind) {
    await recordAudit(ctx, caller, { action: 'diary.entry.create', outcome: 'denied', recordType: 'diary_entry', recordId: saved.id, patientId: patient.id, details: { reason: 'id_taken' } });
    throw hidden(DIARY_MESSAGES.notFound, 'diary_entry_not_found');
  }
  await recordAudit(ctx, caller, { action: 'diary.entry.create', outcome: 'success', recordType: 'diary_entry', recordId: saved.id, patientId: patient.id, details: { kind: input.kind, ...(saved.created ? {} : { retry: true }) } });
  return { entry: (await withItems(ctx, [row]))[0]!, created: saved.created };
}

/**
 * `from`/`to` as typed: a day is its whole calendar day in the practice's zone, an instant with an
 * offset itself, one without ('2026-02-28T10:00') the practice's wall-clock time, as the agenda
 * reads times. The zone is read only when a value needs it.
 */
async function rangeOf(ctx: AppContext, organizationId: string, query: DiaryQuery): Promise<{ from?: Date; to?: Date }> {
  const zone = [query.from, query.to].some((v) => v && !hasOffset(v)) ? await timeZoneOf(ctx, organizationId) : 'UTC';
  const from = query.from ? (query.from.length === 10 ? dayBounds(query.from, zone)[0] : instantIn(query.from, zone)) : undefined;
  const to = query.to ? (query.to.length === 10 ? dayBounds(query.to, zone)[1] : instantIn(query.to, zone)) : undefined;
  if (from && to && from > to) throw badRequest(DIARY_MESSAGES.range, 'diary_range');
  return { from, to };
}

async function entriesOf(ctx: AppContext, caller: Caller, patient: Patient, query: DiaryQuery, action: string): Promise<DiaryEntry[]> {
  const range = await rangeOf(ctx, patient.organizationId, query);
  const rows = await repo.listEntries(ctx.db, patientScope(caller, 'read'), patient.id, { kind: query.kind, ...range }, LIST_LIMIT);
  await recordAudit(ctx, caller, { action, outcome: 'success', recordType: 'patient', recordId: patient.id, patientId: patient.id, details: { kind: query.kind ?? null, count: rows.length } });
  return withItems(ctx, rows);
}

/** The PT's own entries (with their practitioners' comments). */
export async function listMine(ctx: AppContext, caller: Caller, query: DiaryQuery): Promise<DiaryEntry[]> {
  const patient = await patientForCaller(ctx, caller, ownPatientId(caller), 'diary.mine.read', 'read');
  return entriesOf(ctx, caller, patient, query, 'diary.mine.read');
}

/** A patient's diary in the file (another practice's patient: 404, journalled). */
export async function listForPatient(ctx: AppContext, caller: Caller, idPatient: string, query: DiaryQuery): Promise<DiaryEntry[]> {
  const patient = await patientForCaller(ctx, caller, idPatient, 'diary.read', 'read');
  return entriesOf(ctx, caller, patient, query, 'diary.read');
}

/** A practitioner comments an entry; the patient reads it beside the entry. */
export async function commentEntry(ctx: AppContext, caller: Caller, id: string, text: string): Promise<DiaryEntry> {
  const scope = patientScope(caller, 'write');
  const row = isUuid(id) ? await repo.findEntry(ctx.db, scope, id) : null;
  if (!row || !(await repo.setComment(ctx.db, scope, id, { text, by: caller.id, at: new Date(ctx.clock.now()) }))) {
    await recordAudit(ctx, caller, { action: 'diary.entry.comment', outcome: 'denied', recordType: 'diary_entry', recordId: id });
    throw hidden(DIARY_MESSAGES.notFound, 'diary_entry_not_found');
  }
  await recordAudit(ctx, caller, { action: 'diary.entry.comment', outcome: 'success', recordType: 'diary_entry', recordId: id, patientId: row.patientId });
  const updated = await repo.findEntry(ctx.db, scope, id);
  return (await withItems(ctx, [updated!]))[0]!;
}

/** The PT's meals of a day (today by default) against their dietetic target, when they have one. */
export async function myDay(ctx: AppContext, caller: Caller, day: string | undefined): Promise<MyDayTotals> {
  const patient = await patientForCaller(ctx, caller, ownPatientId(caller), 'diary.day.read', 'read');
  const date = day ?? (await new OrganisationsService(ctx).today(patient.organizationId));
  const [totals, targets] = await Promise.all([repo.dayTotals(ctx.db, patientScope(caller, 'read'), patient.id, date), targetsOf(ctx, caller, patient)]);
  await recordAudit(ctx, caller, { action: 'diary.day.read', outcome: 'success', recordType: 'patient', recordId: patient.id, patientId: patient.id });
  const eaten = totals ? { energyKcal: Number(totals.energyKcal), proteinsG: Number(totals.proteinsG), carbohydratesG: Number(totals.carbohydratesG), fatG: Number(totals.fatG), fibresG: 0 } : ZERO;
  const { fibresG: _f, ...rounded } = roundNutrients(eaten);
  return {
    day: date,
    ...rounded,
    targets: targets.basis === 'missing' ? null : { energyKcal: targets.energyKcal, proteinsG: targets.proteinsG, carbohydratesG: targets.carbohydratesG, fatG: targets.fatG },
  };
}

/** The weights a patient declared, oldest first, for the file's weight curve (patients: measures): one prepared statement. */
export async function selfReportedWeights(ctx: AppContext, caller: Caller, patientId: string) {
  const scope = patientScope(caller, 'read');
  const statement = preparedOnce(ctx.db, `diary_weights_${preparedScopeShape(scope)}`, () => repo.weights(ctx.db, preparedScope(scope), sql.placeholder('patient_id') as unknown as string));
  return statement.execute({ ...scopeParams(scope), patient_id: patientId });
}

/** One entry as the caller reads it (the photo's answer). */
export async function entryOf(ctx: AppContext, caller: Caller, id: string): Promise<DiaryEntry> {
  const row = await repo.findEntry(ctx.db, patientScope(caller, 'read'), id);
  if (!row) throw hidden(DIARY_MESSAGES.notFound, 'diary_entry_not_found');
  return (await withItems(ctx, [row]))[0]!;
}
