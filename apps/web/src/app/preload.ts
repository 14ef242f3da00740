import { REDIRECTS, findRoute, guard, type Area } from '@wellbe/shared/routes';
import { i18n, hasBundle } from '../i18n/i18n.ts';
import { readToken } from '../lib/token.ts';
import { preloadPage } from './pages.ts';
import { loadMui } from '../lib/mui.ts';
import { needsQueries, preloadLayout, preloadQueries, startStoredTokenCheck } from './root.tsx';

// The first load in two round trips after the HTML: the entry (and its static imports, preloaded by
// the HTML), then, all at once, what the requested page needs: its chunk, the layout's for a
// signed-in user, the stored token's check and the page's texts. Without this they would follow
// each other (router, then page chunk, then its texts, then the layout...).
//
// The texts of a page: the namespace named like its area when there is one (patients, dashboard...),
// else the ones listed here. A page whose namespaces are not guessed still works: they load when
// it asks for them, one round trip later.
const NAMESPACES: Partial<Record<Area, string[]>> = {
  login: ['auth'],
  register: ['auth'],
  'forgot-password': ['auth'],
  'reset-password': ['auth'],
  'mail-confirm': ['auth'],
  logout: ['auth'],
};

export function preloadRoute(pathname: string): void {
  const redirect = REDIRECTS[pathname];
  if (redirect) return preloadRoute(redirect);
  const rule = findRoute(pathname);
  if (!rule) return;
  const signedIn = readToken() !== null;
  // A guest asking for a page behind the sign-in is sent to /login: that is the page to load.
  if (!signedIn && guard(pathname, null).kind === 'login') return preloadRoute('/login');
  const namespaces = NAMESPACES[rule.area] ?? (hasBundle(rule.area) ? [rule.area] : []);
  if (rule.chrome !== 'none' && signedIn) {
    startStoredTokenCheck();
    preloadLayout();
    namespaces.push('navigation');
  }
  if (needsQueries(rule.area)) preloadQueries();
  // Every page but the sign-in form is drawn with MUI (app/mui.tsx): its chunk starts now too.
  if (rule.area !== 'login') void loadMui().catch(() => undefined);
  preloadPage(rule.area);
  if (namespaces.length) void i18n.loadNamespaces(namespaces);
}
