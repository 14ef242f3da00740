import { DEFAULT_TIME_ZONE, formatDate as sharedFormatDate, formatDateTime as sharedFormatDateTime } from '@wellbe/shared/domain/dates';
import { todayIn } from '@wellbe/shared/domain/zoned';

// SPEC §1: one date formatter for the whole web app, DD/MM/YYYY (and DD/MM/YYYY HH:mm), in the time
// zone of the user's organisation (the admin's 'Paramètres' tab), Europe/Paris until it is known.
export type DateInput = Date | string | number | null | undefined;

let displayTimeZone = DEFAULT_TIME_ZONE;

export function setDisplayTimeZone(timeZone: string): void {
  displayTimeZone = timeZone;
}

/** The organisation's time zone: every time the agenda shows or reads is in it, never the browser's. */
export function getDisplayTimeZone(): string {
  return displayTimeZone;
}

/** Today (YYYY-MM-DD) in the organisation's time zone. */
export function todayInDisplayZone(): string {
  return todayIn(displayTimeZone, Date.now());
}

export function formatDate(value: DateInput): string {
  return sharedFormatDate(value, displayTimeZone);
}

export function formatDateTime(value: DateInput): string {
  return sharedFormatDateTime(value, displayTimeZone);
}

/** The time of day, HH:mm (a dashboard line of today). */
export function formatTime(value: DateInput): string {
  return formatDateTime(value).slice(11);
}

const numberFormats = new Map<string, Intl.NumberFormat>();

/**
 * A number in a locale's notation (a French decimal comma...). The formatters are kept: building
 * one costs far more than formatting with it, and lists and counters format at every render.
 */
export function formatNumber(value: number, locale: string, maximumFractionDigits?: number): string {
  const key = `${locale}|${maximumFractionDigits ?? ''}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, maximumFractionDigits === undefined ? undefined : { maximumFractionDigits })));
  return format.format(value);
}
