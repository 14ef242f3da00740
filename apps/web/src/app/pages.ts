import type { ComponentType, LazyExoticComponent } from 'react';
import type { Area } from '@wellbe/shared/routes';
import type { Role } from '@wellbe/shared/roles';
import { lazyReady } from '../lib/lazy-ready.ts';

// ONE map from a route's `area` (packages/shared AREAS) to its lazily loaded page: every route is
// its own chunk. The map is typed by `Area`: a missing area or a misspelt one fails the type check.
// Areas not built yet show the titled "module pas encore disponible" page; the work that builds a
// screen replaces its line here with
//   area: lazy(() => import('../features/<area>/<area>-page.tsx').then((m) => ({ default: m.XxxPage })), { namespaces: ['<area>'] }),
export interface PageProps {
  /** The route's area, so one component can serve several routes (placeholders). */
  area: Area;
}

/** Where a page's first GETs are sent from: its address and the stored token's user and role. */
export interface FirstRequestsAt {
  pathname: string;
  search: string;
  userId: string;
  role: Role;
}

type Page = LazyExoticComponent<ComponentType<PageProps>>;

/**
 * What a route's page declares beside its chunk, in its line below: the ONE place (issue 31; a list
 * kept apart in preload.ts missed seven namespaces after a merge). app/preload.ts reads it to start
 * the texts with the chunk, and preload.test.ts fails when a page asks for a namespace it does not
 * declare (each one missing would suspend the page one round trip more).
 */
export interface PageDeclaration {
  /** The i18n namespaces its first render asks for, its own and others' ('common' is always there). */
  namespaces: string[];
  /** Lazy parts it renders at once, not on a click (their texts are the page's too), relative to this file. */
  parts?: string[];
  /**
   * Its first GETs made of what the address and the token say and, for some, of others' answers
   * (the patient list's page: its query string; the agenda's period: whose agenda, in the
   * organisation's zone), sent by a module of its own rather than once the page has rendered;
   * app/preload.ts starts it with the page's other first GETs.
   */
  firstRequests?: () => Promise<{ startFirstRequests: (at: FirstRequestsAt) => void }>;
}

// React's lazy, remembering how each page loads, so that main.tsx starts the requested page's chunk
// at once (preloadPage) instead of after the router has rendered: one round trip less. The page then
// renders with the layout, without suspending (lib/lazy-ready.ts).
const declared = new Map<Page, PageDeclaration & { load: () => Promise<unknown> }>();
function lazy(load: () => Promise<{ default: ComponentType<PageProps> }>, declaration: PageDeclaration): Page {
  const { Component, preload } = lazyReady(load);
  declared.set(Component, { ...declaration, load: preload });
  return Component;
}

