import { REDIRECTS, findRoute, guard, type Area } from '@wellbe/shared/routes';
import { i18n } from '../i18n/i18n.ts';
import { isTokenValid, readToken, tokenRole, tokenSubject } from '../lib/token.ts';
import { PAGE_FIRST_REQUESTS, PENDING_POLICIES_PATH, urlFirstRequests } from '@wellbe/shared/first-requests';
import { peekEarly, startEarly } from '../lib/early-requests.ts';
import { CHROME_NAMESPACES } from './chrome-texts.ts';
import { pageDeclaration, preloadPage } from './pages.ts';
import { loadMui } from '../lib/mui.ts';
import { needsQueries, preloadLayout, preloadQueries, startStoredTokenCheck } from './root.tsx';

// The first load in two round trips after the HTML: the entry (and its static imports, preloaded by
// the HTML), then, all at once, what the requested page needs: its chunk, the layout's for a
// signed-in user, the stored token's check and the page's texts. Without this they would follow
// each other (router, then page chunk, then its texts, then the layout...).
//
// The texts of a page start with its chunk: a component asking for a namespace that is not there
// suspends, and the page (or, for the chrome's, the whole layout) waits behind its loader one round
// trip more per namespace asked for in turn (/dashboard appeared 1.5 s after its chunks, issue 13).
// A page's namespaces are declared with it, in its line of app/pages.ts (preload.test.ts fails when
// a page asks for one it does not declare).

export { CHROME_NAMESPACES };

/** The namespaces a page's first render asks for ('common' is loaded before any render). */
export function pageNamespaces(area: Area): string[] {
  return pageDeclaration(area).namespaces;
}

export function preloadRoute(pathname: string): void {
  const redirect = REDIRECTS[pathname];
  if (redirect) return preloadRoute(redirect);
  const rule = findRoute(pathname);
  if (!rule) return;
  const signedIn = readToken() !== null;
  // A guest asking for a page behind the sign-in is sent to /login: that is the page to load.
  if (!signedIn && guard(pathname, null).kind === 'login') return preloadRoute('/login');
  const chrome = rule.chrome !== 'none' && signedIn;
  if (chrome) startStoredTokenCheck();
  // The consent check is sent with the token's, not after it: the chrome draws nothing before its
  // answer (features/policies/consent-gate.tsx), and the page's requests waited one round trip more.
  const token = readToken();
  if (chrome && token && isTokenValid(token)) {
    startEarly(PENDING_POLICIES_PATH);
    // The page's own first GETs (those of every URL of the page and those of this URL, shared
    // first-requests.ts), one round trip after the token's check; only when the token's role may open the page
    // (a forbidden one is sent away, and its GETs would be refused). Those the HTML sent already
    // (index.html's code loader) are taken from there by lib/api.ts.
    if (guard(pathname, tokenRole(token)).kind === 'allow') {
      const paths = [...(PAGE_FIRST_REQUESTS[rule.area] ?? []), ...urlFirstRequests(rule.area, pathname)];
      // Those made of the query string or of these answers (the patient list's page, the agenda's
      // period) come from a module of the page's own (pages.ts `firstRequests`), fetched meanwhile.
      const [userId, role] = [tokenSubject(token), tokenRole(token)];
      const at = userId && role ? { pathname, search: window.location.search, userId, role } : null;
      const dependent = at ? pageDeclaration(rule.area).firstRequests?.().then((m) => () => m.startFirstRequests(at), () => undefined) : undefined;
      // As the HTML's code loader (shared boot.ts): once the policies' answer says nothing is owed;
      // a user who owes an acceptance is refused everything else, each refusal journalled.
      if (paths.length || dependent) {
        peekEarly<{ data: unknown[] }>(PENDING_POLICIES_PATH)?.then(
          (pending) => {
            if (pending.data.length > 0) return;
            for (const path of paths) startEarly(path);
            void dependent?.then((start) => start?.());
          },
          () => undefined,
        );
      }
    }
  }
  // The texts first: small, and the first render waits for them, while the browser fetches only
  // six files at a time over HTTP/1.1 and queues the rest in the order asked.
  const namespaces = [...pageNamespaces(rule.area), ...(chrome ? CHROME_NAMESPACES : [])];
  if (namespaces.length) void i18n.loadNamespaces(namespaces);
  preloadPage(rule.area);
  if (chrome) {
    preloadLayout();
  }
  if (needsQueries(rule.area)) preloadQueries();
  // Every page but the sign-in form is drawn with MUI (app/mui.tsx): its chunk starts now too.
  if (rule.area !== 'login') void loadMui().catch(() => undefined);
}
