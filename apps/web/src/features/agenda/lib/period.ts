import { addDays, weekdayOf } from '@wellbe/shared/domain/zoned';

// The period a view shows around a day of the practice's calendar (YYYY-MM-DD), the one before or
// after it, and its title: the agenda's own toolbar (period-bar.tsx) is drawn from these, without
// FullCalendar, which then only draws the grid once its chunk has arrived (issue 31). The days are
// calendar days, never instants: no time zone is involved.

/** The agenda's views by their name in the address (/agenda/{handle}/{view}/{date}). */
export const VIEWS = { jour: 'timeGridDay', semaine: 'timeGridWeek', mois: 'dayGridMonth', liste: 'listWeek' } as const;
export type ViewName = keyof typeof VIEWS;

/** The first day of the period of `view` that holds `day`: the day, its week's Monday, its month's 1st. */
export function periodStart(view: ViewName, day: string): string {
  if (view === 'jour') return day;
  if (view === 'mois') return `${day.slice(0, 7)}-01`;
  return addDays(day, 1 - weekdayOf(day));
}

/** The first day after the period of `view` that starts on `start`. */
function periodEnd(view: ViewName, start: string): string {
  if (view === 'jour') return addDays(start, 1);
  if (view === 'mois') return shiftMonths(start, 1);
  return addDays(start, 7);
}

function shiftMonths(first: string, n: number): string {
  const months = Number(first.slice(0, 4)) * 12 + Number(first.slice(5, 7)) - 1 + n;
  return `${String(Math.floor(months / 12)).padStart(4, '0')}-${String((months % 12) + 1).padStart(2, '0')}-01`;
}

/**
 * The calendar days FullCalendar lays out for the period of `view` holding `day`: its first, and
 * the day after its last. A month's grid is six whole weeks from the Monday on or before the 1st
 * (FullCalendar's fixed week count); a list shows its week. The period read from the server is
 * these days' midnights in the practice's zone, as FullCalendar reports them.
 */
export function shownDays(view: ViewName, day: string): { first: string; end: string } {
  const start = periodStart(view, day);
  if (view === 'mois') {
    const first = addDays(start, 1 - weekdayOf(start));
    return { first, end: addDays(first, 42) };
  }
  return { first: start, end: periodEnd(view, start) };
}

/** The first day of the period `n` periods after (before, when negative) the one holding `day`. */
export function shiftPeriod(view: ViewName, day: string, n: number): string {
  const start = periodStart(view, day);
  if (view === 'jour') return addDays(start, n);
  if (view === 'mois') return shiftMonths(start, n);
  return addDays(start, 7 * n);
}

/** Whether the period of `view` holding `day` also holds `other` (today's button is then disabled). */
export function periodHolds(view: ViewName, day: string, other: string): boolean {
  const start = periodStart(view, day);
  return other >= start && other < periodEnd(view, start);
}

/**
 * Whether FullCalendar's report of the period it shows (its view and first day) is about the
 * address's own period: only then does it set the period read from the server, and the address
 * move to that period's first day (« /semaine/2027-03-03 » to its Monday). Another view, or a period
 * the address has already left, is a report from a calendar still on a former address (a view being
 * replaced, a click before the calendar caught up): the address leads and the calendar follows it
 * (gotoDate, a new calendar per view), never the other way round. A late report of the month had
 * put the month back after « Semaine » was clicked (a CI run of agenda-period.spec).
 */
export function reportsAddress(view: ViewName, date: string, reported: { view: ViewName; start: string }): boolean {
  return reported.view === view && periodHolds(view, reported.start, date);
}

/** Intl's locale for an interface language: British English (day first), Arabic with Latin digits as every date of the app. */
const INTL_LOCALES: Record<string, string> = { fr: 'fr-FR', en: 'en-GB', tr: 'tr-TR', ar: 'ar-u-nu-latn' };

const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

/**
 * The period's title as FullCalendar wrote it: « 29 novembre 2026 » (a day), « 23–29 nov. 2026 »
 * (a week, a list), « novembre 2026 » (a month), in the interface language.
 */
export function periodTitle(view: ViewName, day: string, language: string): string {
  const locale = INTL_LOCALES[language] ?? INTL_LOCALES.fr!;
  const start = periodStart(view, day);
  if (view === 'jour') return titleFormat(locale, 'day').format(asDate(start));
  if (view === 'mois') return titleFormat(locale, 'month').format(asDate(start));
  return titleFormat(locale, 'range').formatRange(asDate(start), asDate(addDays(start, 6)));
}

const TITLE_FORMATS = {
  day: { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' },
  month: { month: 'long', year: 'numeric', timeZone: 'UTC' },
  range: { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
const titleFormats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per language and kind of title, kept: the bar draws its title at every render (2–7 ms each at 4× CPU). */
function titleFormat(locale: string, kind: keyof typeof TITLE_FORMATS): Intl.DateTimeFormat {
  const key = `${locale} ${kind}`;
  let format = titleFormats.get(key);
  if (!format) titleFormats.set(key, (format = new Intl.DateTimeFormat(locale, TITLE_FORMATS[kind])));
  return format;
}

/**
 * A title cut where a range of days (« 23–29 », « 23 – 29 ») stands, so that the range can be
 * isolated left to right: in Arabic the two numbers around a dash would otherwise read 29–23.
 * [text before, the range, text after]; no range: the whole title first.
 */
export function splitDayRange(title: string): [string, string, string] {
  const match = /\d+[\s\u2009\u202f]*[–-][\s\u2009\u202f]*\d+/.exec(title);
  if (!match) return [title, '', ''];
  return [title.slice(0, match.index), match[0], title.slice(match.index + match[0].length)];
}