export const NOT_FOUND_PAGE: Page = lazy(() => import('../features/placeholders/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })), { namespaces: ['pages'] });

export const PAGES: Record<Area, Page> = {
  // Shell and sign-in.
  dashboard: lazy(() => import('../features/dashboard/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage })), {
    // The greeting and « Mes données »; the cards, drawn after the first paint, ask for their own texts.
    namespaces: ['dashboard', 'records'],
  }),
  login: lazy(() => import('../features/auth/login-page.tsx').then((m) => ({ default: m.LoginPage })), { namespaces: ['auth', 'oidc'] }),
  register: lazy(() => import('../features/auth/register-page.tsx').then((m) => ({ default: m.RegisterPage })), { namespaces: ['auth'] }),
  'forgot-password': lazy(() => import('../features/auth/forgot-password-page.tsx').then((m) => ({ default: m.ForgotPasswordPage })), { namespaces: ['auth'] }),
  'reset-password': lazy(() => import('../features/auth/reset-password-page.tsx').then((m) => ({ default: m.ResetPasswordPage })), { namespaces: ['auth'] }),
  'mail-confirm': lazy(() => import('../features/auth/mail-confirm-page.tsx').then((m) => ({ default: m.MailConfirmPage })), { namespaces: ['auth'] }),
  logout: lazy(() => import('../features/auth/logout-page.tsx').then((m) => ({ default: m.LogoutPage })), { namespaces: ['auth'] }),
  'coming-soon': lazy(() => import('../features/placeholders/coming-soon-page.tsx').then((m) => ({ default: m.ComingSoonPage })), { namespaces: ['pages'] }),
  maintenance: lazy(() => import('../features/placeholders/maintenance-page.tsx').then((m) => ({ default: m.MaintenancePage })), { namespaces: ['pages'] }),
  loading: lazy(() => import('../features/placeholders/loading-page.tsx').then((m) => ({ default: m.LoadingPage })), { namespaces: ['pages'] }),
  'not-found': NOT_FOUND_PAGE,

  // Built screens.
  invoices: lazy(() => import('../features/invoices/invoices-page.tsx').then((m) => ({ default: m.InvoicesPage })), { namespaces: ['invoices', 'consultations'] }),
  'my-invoices': lazy(() => import('../features/invoices/my-invoices-page.tsx').then((m) => ({ default: m.MyInvoicesPage })), { namespaces: ['invoices'] }),
  patients: lazy(() => import('../features/patients/patients-page.tsx').then((m) => ({ default: m.PatientsPage })), {
    namespaces: ['patients'],
    firstRequests: () => import('../features/patients/lib/list-request.ts'),
  }),
  patient: lazy(() => import('../features/patients/patient-page.tsx').then((m) => ({ default: m.PatientPage })), {
    // Its first GETs (the file, its measures) are the URL's: shared first-requests.ts URL_FIRST_REQUESTS.
    namespaces: ['patients', 'records', 'clinicalDocuments', 'history', 'notes', 'consultations'],
  }),
  profile: lazy(() => import('../features/profile/profile-page.tsx').then((m) => ({ default: m.ProfilePage })), { namespaces: ['profile', 'records'] }),
  users: lazy(() => import('../features/users/users-page.tsx').then((m) => ({ default: m.UsersPage })), { namespaces: ['users', 'consultations'] }),
  organisations: lazy(() => import('../features/organisations/organisations-page.tsx').then((m) => ({ default: m.OrganisationsPage })), { namespaces: ['organisations', 'reference', 'consultations'] }),
  admin: lazy(() => import('../features/admin/admin-page.tsx').then((m) => ({ default: m.AdminPage })), { namespaces: ['admin', 'records', 'history'] }),
  dietetics: lazy(() => import('../features/dietetics/menu-page.tsx').then((m) => ({ default: m.MenuPage })), { namespaces: ['dietetics'] }),
  formules: lazy(() => import('../features/dietetics/formules-page.tsx').then((m) => ({ default: m.FormulesPage })), { namespaces: ['dietetics', 'consultations'] }),
  'diet-programs': lazy(() => import('../features/dietetics/programs-page.tsx').then((m) => ({ default: m.ProgramsPage })), { namespaces: ['dietetics', 'consultations'] }),
  preferences: lazy(() => import('../features/dietetics/preferences-page.tsx').then((m) => ({ default: m.PreferencesPage })), { namespaces: ['dietetics'] }),
  'my-menu': lazy(() => import('../features/dietetics/my-menu-page.tsx').then((m) => ({ default: m.MyMenuPage })), { namespaces: ['dietetics'] }),
  notes: lazy(() => import('../features/notes/notes-page.tsx').then((m) => ({ default: m.NotesPage })), { namespaces: ['notes', 'consultations'] }),
  contacts: lazy(() => import('../features/contacts/contacts-page.tsx').then((m) => ({ default: m.ContactsPage })), { namespaces: ['contacts', 'consultations'] }),
  agenda: lazy(() => import('../features/agenda/agenda-page.tsx').then((m) => ({ default: m.AgendaPage })), {
    namespaces: ['agenda'],
    firstRequests: () => import('../features/agenda/lib/period-request.ts'),
  }),
  appointments: lazy(() => import('../features/appointments/appointments-page.tsx').then((m) => ({ default: m.AppointmentsPage })), { namespaces: ['agenda'] }),
  'support-page': lazy(() => import('./support-with-chat.tsx').then((m) => ({ default: m.SupportWithChatPage })), { namespaces: ['pages', 'chat'] }),
  messaging: lazy(() => import('../features/chat/messaging-page.tsx').then((m) => ({ default: m.MessagingPage })), { namespaces: ['chat'] }),
  support: lazy(() => import('../features/chat/support-chat-page.tsx').then((m) => ({ default: m.SupportChatPage })), { namespaces: ['chat'] }),
  teleconsultation: lazy(() => import('./teleconsultation-with-chat.tsx').then((m) => ({ default: m.TeleconsultationWithChatPage })), { namespaces: ['video', 'chat'] }),
  catalogs: lazy(() => import('../features/sport/catalogs-page.tsx').then((m) => ({ default: m.CatalogsPage })), { namespaces: ['sport', 'pages', 'reference', 'consultations'] }),
  programs: lazy(() => import('../features/sport/programs-page.tsx').then((m) => ({ default: m.SportProgramsPage })), { namespaces: ['sport', 'consultations'] }),
  diary: lazy(() => import('../features/diary/my-diary-page.tsx'), { namespaces: ['diary', 'consultations'] }),
  'sport-today': lazy(() => import('../features/sport/today-page.tsx').then((m) => ({ default: m.SportTodayPage })), { namespaces: ['sport'] }),
  questionnaires: lazy(() => import('../features/questionnaires/questionnaires-page.tsx').then((m) => ({ default: m.QuestionnairesPage })), { namespaces: ['questionnaires'] }),
  'my-questionnaires': lazy(() => import('../features/questionnaires/my-questionnaires-page.tsx').then((m) => ({ default: m.MyQuestionnairesPage })), { namespaces: ['questionnaires'] }),
  statistics: lazy(() => import('../features/statistics/statistics-page.tsx').then((m) => ({ default: m.StatisticsPage })), { namespaces: ['statistics', 'agenda', 'consultations'] }),

  // Issue 20: policies, articles, newsletters.
  legal: lazy(() => import('../features/policies/legal-page.tsx').then((m) => ({ default: m.LegalPage })), { namespaces: ['editorial'] }),
  policy: lazy(() => import('../features/policies/policy-page.tsx').then((m) => ({ default: m.PolicyPage })), { namespaces: ['editorial', 'consultations'] }),
  articles: lazy(() => import('../features/articles/articles-page.tsx').then((m) => ({ default: m.ArticlesPage })), { namespaces: ['editorial'] }),
  'article-reader': lazy(() => import('../features/articles/article-reader-page.tsx').then((m) => ({ default: m.ArticleReaderPage })), { namespaces: ['editorial'] }),
  newspapers: lazy(() => import('../features/newspapers/newspapers-page.tsx').then((m) => ({ default: m.NewspapersPage })), { namespaces: ['editorial', 'consultations'] }),
  unsubscribe: lazy(() => import('../features/newspapers/unsubscribe-page.tsx').then((m) => ({ default: m.UnsubscribePage })), { namespaces: ['editorial'] }),
  // Clinical documents.
  'clinical-documents': lazy(() => import('../features/clinical-documents/documents-page.tsx').then((m) => ({ default: m.DocumentsPage })), { namespaces: ['clinicalDocuments'] }),
  'my-documents': lazy(() => import('../features/clinical-documents/my-documents-page.tsx').then((m) => ({ default: m.MyDocumentsPage })), { namespaces: ['clinicalDocuments'] }),
  verify: lazy(() => import('../features/clinical-documents/verify-page.tsx').then((m) => ({ default: m.VerifyPage })), { namespaces: ['clinicalDocuments'] }),

  // Areas still to build (routed and guarded already; each shows the titled "not yet available" page).
  example: lazy(() => import('../features/example/example-page.tsx').then((m) => ({ default: m.ExamplePage })), { namespaces: ['example', 'statistics', 'consultations'] }),
};

export function pageFor(area: Area): Page {
  return PAGES[area];
}

/** Starts loading an area's page chunk (the import is shared with React's lazy: fetched once). */
export function preloadPage(area: Area): void {
  declared.get(PAGES[area])?.load().catch(() => undefined);
}

/** What an area's page declares (its namespaces, its parts rendered at once, its dependent first GETs). */
export function pageDeclaration(area: Area): PageDeclaration {
  const { namespaces, parts = [], firstRequests } = declared.get(PAGES[area])!;
  return { namespaces, parts, firstRequests };
}
