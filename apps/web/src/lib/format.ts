import { formatDate as sharedFormatDate, formatDateTime as sharedFormatDateTime } from '@wellbe/shared/domain/dates';

// SPEC §1: one date formatter for the whole web app, DD/MM/YYYY (and DD/MM/YYYY HH:mm).
export type DateInput = Date | string | number | null | undefined;

export function formatDate(value: DateInput): string {
  return sharedFormatDate(value);
}

export function formatDateTime(value: DateInput): string {
  return sharedFormatDateTime(value);
}
