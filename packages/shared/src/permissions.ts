import { ROLES, type Role } from './roles.ts';

// SPEC §6, the permission table, as data. The web guard, the menu and the server all read it.
export const PERMISSIONS = {
  dashboard: ROLES,
  profile: ROLES,
  staff: ROLES,
  agenda: ['SA', 'AD', 'RH', 'PA', 'PR', 'PG', 'DE'],
  agendaTemp: ['SA', 'PA', 'PR', 'PG', 'DE'],
  agendaWrite: ['PA', 'PR', 'PG', 'DE'],
  agendaDelete: ['PA', 'PR', 'PG', 'DE', 'RH', 'AD'],
  agendaManagement: ['PG', 'RH', 'AD', 'DE'],
  /** Booking for someone (the booking dialog's patient search): agenda write or agenda management. */
  agendaBooking: ['AD', 'RH', 'PA', 'PR', 'PG', 'DE'],
  user: ['SA', 'AD', 'PA', 'PG', 'DE'],
  userWrite: ['SA', 'AD', 'RH', 'PA', 'PG', 'DE'],
  dps: ['SA', 'PT', 'PA', 'PR', 'PG', 'DE'],
  dpsWrite: ['PA', 'PR', 'PG', 'DE'],
  organisation: ['SA', 'DE'],
  organisationWrite: ['SA', 'DE'],
  manager: ['AD', 'PG', 'DE'],
  practitionerWrite: ['PA', 'PR', 'PG', 'DE'],
  note: ['SA', 'PT', 'PA', 'PR', 'PG', 'RH', 'DE'],
  appointment: ['RH', 'AD', 'PT', 'DE'],
  preferences: ['SA', 'AD', 'RH', 'PA', 'PR', 'PG', 'DE'],
  dietetics: ['SA', 'PA', 'PR', 'PG', 'DE'],
  dieteticPreferences: ['PA', 'PR', 'PG', 'DE'],
  chats: ['AD', 'PA', 'PG', 'PR', 'PT', 'RH', 'DE'],
  /** Group conversations (issue 16): created and managed by the chats group's staff; a patient is never in one. */
  chatGroups: ['AD', 'PA', 'PG', 'PR', 'RH', 'DE'],
  wellbe: ['SA', 'AD', 'RH', 'PA', 'PR', 'PG', 'DE'],
  stat: ['SA', 'AD', 'RH', 'PA', 'PR', 'PG', 'DE'],
  /** Developer-only routes (SPEC §6). */
  developer: ['DE'],
  /** Menu item Support (SPEC §6): PA or SA only. */
  support: ['PA', 'SA'],
  /** The audit journal: SA and DE everywhere, PA for their own organisation. */
  journal: ['SA', 'DE', 'PA'],
  /** Seeing and clearing a slowed-down sign-in in /user (ASVS V6.3): SA and DE everywhere, PA in their organisation. */
  signInLocks: ['SA', 'DE', 'PA'],
  /** The practice's address book (/contact): its staff; a patient sees only the practice's card. */
  addressBook: ['SA', 'PA', 'PG', 'PR', 'AD', 'RH', 'US', 'RE', 'DE'],
  /**
   * Facturation (fees, payments, receipts book): the practitioners who bill (PA, PR, PG) and the
   * organisation's office (AD, RH) who read its invoices and hand the accountant the book. SA and DE
   * are left out on purpose: a practice's takings are not platform support data.
   */
  invoices: ['PA', 'PR', 'PG', 'AD', 'RH'],
  /** Creating, issuing, crediting invoices, recording payments, the acts and prices: those who bill. */
  invoicesWrite: ['PA', 'PR', 'PG'],
  /** Whether the organisation bills as a company (one numbering series) or each practitioner in their own name. */
  invoiceSettings: ['PA', 'PG'],
  /** The patient's own invoices and receipts in their space. */
  invoicesMine: ['PT'],
  /** An invoice's or a receipt's PDF: the Facturation group, and the patient for their own. */
  invoiceFiles: ['PA', 'PR', 'PG', 'AD', 'RH', 'PT'],
  /** The practice's signing certificate (signed PDFs): its administrators read it and upload their own PKCS#12. */
  signingCertificate: ['PA', 'PG', 'AD', 'DE'],
  /** Téléconsultation: the appointment's patient and practitioner (and an invited colleague). */
  video: ['PT', 'PA', 'PR', 'PG', 'DE'],
  /** Who holds a téléconsultation (admits, invites, hangs up for everyone): the practitioners. */
  videoHost: ['PA', 'PR', 'PG', 'DE'],
  /** Questionnaire templates: read by the practice's practitioners, written by those who write files. */
  questionnaires: ['SA', 'PA', 'PR', 'PG', 'DE'],
  questionnairesWrite: ['PA', 'PR', 'PG', 'DE'],
  /** The BDPM medicine suggestions of the ordonnance editor: those who write ordonnances. */
  medicines: ['PA', 'PR', 'PG', 'DE'],
  /** The signature image of the profile, drawn on the practitioner's ordonnances, certificates and letters. */
  signatureImage: ['PA', 'PR', 'PG'],
  /** An empty list means guests only (SPEC §6). */
  guestOnly: [],
} as const satisfies Record<string, readonly Role[]>;

export type PermissionGroup = keyof typeof PERMISSIONS;

export const PERMISSION_GROUPS = Object.keys(PERMISSIONS) as PermissionGroup[];

/** Whether a role belongs to a permission group. No role (a guest) belongs to no group. */
export function can(role: Role | null | undefined, group: PermissionGroup): boolean {
  if (!role) return false;
  return (PERMISSIONS[group] as readonly Role[]).includes(role);
}

/**
 * Whether a role's chrome keeps the chat's live events and unread count: those who chat, the support
 * (its conversations), and DE. The web app's closed chat panel (chat-live.ts) and the HTML's early
 * GETs (first-requests.ts CHROME_FIRST_REQUESTS) ask the count for these roles only.
 */
export function hasLiveChat(role: Role | null | undefined): boolean {
  return can(role, 'chats') || can(role, 'support') || role === 'DE';
}

/**
 * Access rule of a route or endpoint:
 * - `open`: no rule, anyone (SPEC §6 "a route without a rule is open");
 * - `guest`: guests only (the empty rule list);
 * - `authenticated`: any signed-in user, whatever the role (used by the server for own-data calls);
 * - a permission group.
 */
export type Access = 'open' | 'guest' | 'authenticated' | PermissionGroup;

/** SPEC §4 route guard outcome for a role (null = guest) on a rule. */
export function allows(access: Access, role: Role | null | undefined): boolean {
  if (access === 'open') return true;
  if (access === 'guest' || access === 'guestOnly') return !role;
  if (access === 'authenticated') return !!role;
  return can(role, access);
}
