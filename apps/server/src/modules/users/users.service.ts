import type { FastifyRequest } from 'fastify';
import { ERROR_MESSAGES } from '@wellbe/shared/errors';
import { isPlatformRole, PRIVILEGED_ROLES, ROLE_LABELS, type Role } from '@wellbe/shared/roles';
import type { ManagedUser, UserCreate, UserListQuery, UserUpdate } from '@wellbe/shared/schemas/users';
import type { AppContext, SessionUser } from '../../context.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { caller } from '../../lib/scope.ts';
import { recordAudit } from '../audit/audit.service.ts';
import { createLinkToken, LINK_TTL_MS, revokeLinkTokens } from '../auth/auth.links.ts';
import { findSpecialist } from '../specialists/specialists.repository.ts';
import { findOrganisation } from '../organisations/organisations.repository.ts';
import {
  findLoginConflicts,
  findManagedUser,
  findPatientForInvitation,
  insertUser,
  listManagedUsers,
  setUserActive,
  updateUserRow,
  type ManagedUserRow,
} from './users.repository.ts';

export const USER_MESSAGES = {
  ownRole: 'Vous ne pouvez pas modifier votre propre rôle.',
  ownDeactivation: 'Vous ne pouvez pas désactiver votre propre compte.',
  privilegedRole: 'Seul un Super Administrateur ou un Developer peut attribuer ce rôle.',
  privilegedTarget: 'Seul un Super Administrateur ou un Developer peut modifier ce compte.',
  patientRole: 'Un compte Patient se crée depuis le dossier du patient (« Inviter le patient »).',
  patientRoleLocked: 'Le rôle d’un compte Patient ne peut pas être modifié.',
  unknownSpecialist: 'Spécialité inconnue.',
  unknownOrganisation: 'Organisation inconnue.',
  inactiveOrganisation: 'Cette organisation est désactivée.',
  alreadyActivated: 'Ce compte a déjà choisi son mot de passe : envoyez plutôt un lien de réinitialisation.',
  inactiveUser: 'Ce compte est désactivé : réactivez-le d’abord.',
  patientHasAccount: 'Ce patient a déjà un compte.',
  patientArchived: 'Ce patient est archivé.',
} as const;

const EDITABLE = ['firstName', 'lastName', 'job', 'idJobSpecialist', 'phoneNumber', 'professionalNumber', 'role', 'active'] as const;
type Editable = (typeof EDITABLE)[number];

export function toManagedUser(row: ManagedUserRow, now: number): ManagedUser {
  const { user } = row;
  const expires = row.invitationExpiresAt;
  return {
    idUser: user.id,
    idOrganization: user.organizationId,
    organization: row.organisationName,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role as Role,
    job: user.job,
    idJobSpecialist: user.jobSpecialistId,
    jobSpecialist: row.specialistLabel,
    phoneNumber: user.phoneNumber,
    professionalNumber: user.professionalNumber,
    active: user.active,
    idPatient: user.patientId,
    lastSignInAt: user.lastSignInAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    // An account without a password still waits for its invitation to be completed.
    invitation: user.passwordHash ? 'none' : expires && expires.getTime() > now ? 'pending' : 'expired',
    invitationExpiresAt: user.passwordHash ? null : (expires?.toISOString() ?? null),
  };
}

function editableValues(u: ManagedUser): Record<Editable, unknown> {
  return {
    firstName: u.firstName,
    lastName: u.lastName,
    job: u.job,
    idJobSpecialist: u.idJobSpecialist,
    phoneNumber: u.phoneNumber,
    professionalNumber: u.professionalNumber,
    role: u.role,
    active: u.active,
  };
}

/** Issue 7: only SA or DE grant SA, DE or RE. */
function assertMayGrant(user: SessionUser, role: Role) {
  if (role === 'PT') throw badRequest(USER_MESSAGES.patientRole, 'patient_role');
  if (PRIVILEGED_ROLES.includes(role) && !isPlatformRole(user.role)) throw forbidden(USER_MESSAGES.privilegedRole, 'privileged_role');
}

export class UsersService {
  constructor(private readonly ctx: AppContext) {}

  private now() {
    return new Date(this.ctx.clock.now());
  }

