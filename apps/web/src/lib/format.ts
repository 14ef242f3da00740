import { DEFAULT_TIME_ZONE, formatDate as sharedFormatDate, formatDateTime as sharedFormatDateTime } from '@wellbe/shared/domain/dates';

// SPEC §1: one date formatter for the whole web app, DD/MM/YYYY (and DD/MM/YYYY HH:mm), in the time
// zone of the user's organisation (the admin's 'Paramètres' tab), Europe/Paris until it is known.
export type DateInput = Date | string | number | null | undefined;

let displayTimeZone = DEFAULT_TIME_ZONE;

export function setDisplayTimeZone(timeZone: string): void {
  displayTimeZone = timeZone;
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
