import { zonedInstant } from '@wellbe/shared/domain/zoned-instant';
import { todayIn } from '@wellbe/shared/domain/zoned';
import { AGENDA_PRACTITIONERS_PATH, ORGANISATION_SETTINGS_PATH } from '@wellbe/shared/first-requests';
import type { AgendaPractitioner } from '@wellbe/shared/schemas/agenda';
import type { OrganisationSettingsValues } from '@wellbe/shared/schemas/organisations';
import { withQuery } from '../../../lib/api.ts';
import { peekEarly, startEarly } from '../../../lib/early-requests.ts';
import { readAddress } from './agenda-address.ts';
import { shownDays, type ViewName } from './period.ts';
import { currentPractitioner } from './shown-practitioners.ts';

// The request of the agenda's period, and its first one sent with the frame (issue 31): the week's
// appointments were asked for once the page's code had arrived and rendered (~1.5 s after the frame
// on Lighthouse's desktop, the grid painted at ~2 s), though all they depend on is known from the
// address, the stored token and two answers the HTML asks for at once (the organisation's agendas
// and its settings). The page and the request sent early read the same functions below, so that
// the page's first query asks for exactly the path sent (lib/early-requests.ts takes it by path).

/** A period's appointments asked for: its instants and whose agendas (ids, comma-separated). */
export interface PeriodQuery {
  from: string;
  to: string;
  practitioners: string;
}

/** The phone's width, where the agenda opens on a day (MUI's `down('sm')`: agenda-page.tsx reads the same). */
export const PHONE_MEDIA = '(max-width:599.95px)';

/**
 * The instants a period reads for the address (`view`, `date`). A single calendar's is the one
 * FullCalendar will report: its days' midnights in the practice's zone. The day columns' is the day
 * read wide (± one day, in UTC), so no time zone is needed first.
 */
export function periodRange(columns: boolean, view: ViewName, date: string, timeZone: string): { from: string; to: string } {
  if (columns) {
    const midnight = Date.parse(`${date}T00:00:00Z`);
    return { from: new Date(midnight - 86_400_000).toISOString(), to: new Date(midnight + 2 * 86_400_000).toISOString() };
  }
  const { first, end } = shownDays(view, date);
  return { from: zonedInstant(first, '00:00', timeZone).toISOString(), to: zonedInstant(end, '00:00', timeZone).toISOString() };
}

/** GET /api/agenda/appointments of `query`, as a request writes it. */
export function periodPath(query: PeriodQuery): string {
  return withQuery('/agenda/appointments', { from: query.from, to: query.to, practitioners: query.practitioners });
}

/** A segment of the address as the router gives it to the page: decoded, or as written when malformed. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * The period the agenda at `pathname` asks for first: whose agenda its address names (one calendar:
 * the practitioners added beside it are the user's later choice), its view (`phone`'s) and day
 * (today in `timeZone` when the address names none). Null when the address names nobody of `list`.
 */
export function firstPeriodPath(pathname: string, phone: boolean, userId: string, list: AgendaPractitioner[], timeZone: string, now = Date.now()): string | null {
  const [, agendaHandle, agendaUri, agendaDate] = pathname.split('/').filter(Boolean).map(decodeSegment);
  const { handle, view, date } = readAddress({ agendaHandle, agendaUri, agendaDate }, phone, todayIn(timeZone, now));
  const current = currentPractitioner(list, handle, userId);
  return current ? periodPath({ ...periodRange(false, view, date, timeZone), practitioners: current.id }) : null;
}

/**
 * Sent by app/preload.ts once the page's first GETs are on their way (nothing owed): the period's
 * request as soon as the agendas and the settings (their time zone) have answered. The layout's
 * settings query and the page's practitioners take those answers as they would have; the page's first
 * period query takes this one when it asks for the same path, and asks the server otherwise.
 */
export function startFirstRequests({ pathname, userId }: { pathname: string; userId: string }): void {
  // The agendas' answer already taken (the page asked first): the page asks for its period itself,
  // and the settings are left to the layout's query rather than asked for again.
  const practitioners = peekEarly<{ data: AgendaPractitioner[] }>(AGENDA_PRACTITIONERS_PATH);
  if (!practitioners) return;
  startEarly(ORGANISATION_SETTINGS_PATH);
  const settings = peekEarly<{ data: OrganisationSettingsValues }>(ORGANISATION_SETTINGS_PATH);
  if (!settings) return;
  const phone = window.matchMedia(PHONE_MEDIA).matches;
  Promise.all([practitioners, settings]).then(
    ([{ data: list }, { data: values }]) => {
      const path = firstPeriodPath(pathname, phone, userId, list, values.timeZone);
      if (path) startEarly(path);
    },
    () => undefined,
  );
}