  /** The organisation a list is scoped to; null = every organisation (SA, DE). */
  private listScope(user: SessionUser, requested: string | undefined): string | null {
    if (isPlatformRole(user.role)) return requested ?? null;
    if (requested && requested !== user.organizationId) throw forbidden(ERROR_MESSAGES.identityMismatch, 'identity_mismatch');
    return user.organizationId;
  }

  /** A user of another organisation does not exist for the caller (DESIGN §3: 404). */
  private async loadInScope(user: SessionUser, id: string): Promise<ManagedUserRow> {
    const row = await findManagedUser(this.ctx.db, id);
    if (!row || (!isPlatformRole(user.role) && row.user.organizationId !== user.organizationId)) throw notFound('Utilisateur introuvable.');
    return row;
  }

  /** Accounts holding SA, DE or RE are managed by SA or DE only. */
  private async loadManageable(user: SessionUser, id: string): Promise<ManagedUserRow> {
    const row = await this.loadInScope(user, id);
    if (PRIVILEGED_ROLES.includes(row.user.role as Role) && !isPlatformRole(user.role)) {
      throw forbidden(USER_MESSAGES.privilegedTarget, 'privileged_target');
    }
    return row;
  }

  private async assertUnique(username: string | undefined, email: string | undefined, exceptId?: string) {
    const taken = await findLoginConflicts(this.ctx.db, { username, email, exceptId });
    if (taken.username) throw conflict(ERROR_MESSAGES.usernameTaken, 'username_taken');
    if (taken.email) throw conflict(ERROR_MESSAGES.emailTaken, 'email_taken');
  }

  private async assertSpecialist(id: number | null | undefined) {
    if (id != null && !(await findSpecialist(this.ctx.db, id))) throw badRequest(USER_MESSAGES.unknownSpecialist, 'unknown_specialist');
  }

  async list(request: FastifyRequest, query: UserListQuery) {
    const user = caller(request);
    const organizationId = this.listScope(user, query.organizationId);
    const { rows, total } = await listManagedUsers(this.ctx.db, {
      organizationId,
      q: query.q || undefined,
      role: query.role,
      active: query.active === undefined ? undefined : query.active === 'true',
      page: query.page,
      pageSize: query.pageSize,
    });
    const now = this.ctx.clock.now();
    return { data: rows.map((r) => toManagedUser(r, now)), total, page: query.page, pageSize: query.pageSize };
  }

  async get(request: FastifyRequest, id: string): Promise<ManagedUser> {
    return toManagedUser(await this.loadInScope(caller(request), id), this.ctx.clock.now());
  }

  async create(request: FastifyRequest, body: UserCreate): Promise<ManagedUser> {
    const user = caller(request);
    const organizationId = this.listScope(user, body.idOrganization ?? undefined) ?? user.organizationId;
    if (!organizationId) throw badRequest(USER_MESSAGES.unknownOrganisation, 'unknown_organisation');
    const organisation = await findOrganisation(this.ctx.db, organizationId);
    if (!organisation) throw badRequest(USER_MESSAGES.unknownOrganisation, 'unknown_organisation');
    if (!organisation.active) throw badRequest(USER_MESSAGES.inactiveOrganisation, 'organisation_inactive');
    assertMayGrant(user, body.role);
    await this.assertSpecialist(body.idJobSpecialist);
    await this.assertUnique(body.username, body.email);

    const id = await this.insertUnique({
      organizationId,
      username: body.username,
      email: body.email,
      passwordHash: null,
      role: body.role,
      firstName: body.firstName,
      lastName: body.lastName,
      displayName: `${body.firstName} ${body.lastName}`,
      job: body.job,
      jobSpecialistId: body.idJobSpecialist,
      phoneNumber: body.phoneNumber,
      professionalNumber: body.professionalNumber,
      createdBy: user.id,
      createdAt: this.now(),
      updatedAt: this.now(),
    });
    const created = await this.get(request, id);
    await recordAudit(this.ctx, request, {
      action: 'user.create',
      outcome: 'success',
      recordType: 'user',
      recordId: id,
      details: { after: { ...editableValues(created), username: created.username, email: created.email, idOrganization: organizationId } },
    });
    await this.sendInvitation(request, id);
    return this.get(request, id);
  }

