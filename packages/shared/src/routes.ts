import type { Access } from './permissions.ts';
import { allows } from './permissions.ts';
import type { Role } from './roles.ts';

// SPEC §2 route table with the SPEC §6 rules. Paths use React Router syntax (`:param`, `:param?`).
// `area` names the screen so the web app can map a route to its lazily loaded page.

/** Every screen of the route table; the web app's page table must name each (a typo fails the type check). */
export const AREAS = [
  'dashboard',
  'agenda',
  'dietetics',
  'notes',
  'users',
  'patient',
  'patients',
  'appointments',
  'preferences',
  'organisations',
  'support',
  'support-page',
  'contacts',
  'invoices',
  'my-invoices',
  'profile',
  'statistics',
  'messaging',
  'admin',
  'articles',
  'newspapers',
  'catalogs',
  'programs',
  'formules',
  'diet-programs',
  'my-menu',
  'sport-today',
  'questionnaires',
  'my-questionnaires',
  'diary',
  'login',
  'register',
  'forgot-password',
  'reset-password',
  'mail-confirm',
  'logout',
  'coming-soon',
  'maintenance',
  'loading',
  'example',
  'not-found',
  // Issue 20: public policy pages, the policy editor, the article reader, newsletter unsubscribe.
  'legal',
  'policy',
  'article-reader',
  'unsubscribe',
  // Téléconsultation: the video visit of an appointment (its patient, practitioner, invited colleague).
  'teleconsultation',
  // Clinical documents (writing, the patient's own, the public verification of a paper).
  'clinical-documents',
  'my-documents',
  'verify',
] as const;
export type Area = (typeof AREAS)[number];

export interface RouteRule {
  path: string;
  access: Access;
  area: Area;
  /** Guest-only pages and the login page hide the layout chrome (SPEC §2). */
  chrome?: 'none';
}

export const ROUTES: readonly RouteRule[] = [
  { path: '/dashboard', access: 'dashboard', area: 'dashboard' },
  { path: '/agenda', access: 'agenda', area: 'agenda' },
  { path: '/agenda/:agendaHandle/:agendaUri?', access: 'agenda', area: 'agenda' },
  /** A shareable view: /agenda/{username|moi}/{jour|semaine|mois|liste}/{YYYY-MM-DD} (issue 15). */
  { path: '/agenda/:agendaHandle/:agendaUri/:agendaDate', access: 'agenda', area: 'agenda' },
  { path: '/dietetiques/menu', access: 'dietetics', area: 'dietetics' },
  { path: '/dietetiques/menu/:detailDate', access: 'dietetics', area: 'dietetics' },
  /** A patient's own menu of the day and current program (read-only; other roles see that no file is linked). */
  { path: '/dietetiques/mon-menu', access: 'dps', area: 'my-menu' },
  { path: '/notes/:id?/:labelHandle?/:labelId?', access: 'open', area: 'notes' },
  { path: '/user', access: 'user', area: 'users' },
  { path: '/patient/:patientHandle/:idPatient?/:consultId?', access: 'dps', area: 'patient' },
  { path: '/patients/list', access: 'dps', area: 'patients' },
  { path: '/appointment', access: 'appointment', area: 'appointments' },
  { path: '/preferences/:id', access: 'preferences', area: 'preferences' },
  { path: '/organizations', access: 'open', area: 'organisations' },
  { path: '/support-chat/:id?', access: 'developer', area: 'support' },
  /** The user menu's 'Support' (PA, SA) until messaging exists: /support-chat is developer-only (SPEC §6). */
  { path: '/support', access: 'support', area: 'support-page' },
  { path: '/contact', access: 'staff', area: 'contacts' },
  /** Facturation: invoices, payments, the receipts book (the practitioners who bill; AD, RH read). */
  { path: '/facturation', access: 'invoices', area: 'invoices' },
  /** The patient's invoices and receipts in their space. */
  { path: '/mes-factures', access: 'invoicesMine', area: 'my-invoices' },
  { path: '/profile', access: 'open', area: 'profile' },
  { path: '/statistics', access: 'stat', area: 'statistics' },
  { path: '/messaging', access: 'open', area: 'messaging' },
  { path: '/admin', access: 'wellbe', area: 'admin' },
  { path: '/articles', access: 'developer', area: 'articles' },
  { path: '/newspapers', access: 'developer', area: 'newspapers' },
  { path: '/bodyparts', access: 'developer', area: 'catalogs' },
  { path: '/exercices', access: 'developer', area: 'catalogs' },
  { path: '/policy', access: 'developer', area: 'policy' },
  { path: '/categories', access: 'wellbe', area: 'catalogs' },
  { path: '/equipments', access: 'wellbe', area: 'catalogs' },
  { path: '/formules', access: 'wellbe', area: 'formules' },
  { path: '/gender', access: 'wellbe', area: 'catalogs' },
  { path: '/levels', access: 'wellbe', area: 'catalogs' },
  { path: '/objectifs', access: 'wellbe', area: 'catalogs' },
  { path: '/typeofprograms', access: 'wellbe', area: 'catalogs' },
  { path: '/program/dietetiques/menu', access: 'dietetics', area: 'diet-programs' },
  { path: '/program/sportif/list', access: 'dietetics', area: 'programs' },
  /** A patient's sport program of the day, logged from a phone (other roles see that no file is linked). */
  { path: '/program/sportif/today', access: 'dps', area: 'sport-today' },
  /** The practice's questionnaires (templates, builder); a patient answers theirs at /questionnaires/mine. */
  { path: '/questionnaires', access: 'questionnaires', area: 'questionnaires' },
  { path: '/questionnaires/mine', access: 'dps', area: 'my-questionnaires' },
  /** A patient's diaries (weight, meals, pain, activity), written from a phone (other roles see that no file is linked). */
  { path: '/journal', access: 'dps', area: 'diary' },
  { path: '/login', access: 'guest', area: 'login', chrome: 'none' },
  /** Back from an identity provider (Pro Santé Connect…): the login area's page shows the outcome. */
  { path: '/login/oidc', access: 'guest', area: 'login', chrome: 'none' },
  { path: '/register/:userId?', access: 'guest', area: 'register', chrome: 'none' },
  { path: '/forgot-password', access: 'guest', area: 'forgot-password', chrome: 'none' },
  { path: '/reset-password', access: 'open', area: 'reset-password', chrome: 'none' },
  { path: '/mail-confirm', access: 'open', area: 'mail-confirm', chrome: 'none' },
  { path: '/logout', access: 'open', area: 'logout' },
  { path: '/pages/coming-soon', access: 'open', area: 'coming-soon' },
  { path: '/pages/maintenance', access: 'open', area: 'maintenance' },
  { path: '/loading', access: 'open', area: 'loading' },
  { path: '/example', access: 'developer', area: 'example' },
  { path: '/404', access: 'open', area: 'not-found' },
  // Issue 20: the policies in force, public (linked from the login and register pages).
  { path: '/legal/:kind', access: 'open', area: 'legal', chrome: 'none' },
  /** Issue 20: the reader of a published article (every signed-in user, for their audience). */
  { path: '/articles/:slug', access: 'dashboard', area: 'article-reader' },
  /** Issue 20: one-click unsubscribe from the newsletter mail, without sign-in (signed token). */
  { path: '/newsletter/unsubscribe', access: 'open', area: 'unsubscribe', chrome: 'none' },
  /** The téléconsultation of an appointment (the reminder mail links here; a guest signs in first). */
  { path: '/teleconsultation/:appointmentId', access: 'video', area: 'teleconsultation' },
  /** Clinical documents: a patient's ordonnances, certificates and letters, and writing one (practitioners). */
  { path: '/documents/:idPatient', access: 'dpsWrite', area: 'clinical-documents' },
  /** Clinical documents: the patient's own documents. */
  { path: '/mes-documents', access: 'dps', area: 'my-documents' },
  /** Clinical documents: the public check of a paper from its QR code (no sign-in). */
  { path: '/verify/:token', access: 'open', area: 'verify', chrome: 'none' },
];

