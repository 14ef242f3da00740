import type { Access } from './permissions.ts';
import { allows } from './permissions.ts';
import type { Role } from './roles.ts';

/** The dietitian job speciality (seeded id 2, DESIGN §5). */
export const DIETITIAN_SPECIALITY = 2;

// SPEC §2 menu entries and user menu, filtered by role through SPEC §6. `key` is the i18n key
// (navigation namespace); the French titles are the spec's.
export interface NavItem {
  id: string;
  key: string;
  url: string;
  icon: string;
  access: Access;
  /**
   * Also shown to practitioners of these job specialities whose role passes `access` here (the
   * entry's route keeps its own rule).
   */
  specialities?: { ids: readonly number[]; access: Access };
}

export const MENU: readonly NavItem[] = [
  { id: 'dashboard', key: 'dashboard', url: '/dashboard', icon: 'dashboard', access: 'dashboard' },
  { id: 'agenda', key: 'agenda', url: '/agenda', icon: 'event', access: 'agenda' },
  { id: 'patients', key: 'patients', url: '/patients', icon: 'folder_shared', access: 'dps' },
  { id: 'appointment', key: 'appointment', url: '/appointment', icon: 'schedule', access: 'appointment' },
  { id: 'messaging', key: 'messaging', url: '/messaging', icon: 'mail', access: 'developer' },
  { id: 'notes', key: 'notes', url: '/notes', icon: 'note', access: 'note' },
  // SPEC §2 shows /dietetiques to developers only. Deliberate addition: dietitians (job speciality
  // 2) whose role is in the dietetics group see it too, since planning menus is their daily work.
  { id: 'dietetics', key: 'dietetics', url: '/dietetiques', icon: 'restaurant', access: 'developer', specialities: { ids: [DIETITIAN_SPECIALITY], access: 'dietetics' } },
  // Not in SPEC §2's menu: the sport programs (/program/sportif, the route table's rule), so that
  // physiotherapists and coaches reach their daily screen.
  { id: 'sportPrograms', key: 'sportPrograms', url: '/program/sportif', icon: 'fitness', access: 'dietetics' },
  // Not in SPEC §2's menu: the questionnaires practitioners send before visits and between them.
  { id: 'questionnaires', key: 'questionnaires', url: '/questionnaires', icon: 'quiz', access: 'questionnaires' },
  { id: 'statistics', key: 'statistics', url: '/pages/maintenance', icon: 'insights', access: 'developer' },
  // SPEC §2's 'Statistiques' above stays as written (developers, to /pages/maintenance). Deliberate
  // addition: the practice roles of the `stat` group reach /statistics from an entry of their own.
  { id: 'practiceStatistics', key: 'practiceStatistics', url: '/statistics', icon: 'insights', access: 'stat' },
  { id: 'invoices', key: 'invoices', url: '/facturation', icon: 'receipt', access: 'invoices' },
  { id: 'users', key: 'users', url: '/user', icon: 'people', access: 'user' },
  { id: 'organizations', key: 'organizations', url: '/organizations', icon: 'business', access: 'organisation' },
  { id: 'admin', key: 'admin', url: '/admin', icon: 'settings', access: 'developer' },
  { id: 'example', key: 'example', url: '/example', icon: 'code', access: 'developer' },
];

export const USER_MENU: readonly NavItem[] = [
  { id: 'preferences', key: 'preferences', url: '/preferences', icon: 'tune', access: 'dieteticPreferences' },
  // SPEC §2 names /support-chat, a developer-only route (§6): PA and SA would bounce. Their support
  // page with the practice's contact stands in until the support conversation exists.
  { id: 'support', key: 'support', url: '/support', icon: 'support', access: 'support' },
  { id: 'contact', key: 'contact', url: '/contact', icon: 'contacts', access: 'open' },
  { id: 'profile', key: 'profile', url: '/profile', icon: 'person', access: 'profile' },
  { id: 'logout', key: 'logout', url: '/logout', icon: 'logout', access: 'authenticated' },
];

export const GUEST_MENU: readonly NavItem[] = [
  { id: 'login', key: 'login', url: '/login', icon: 'login', access: 'guest' },
  { id: 'register', key: 'register', url: '/register', icon: 'person_add', access: 'guest' },
];

export function menuFor(role: Role | null | undefined, items: readonly NavItem[] = MENU, jobSpecialistId: number | null = null): NavItem[] {
  return items.filter(
    (item) => allows(item.access, role) || (!!item.specialities && jobSpecialistId != null && item.specialities.ids.includes(jobSpecialistId) && allows(item.specialities.access, role)),
  );
}

/** A patient's own pages, linked from their dashboard (the dietetics menu of the day). */
export const PATIENT_SPACE: readonly NavItem[] = [
  { id: 'my-menu', key: 'myMenu', url: '/dietetiques/mon-menu', icon: 'restaurant', access: 'dps' },
  { id: 'my-sport', key: 'mySport', url: '/program/sportif/today', icon: 'fitness', access: 'dps' },
  { id: 'my-invoices', key: 'myInvoices', url: '/mes-factures', icon: 'receipt', access: 'invoicesMine' },
  { id: 'my-questionnaires', key: 'myQuestionnaires', url: '/questionnaires/mine', icon: 'quiz', access: 'dps' },
  { id: 'my-documents', key: 'myDocuments', url: '/mes-documents', icon: 'folder_shared', access: 'dps' },
];

export function patientSpaceFor(role: Role | null | undefined): NavItem[] {
  return role === 'PT' ? [...PATIENT_SPACE] : [];
}

export function userMenuFor(role: Role | null | undefined): NavItem[] {
  return role ? menuFor(role, USER_MENU) : menuFor(null, GUEST_MENU);
}