  /** Inserts, turning a lost race on the unique indexes into the same 409 as the check before. */
  private async insertUnique(values: Parameters<typeof insertUser>[1]): Promise<string> {
    try {
      return await insertUser(this.ctx.db, values);
    } catch (error) {
      const constraint = (error as { cause?: { constraint?: string }; constraint?: string }).cause?.constraint ?? (error as { constraint?: string }).constraint;
      if (constraint === 'users_username_key') throw conflict(ERROR_MESSAGES.usernameTaken, 'username_taken');
      if (constraint === 'users_email_key') throw conflict(ERROR_MESSAGES.emailTaken, 'email_taken');
      if (constraint === 'users_patient_key') throw conflict(USER_MESSAGES.patientHasAccount, 'patient_has_account');
      throw error;
    }
  }

  async update(request: FastifyRequest, id: string, body: UserUpdate): Promise<ManagedUser> {
    const user = caller(request);
    const row = await this.loadManageable(user, id);
    const before = toManagedUser(row, this.ctx.clock.now());
    const self = id === user.id;

    if (body.role !== undefined && body.role !== before.role) {
      if (self) throw forbidden(USER_MESSAGES.ownRole, 'own_role');
      if (before.role === 'PT') throw badRequest(USER_MESSAGES.patientRoleLocked, 'patient_role');
      assertMayGrant(user, body.role);
    }
    if (body.active === false && self) throw forbidden(USER_MESSAGES.ownDeactivation, 'own_deactivation');
    if (body.idJobSpecialist !== undefined) await this.assertSpecialist(body.idJobSpecialist);

    const beforeValues = editableValues(before);
    const changed = EDITABLE.filter((k) => body[k] !== undefined && body[k] !== beforeValues[k]);
    if (changed.length === 0) return before;

    const at = this.now();
    const next = { ...beforeValues, ...Object.fromEntries(changed.map((k) => [k, body[k]])) } as ManagedUser;
    const fields = changed.filter((k) => k !== 'active');
    if (fields.length) {
      await updateUserRow(this.ctx.db, id, {
        firstName: next.firstName,
        lastName: next.lastName,
        displayName: `${next.firstName} ${next.lastName}`,
        job: next.job,
        jobSpecialistId: next.idJobSpecialist,
        phoneNumber: next.phoneNumber,
        professionalNumber: next.professionalNumber,
        role: next.role,
        updatedAt: at,
      });
    }
    if (changed.includes('active')) await setUserActive(this.ctx.db, id, next.active, at);

    const action = changed.length === 1 && changed[0] === 'active' ? (next.active ? 'user.activate' : 'user.deactivate') : 'user.update';
    await recordAudit(this.ctx, request, {
      action,
      outcome: 'success',
      recordType: 'user',
      recordId: id,
      details: {
        before: Object.fromEntries(changed.map((k) => [k, beforeValues[k]])),
        after: Object.fromEntries(changed.map((k) => [k, next[k]])),
      },
    });
    return this.get(request, id);
  }

  /** Issue 7: the `/register/{userId}?token=` link, valid 7 days; an earlier link stops working. */
  async sendInvitation(request: FastifyRequest, id: string): Promise<ManagedUser> {
    const user = caller(request);
    const row = await this.loadManageable(user, id);
    if (row.user.passwordHash) throw conflict(USER_MESSAGES.alreadyActivated, 'already_activated');
    if (!row.user.active) throw conflict(USER_MESSAGES.inactiveUser, 'user_inactive');
    const { url, expiresAt } = await createLinkToken(this.ctx, id, 'invitation');
    const inviter = await findManagedUser(this.ctx.db, user.id);
    const inviterName = inviter ? `${inviter.user.firstName} ${inviter.user.lastName}`.trim() : 'WellBe';
    const organisation = row.organisationName ? ` (${row.organisationName})` : '';
    const days = LINK_TTL_MS.invitation / (24 * 3600 * 1000);
    await this.ctx.mailer.send({
      to: row.user.email,
      subject: 'Invitation à rejoindre WellBe',
      text: [
        `Bonjour ${row.user.firstName},`,
        '',
        `${inviterName} vous invite à rejoindre WellBe${organisation}.`,
        `Votre identifiant : ${row.user.username}`,
        `Pour choisir votre mot de passe, ouvrez ce lien (valable ${days} jours, utilisable une seule fois) :`,
        url,
        '',
        'Si vous n’attendiez pas cette invitation, ignorez ce message.',
      ].join('\n'),
    });
    await recordAudit(this.ctx, request, {
      action: 'user.invitation.send',
      outcome: 'success',
      recordType: 'user',
      recordId: id,
      patientId: row.user.patientId,
      details: { expiresAt: expiresAt.toISOString() },
    });
    return this.get(request, id);
  }

