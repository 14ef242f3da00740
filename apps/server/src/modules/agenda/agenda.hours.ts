import type { AvailabilityRule, WeeklyHours } from '@wellbe/shared/schemas/agenda';
import { parseRecurrence, recursOn } from '@wellbe/shared/domain/recurrence';
import { addDays, weekdayOf } from '@wellbe/shared/domain/zoned';
import { zonedInstant } from '@wellbe/shared/domain/zoned-instant';

// Working time of a practitioner over calendar days, in the organisation's time zone: the weekly
// hours, plus the recurring availability (RRULE read on calendar days, so a rule keeps its
// wall-clock time across summer-time changes), minus the exceptions.

export interface Interval {
  start: Date;
  end: Date;
}

/** Whether an RRULE body is one the agenda accepts (used to refuse a bad rule with a French message). */
export function validRrule(rule: AvailabilityRule): boolean {
  return parseRecurrence(rule.rrule) !== null;
}

/** Working intervals for the days [fromDay, toDay] (inclusive). */
export function workingIntervals(input: {
  weeklyHours: WeeklyHours;
  availability: AvailabilityRule[];
  exceptions: Interval[];
  fromDay: string;
  toDay: string;
  timeZone: string;
}): Interval[] {
  const out: Interval[] = [];
  // A stored rule the agenda no longer accepts (written before the check) gives no day rather than a long expansion.
  const rules = input.availability.flatMap((r) => {
    const recurrence = parseRecurrence(r.rrule);
    return recurrence ? [{ rule: r, recurrence }] : [];
  });
  for (let day = input.fromDay; day <= input.toDay; day = addDays(day, 1)) {
    const ranges = [...(input.weeklyHours[String(weekdayOf(day)) as '1'] ?? [])];
    for (const { rule, recurrence } of rules) if (recursOn(recurrence, rule.since, day)) ranges.push({ start: rule.start, end: rule.end });
    for (const r of ranges) out.push({ start: zonedInstant(day, r.start, input.timeZone), end: zonedInstant(day, r.end, input.timeZone) });
  }
  return subtract(merge(out), input.exceptions);
}

function merge(list: Interval[]): Interval[] {
  const sorted = [...list].sort((a, b) => a.start.getTime() - b.start.getTime());
  const out: Interval[] = [];
  for (const i of sorted) {
    const last = out[out.length - 1];
    if (last && i.start.getTime() <= last.end.getTime()) {
      if (i.end > last.end) last.end = i.end;
    } else out.push({ start: i.start, end: i.end });
  }
  return out;
}

export function subtract(list: Interval[], holes: Interval[]): Interval[] {
  let out = list;
  for (const h of holes) {
    const next: Interval[] = [];
    for (const i of out) {
      if (h.end <= i.start || h.start >= i.end) {
        next.push(i);
        continue;
      }
      if (h.start > i.start) next.push({ start: i.start, end: h.start });
      if (h.end < i.end) next.push({ start: h.end, end: i.end });
    }
    out = next;
  }
  return out;
}

/** Whether [start, end) lies inside one working interval. */
export function inside(intervals: Interval[], start: Date, end: Date): boolean {
  return intervals.some((i) => i.start <= start && end <= i.end);
}

/** Free slots of `minutes` on a `step` grid inside the intervals, avoiding the busy ones. */
export function freeSlots(intervals: Interval[], busy: Interval[], minutes: number, step: number, notBefore: Date): Interval[] {
  const out: Interval[] = [];
  const free = subtract(intervals, busy);
  for (const i of free) {
    for (let t = i.start.getTime(); t + minutes * 60_000 <= i.end.getTime(); t += step * 60_000) {
      if (t < notBefore.getTime()) continue;
      out.push({ start: new Date(t), end: new Date(t + minutes * 60_000) });
    }
  }
  return out;
}
