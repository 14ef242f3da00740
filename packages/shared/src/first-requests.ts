import type { Area } from './routes.ts';

// The GET requests a signed-in screen's first render waits for, sent by index.html's code loader
// (boot.ts CODE_LOADER_SCRIPT) as the frame is painted, from links the server writes into the HTML
// (apps/server/src/plugins/web.ts `withFirstRequests`), beside the code rather than after it has
// run: the stored token's check and the policies owed (the chrome draws nothing before either,
// features/policies/consent-gate.tsx), and the pages' own first GETs when they do not depend on the
// URL. The web app's client takes each answer once (lib/api.ts `takeSentByHtml`); a request of a
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

/** Sent for every route drawn in the signed-in chrome, whatever its page. */
export const SESSION_FIRST_REQUESTS: readonly string[] = [TOKEN_CHECK_PATH, PENDING_POLICIES_PATH];

/** A page's first GETs that are the same for every URL of the page (sent only for a role that may open it). */
export const PAGE_FIRST_REQUESTS: Partial<Record<Area, readonly string[]>> = {
  'my-menu': [MY_MENU_PATH],
  agenda: [AGENDA_PRACTITIONERS_PATH],
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