  async revokeInvitation(request: FastifyRequest, id: string): Promise<ManagedUser> {
    const row = await this.loadManageable(caller(request), id);
    if (row.user.passwordHash) throw conflict(USER_MESSAGES.alreadyActivated, 'already_activated');
    const revoked = await revokeLinkTokens(this.ctx, id, 'invitation');
    await recordAudit(this.ctx, request, { action: 'user.invitation.revoke', outcome: 'success', recordType: 'user', recordId: id, details: { revoked } });
    return this.get(request, id);
  }

  /** Sends the `/reset-password?token=` link (kind 'reset') to the user's address. */
  async sendPasswordReset(request: FastifyRequest, id: string): Promise<void> {
    const row = await this.loadManageable(caller(request), id);
    if (!row.user.active) throw conflict(USER_MESSAGES.inactiveUser, 'user_inactive');
    const { url } = await createLinkToken(this.ctx, id, 'reset');
    const minutes = LINK_TTL_MS.reset / 60_000;
    await this.ctx.mailer.send({
      to: row.user.email,
      subject: 'Réinitialisation de votre mot de passe WellBe',
      text: [
        `Bonjour ${row.user.firstName},`,
        '',
        'Votre administrateur a demandé la réinitialisation de votre mot de passe WellBe.',
        `Pour en choisir un nouveau, ouvrez ce lien (valable ${minutes} minutes, utilisable une seule fois) :`,
        url,
        '',
        'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe actuel reste valable.',
      ].join('\n'),
    });
    await recordAudit(this.ctx, request, { action: 'user.password-reset.send', outcome: 'success', recordType: 'user', recordId: id });
  }

  /**
   * 'Inviter le patient' (issue 7): a PT account linked to one patient of the caller's organisation,
   * named after the patient and reaching them at the patient's email address.
   */
  async invitePatient(request: FastifyRequest, body: { idPatient: string; username?: string }): Promise<ManagedUser> {
    const user = caller(request);
    const patient = await findPatientForInvitation(this.ctx.db, body.idPatient);
    if (!patient || (!isPlatformRole(user.role) && patient.organizationId !== user.organizationId)) {
      await recordAudit(this.ctx, request, { action: 'user.invite-patient', outcome: 'denied', recordType: 'patient', recordId: body.idPatient, patientId: body.idPatient });
      throw notFound('Patient introuvable.');
    }
    if (patient.archived) throw badRequest(USER_MESSAGES.patientArchived, 'patient_archived');
    if (patient.accountId) throw conflict(USER_MESSAGES.patientHasAccount, 'patient_has_account');
    const username = body.username ?? patient.email;
    await this.assertUnique(username, patient.email);

    const [firstName, ...rest] = patient.fullName.trim().split(/\s+/);
    const lastName = rest.join(' ');
    const id = await this.insertUnique({
      organizationId: patient.organizationId,
      username,
      email: patient.email,
      passwordHash: null,
      role: 'PT',
      firstName,
      lastName,
      displayName: patient.fullName,
      job: ROLE_LABELS.PT,
      phoneNumber: patient.phoneNumber,
      patientId: patient.id,
      createdBy: user.id,
      createdAt: this.now(),
      updatedAt: this.now(),
    });
    await recordAudit(this.ctx, request, {
      action: 'user.invite-patient',
      outcome: 'success',
      recordType: 'user',
      recordId: id,
      patientId: patient.id,
      details: { after: { role: 'PT', username, idPatient: patient.id } },
    });
    return this.sendInvitation(request, id);
  }
}
