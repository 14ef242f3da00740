import { hasLiveChat } from './permissions.ts';
import type { Role } from './roles.ts';
import type { Area } from './routes.ts';

// The GET requests a signed-in screen's first render waits for, sent by index.html's code loader
// (boot.ts CODE_LOADER_SCRIPT) as the frame is painted, from links the server writes into the HTML
// (apps/server/src/plugins/web.ts `withFirstRequests`), beside the code rather than after it has
// run: the stored token's check and the policies owed (the chrome draws nothing before either,
// features/policies/consent-gate.tsx), and the pages' own first GETs when they do not depend on the
// URL, those once the policies' answer says nothing is owed (issue 20: the server refuses a user who
// owes an acceptance everything else). The web app's client takes each answer once (lib/api.ts `takeSentByHtml`); a request of a
// page whose path does depend on the URL (the patient file's: URL_FIRST_REQUESTS) is written by the
// server into the HTML of that URL only, and sent by the entry too when the HTML did not.
// API paths, as the web client writes them (without /api).

/** The stored token's check: its answer makes the session (web lib/session.ts). */
export const TOKEN_CHECK_PATH = '/auth/access-token';
/** What the signed-in user owes (issue 20): the consent gate draws nothing before the answer. */
export const PENDING_POLICIES_PATH = '/policies/pending';
/** The patient's menu of the day (its query and its page's first request). */
export const MY_MENU_PATH = '/dietetics/my-menu';
/** The organisation's agendas: the agenda asks for its period's appointments once it knows whose to show. */
export const AGENDA_PRACTITIONERS_PATH = '/agenda/practitioners';

/** The organisation's settings (the chrome's navigation style, the zone of the times shown). */
export const ORGANISATION_SETTINGS_PATH = '/organisations/current/settings';

/** Sent for every route drawn in the signed-in chrome, whatever its page. */
export const SESSION_FIRST_REQUESTS: readonly string[] = [TOKEN_CHECK_PATH, PENDING_POLICIES_PATH];

/**
 * What the chrome itself asks on every route drawn in it, for the roles whose chrome asks it (`asks`):
 * the organisation's settings (the navigation's style) and the unread messages' count (the toolbar's
 * badge, the chat's live events). Sent with the page's, once nothing is owed; they left once the
 * layout had run (1.1–1.6 s after the frame on Lighthouse's phone). web app/layout/layout.test.tsx
 * checks the chrome asks each for a role of each kind.
 */
export const CHROME_FIRST_REQUESTS: readonly { path: string; asks: (role: Role) => boolean }[] = [
  { path: ORGANISATION_SETTINGS_PATH, asks: () => true },
  { path: '/chat/unread', asks: hasLiveChat },
];

/** A page's first GETs that are the same for every URL of the page (sent only for a role that may open it). */
export const PAGE_FIRST_REQUESTS: Partial<Record<Area, readonly string[]>> = {
  'my-menu': [MY_MENU_PATH],
  agenda: [AGENDA_PRACTITIONERS_PATH],
};

/** What the messaging page asks first: the user's chat profile, their conversations, their contacts. */
const MESSAGING_FIRST_REQUESTS: readonly string[] = ['/chat/user', '/chat/conversations', '/chat/contacts'];

/**
 * A page's first GETs that depend on the role, sent by the HTML's code loader only for a token of
 * that role: the dashboard draws other cards for a patient than for a practitioner, and each card
 * asked for its data once its code had arrived and run (~1.6 s after the frame, where the HTML sends
 * them with the policies' answer). The web client takes each answer in lib/api.ts, whichever query asks
 * (the entry does not send them again: app/preload.ts). Each is written as the page's query asks it,
 * query string included (lib/api.ts builds `path?query` in its object's order), or the answer would
 * not be taken: web app/first-requests.test.tsx renders each page as each role listed and fails when
 * one is not asked.
 */
export const ROLE_FIRST_REQUESTS: Partial<Record<Area, Partial<Record<Role, readonly string[]>>>> = {
  dashboard: {
    PT: ['/dashboard', '/appointments/mine', MY_MENU_PATH, '/sport-programs/mine', '/articles/feed'],
    PR: ['/dashboard', '/patients?sort=lastConsultation&order=desc&page=1&pageSize=5', '/statistics?period=month', '/invoices/today', '/diary/notifications', '/articles/feed'],
  },
  // The patient's other phone screens (issue 31): their program of the day, their booking, their messages.
  'sport-today': { PT: ['/sport-programs/mine'] },
  appointments: { PT: ['/appointments/options'] },
  // And the practice's messages (its staff's, asked the same way: ~1.3 s after the frame here).
  messaging: Object.fromEntries((['PT', 'PR', 'AD', 'RH', 'PG'] as const).map((role) => [role, MESSAGING_FIRST_REQUESTS])),
};

/** A patient's file: identity and the consultations' timeline (its query and its page's first request). */
export const patientFilePath = (idPatient: string) => `/patients/${encodeURIComponent(idPatient)}`;
/** The latest measures the file's « dossier » tab shows (its query and its page's first request). */
export const patientMeasuresPath = (idPatient: string) => `/patients/${encodeURIComponent(idPatient)}/measures`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A page's first GETs made of its URL's segments (the path split on '/'), for the server's HTML of
 * that URL (plugins/web.ts, per request) and the web app's entry (app/preload.ts). Each segment is
 * validated before it goes into a path: what is not an id sends nothing (and writes nothing into
 * the HTML).
 */
export const URL_FIRST_REQUESTS: Partial<Record<Area, (segments: readonly string[]) => string[]>> = {
  // /patient/{tab}/{idPatient}/{consultId?}: the file, and the latest measures its « dossier » tab shows.
  patient: ([, tab, idPatient]) => (idPatient && UUID.test(idPatient) ? [patientFilePath(idPatient), ...(tab === 'dossier' ? [patientMeasuresPath(idPatient)] : [])] : []),
};

/** The first GETs of `pathname`'s own (URL_FIRST_REQUESTS), for its route's `area`. */
export function urlFirstRequests(area: Area, pathname: string): string[] {
  return URL_FIRST_REQUESTS[area]?.(pathname.split('/').filter(Boolean)) ?? [];
}