// SPEC §2 redirects (from -> to).
export const REDIRECTS: Readonly<Record<string, string>> = {
  '/': '/dashboard',
  '/patients': '/patients/list',
  '/preferences': '/preferences/0',
  '/dietetiques': '/dietetiques/menu',
  '/articles/view': '/articles',
  '/articles/create': '/articles',
  '/newspapers/view': '/newspapers',
  '/newspapers/create': '/newspapers',
  '/program/dietetiques': '/program/dietetiques/menu',
  '/program/sportif': '/program/sportif/list',
};

/** Turns a React Router pattern into a RegExp matching whole paths. */
function patternToRegExp(pattern: string): RegExp {
  const parts = pattern.split('/').filter(Boolean);
  let source = '';
  for (const part of parts) {
    if (part.startsWith(':')) {
      source += part.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
    } else {
      source += '/' + part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    }
  }
  return new RegExp('^' + (source || '/') + '/?$');
}

const compiled = ROUTES.map((rule) => ({ rule, re: patternToRegExp(rule.path) }));

/** The rule of the first route matching a concrete path, or undefined for an unknown path (404). */
export function findRoute(pathname: string): RouteRule | undefined {
  return compiled.find(({ re }) => re.test(pathname))?.rule;
}

/** SPEC §4 guard outcome for a concrete path: allowed, or where to send the user. */
export type GuardOutcome = { kind: 'allow' } | { kind: 'login' } | { kind: 'away' };

export function guard(pathname: string, role: Role | null | undefined): GuardOutcome {
  const rule = findRoute(pathname);
  if (!rule || allows(rule.access, role)) return { kind: 'allow' };
  // SPEC §4: a user with a role goes away (stored redirect URL or /); a user without one to /login.
  return role ? { kind: 'away' } : { kind: 'login' };
}

/**
 * Whether a path is drawn inside the signed-in chrome (layout), SPEC §2 redirects followed; an
 * unknown path too (its 404 page has the chrome). The server writes the chrome's frame into such a
 * page's HTML, the web app draws it while loading (issue 31, web components/app-shell.tsx).
 */
export function hasChrome(pathname: string): boolean {
  return findRoute(REDIRECTS[pathname] ?? pathname)?.chrome !== 'none';
}
