import type { Area } from './routes.ts';

// The GET requests a signed-in screen's first render waits for, sent by index.html's code loader
// (boot.ts CODE_LOADER_SCRIPT) as the frame is painted, from links the server writes into the HTML
// (apps/server/src/plugins/web.ts `withFirstRequests`), beside the code rather than after it has
// run: the stored token's check and the policies owed (the chrome draws nothing before either,
// features/policies/consent-gate.tsx), and the pages' own first GETs when they do not depend on the
// URL. The web app's client takes each answer once (lib/api.ts `takeSentByHtml`); a request of a
// page whose path does depend on the URL (the patient file's) leaves from the entry (app/pages.ts
// `early`). API paths, as the web client writes them (without /api).

/** The stored token's check: its answer makes the session (web lib/session.ts). */
export const TOKEN_CHECK_PATH = '/auth/access-token';
/** What the signed-in user owes (issue 20): the consent gate draws nothing before the answer. */
export const PENDING_POLICIES_PATH = '/policies/pending';
/** The patient's menu of the day (its query and its page's first request). */
export const MY_MENU_PATH = '/dietetics/my-menu';

/** Sent for every route drawn in the signed-in chrome, whatever its page. */
export const SESSION_FIRST_REQUESTS: readonly string[] = [TOKEN_CHECK_PATH, PENDING_POLICIES_PATH];

/** A page's first GETs that are the same for every URL of the page (sent only for a role that may open it). */
export const PAGE_FIRST_REQUESTS: Partial<Record<Area, readonly string[]>> = {
  'my-menu': [MY_MENU_PATH],
};
