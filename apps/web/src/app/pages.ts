import { lazy as reactLazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { Area } from '@wellbe/shared/routes';

// ONE map from a route's `area` (packages/shared AREAS) to its lazily loaded page: every route is
// its own chunk. The map is typed by `Area`: a missing area or a misspelt one fails the type check.
// Areas not built yet show the titled "module pas encore disponible" page; the work that builds a
// screen replaces its line here with
//   area: lazy(() => import('../features/<area>/<area>-page.tsx').then((m) => ({ default: m.XxxPage }))),
export interface PageProps {
  /** The route's area, so one component can serve several routes (placeholders). */
  area: Area;
}

type Page = LazyExoticComponent<ComponentType<PageProps>>;

// React's lazy, remembering how each page loads, so that main.tsx starts the requested page's chunk
// at once (preloadPage) instead of after the router has rendered: one round trip less.
const loaders = new Map<Page, () => Promise<unknown>>();
function lazy(load: () => Promise<{ default: ComponentType<PageProps> }>): Page {
  const page = reactLazy(load);
  loaders.set(page, load);
  return page;
}

export const NOT_FOUND_PAGE: Page = lazy(() => import('../features/placeholders/not-found-page.tsx').then((m) => ({ default: m.NotFoundPage })));

export const PAGES: Record<Area, Page> = {
  // Shell and sign-in.
  dashboard: lazy(() => import('../features/dashboard/dashboard-page.tsx').then((m) => ({ default: m.DashboardPage }))),
  login: lazy(() => import('../features/auth/login-page.tsx').then((m) => ({ default: m.LoginPage }))),
  register: lazy(() => import('../features/auth/register-page.tsx').then((m) => ({ default: m.RegisterPage }))),
  'forgot-password': lazy(() => import('../features/auth/forgot-password-page.tsx').then((m) => ({ default: m.ForgotPasswordPage }))),
  'reset-password': lazy(() => import('../features/auth/reset-password-page.tsx').then((m) => ({ default: m.ResetPasswordPage }))),
  'mail-confirm': lazy(() => import('../features/auth/mail-confirm-page.tsx').then((m) => ({ default: m.MailConfirmPage }))),
  logout: lazy(() => import('../features/auth/logout-page.tsx').then((m) => ({ default: m.LogoutPage }))),
  'coming-soon': lazy(() => import('../features/placeholders/coming-soon-page.tsx').then((m) => ({ default: m.ComingSoonPage }))),
  maintenance: lazy(() => import('../features/placeholders/maintenance-page.tsx').then((m) => ({ default: m.MaintenancePage }))),
  loading: lazy(() => import('../features/placeholders/loading-page.tsx').then((m) => ({ default: m.LoadingPage }))),
  'not-found': NOT_FOUND_PAGE,

  // Built screens.
  invoices: lazy(() => import('../features/invoices/invoices-page.tsx').then((m) => ({ default: m.InvoicesPage }))),
  'my-invoices': lazy(() => import('../features/invoices/my-invoices-page.tsx').then((m) => ({ default: m.MyInvoicesPage }))),
  patients: lazy(() => import('../features/patients/patients-page.tsx').then((m) => ({ default: m.PatientsPage }))),
  patient: lazy(() => import('../features/patients/patient-page.tsx').then((m) => ({ default: m.PatientPage }))),
  profile: lazy(() => import('../features/profile/profile-page.tsx').then((m) => ({ default: m.ProfilePage }))),
  users: lazy(() => import('../features/users/users-page.tsx').then((m) => ({ default: m.UsersPage }))),
  organisations: lazy(() => import('../features/organisations/organisations-page.tsx').then((m) => ({ default: m.OrganisationsPage }))),
  admin: lazy(() => import('../features/admin/admin-page.tsx').then((m) => ({ default: m.AdminPage }))),
  dietetics: lazy(() => import('../features/dietetics/menu-page.tsx').then((m) => ({ default: m.MenuPage }))),
  formules: lazy(() => import('../features/dietetics/formules-page.tsx').then((m) => ({ default: m.FormulesPage }))),
  'diet-programs': lazy(() => import('../features/dietetics/programs-page.tsx').then((m) => ({ default: m.ProgramsPage }))),
  preferences: lazy(() => import('../features/dietetics/preferences-page.tsx').then((m) => ({ default: m.PreferencesPage }))),
  'my-menu': lazy(() => import('../features/dietetics/my-menu-page.tsx').then((m) => ({ default: m.MyMenuPage }))),
  notes: lazy(() => import('../features/notes/notes-page.tsx').then((m) => ({ default: m.NotesPage }))),
  contacts: lazy(() => import('../features/contacts/contacts-page.tsx').then((m) => ({ default: m.ContactsPage }))),
  agenda: lazy(() => import('../features/agenda/agenda-page.tsx').then((m) => ({ default: m.AgendaPage }))),
  appointments: lazy(() => import('../features/appointments/appointments-page.tsx').then((m) => ({ default: m.AppointmentsPage }))),
  'support-page': lazy(() => import('./support-with-chat.tsx').then((m) => ({ default: m.SupportWithChatPage }))),
  messaging: lazy(() => import('../features/chat/messaging-page.tsx').then((m) => ({ default: m.MessagingPage }))),
  support: lazy(() => import('../features/chat/support-chat-page.tsx').then((m) => ({ default: m.SupportChatPage }))),
  teleconsultation: lazy(() => import('./teleconsultation-with-chat.tsx').then((m) => ({ default: m.TeleconsultationWithChatPage }))),
  catalogs: lazy(() => import('../features/sport/catalogs-page.tsx').then((m) => ({ default: m.CatalogsPage }))),
  programs: lazy(() => import('../features/sport/programs-page.tsx').then((m) => ({ default: m.SportProgramsPage }))),
  diary: lazy(() => import('../features/diary/my-diary-page.tsx')),
  'sport-today': lazy(() => import('../features/sport/today-page.tsx').then((m) => ({ default: m.SportTodayPage }))),
  questionnaires: lazy(() => import('../features/questionnaires/questionnaires-page.tsx').then((m) => ({ default: m.QuestionnairesPage }))),
  'my-questionnaires': lazy(() => import('../features/questionnaires/my-questionnaires-page.tsx').then((m) => ({ default: m.MyQuestionnairesPage }))),
  statistics: lazy(() => import('../features/statistics/statistics-page.tsx').then((m) => ({ default: m.StatisticsPage }))),

  // Issue 20: policies, articles, newsletters.
  legal: lazy(() => import('../features/policies/legal-page.tsx').then((m) => ({ default: m.LegalPage }))),
  policy: lazy(() => import('../features/policies/policy-page.tsx').then((m) => ({ default: m.PolicyPage }))),
  articles: lazy(() => import('../features/articles/articles-page.tsx').then((m) => ({ default: m.ArticlesPage }))),
  'article-reader': lazy(() => import('../features/articles/article-reader-page.tsx').then((m) => ({ default: m.ArticleReaderPage }))),
  newspapers: lazy(() => import('../features/newspapers/newspapers-page.tsx').then((m) => ({ default: m.NewspapersPage }))),
  unsubscribe: lazy(() => import('../features/newspapers/unsubscribe-page.tsx').then((m) => ({ default: m.UnsubscribePage }))),
  // Clinical documents.
  'clinical-documents': lazy(() => import('../features/clinical-documents/documents-page.tsx').then((m) => ({ default: m.DocumentsPage }))),
  'my-documents': lazy(() => import('../features/clinical-documents/my-documents-page.tsx').then((m) => ({ default: m.MyDocumentsPage }))),
  verify: lazy(() => import('../features/clinical-documents/verify-page.tsx').then((m) => ({ default: m.VerifyPage }))),

  // Areas still to build (routed and guarded already; each shows the titled "not yet available" page).
  example: lazy(() => import('../features/example/example-page.tsx').then((m) => ({ default: m.ExamplePage }))),
};

export function pageFor(area: Area): Page {
  return PAGES[area];
}

/** Starts loading an area's page chunk (the import is shared with React's lazy: fetched once). */
export function preloadPage(area: Area): void {
  loaders.get(PAGES[area])?.().catch(() => undefined);
}
