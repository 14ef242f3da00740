import { ERROR_MESSAGES } from '@wellbe/shared/errors';
import { PRIVILEGED_ROLES, ROLE_LABELS, type Role } from '@wellbe/shared/roles';
import type { ManagedUser, UserCreate, UserListQuery, UserUpdate } from '@wellbe/shared/schemas/users';
import {
  hidden,
  mayGrant,
  mayManage,
  mayReadPatientContacts,
  mayReadUser,
  userChangeRefusal,
  type Caller,
  type UserRefusal,
} from '../../access/index.ts';
import { actingScope, callerScope, listScope, systemScope } from '../../access/scope.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, conflict, forbidden } from '../../lib/errors.ts';
import { createLinkToken, LINK_TTL_MS, revokeLinkTokens } from '../auth/auth.links.ts';
import { OrganisationsService } from '../organisations/organisations.service.ts';
import { patientForInvitation } from '../patients/patients.service.ts';
import { SpecialistsService } from '../specialists/specialists.service.ts';
import { findLoginConflicts, findManagedUser, inAccountTransaction, insertUser, listManagedUsers, setUserActive, updateUserRow, type ManagedUserRow, type UserChanges } from './users.repository.ts';

export const USER_MESSAGES = {
  ownRole: 'Vous ne pouvez pas modifier votre propre rôle.',
  ownDeactivation: 'Vous ne pouvez pas désactiver votre propre compte.',
  privilegedRole: 'Seul un Super Administrateur ou un Developer peut attribuer ce rôle.',
  privilegedTarget: 'Seul un Super Administrateur ou un Developer peut modifier ce compte.',
  roleNotGrantable: 'Votre rôle ne vous permet pas d’attribuer ce rôle.',
  accountNotManageable: 'Votre rôle ne vous permet pas de modifier ce compte.',
  patientRole: 'Un compte Patient se crée depuis le dossier du patient (« Inviter le patient »).',
  patientRoleLocked: 'Le rôle d’un compte Patient ne peut pas être modifié.',
  unknownSpecialist: 'Spécialité inconnue.',
  unknownOrganisation: 'Organisation inconnue.',
  inactiveOrganisation: 'Cette organisation est désactivée.',
  alreadyActivated: 'Ce compte a déjà choisi son mot de passe : envoyez plutôt un lien de réinitialisation.',
  inactiveUser: 'Ce compte est désactivé : réactivez-le d’abord.',
  patientHasAccount: 'Ce patient a déjà un compte.',
  userNotFound: 'Utilisateur introuvable.',
} as const;

const EDITABLE = ['firstName', 'lastName', 'job', 'idJobSpecialist', 'phoneNumber', 'professionalNumber', 'role', 'active'] as const;
type Editable = (typeof EDITABLE)[number];
/** The column each editable field is stored in ('active' has its own statement: it moves the token version). */
const COLUMNS: Record<Exclude<Editable, 'active'>, keyof UserChanges> = {
  firstName: 'firstName',
  lastName: 'lastName',
  job: 'job',
  idJobSpecialist: 'jobSpecialistId',
  phoneNumber: 'phoneNumber',
  professionalNumber: 'professionalNumber',
  role: 'role',
};

/**
 * An account as the API answers it. A patient's account carries the patient's contact details:
 * they reach only roles that read patient files (SPEC §6 dps), everybody else gets them blank.
 */
export function toManagedUser(row: ManagedUserRow, now: number, caller: Caller): ManagedUser {
  const { user } = row;
  const hideContacts = user.role === 'PT' && user.id !== caller.id && !mayReadPatientContacts(caller);
  const expires = row.invitationExpiresAt;
  return {
    idUser: user.id,
    idOrganization: user.organizationId,
    organization: row.organisationName,
    username: user.username,
    email: hideContacts ? '' : user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role as Role,
    job: user.job,
    idJobSpecialist: user.jobSpecialistId,
    jobSpecialist: row.specialistLabel,
    phoneNumber: hideContacts ? null : user.phoneNumber,
    professionalNumber: hideContacts ? null : user.professionalNumber,
    active: user.active,
    idPatient: hideContacts ? null : user.patientId,
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

const REFUSALS: Record<UserRefusal, { message: string; status: 400 | 403 }> = {
  own_role: { message: USER_MESSAGES.ownRole, status: 403 },
  own_deactivation: { message: USER_MESSAGES.ownDeactivation, status: 403 },
  role_not_grantable: { message: USER_MESSAGES.roleNotGrantable, status: 403 },
  account_not_manageable: { message: USER_MESSAGES.accountNotManageable, status: 403 },
};

/** The French answer of a refusal; SA, DE and RE keep their own explanation. */
function refusalError(reason: UserRefusal, role: Role | undefined) {
  if (reason === 'role_not_grantable' && role && PRIVILEGED_ROLES.includes(role)) return forbidden(USER_MESSAGES.privilegedRole, 'privileged_role');
  if (reason === 'account_not_manageable' && role && PRIVILEGED_ROLES.includes(role)) return forbidden(USER_MESSAGES.privilegedTarget, 'privileged_target');
  const { message, status } = REFUSALS[reason];
  return status === 403 ? forbidden(message, reason) : badRequest(message, reason);
}

export class UsersService {
  private readonly organisations: OrganisationsService;
  private readonly specialists: SpecialistsService;

  constructor(private readonly ctx: AppContext) {
    this.organisations = new OrganisationsService(ctx);
    this.specialists = new SpecialistsService(ctx);
  }

  private now() {
    return new Date(this.ctx.clock.now());
  }

  /** An account the caller may see (their organisation; SA, DE every one), or a 404; `lock`: read under its row lock in `db`'s transaction. */
  private async loadReadable(caller: Caller, id: string, db: Database = this.ctx.db, lock = false): Promise<ManagedUserRow> {
    const row = await findManagedUser(db, listScope(caller, undefined), id, lock);
    if (!row || !mayReadUser(caller, { id: row.user.id, organizationId: row.user.organizationId })) throw hidden(USER_MESSAGES.userNotFound);
    return row;
  }

  /** An account the caller may manage (the grant table read on its current role); refusals journalled. */
  private async loadManageable(caller: Caller, id: string, action: string): Promise<ManagedUserRow> {
    const row = await this.loadReadable(caller, id);
    if (!mayManage(caller, { id: row.user.id, role: row.user.role as Role })) await this.refuse(caller, action, id, 'account_not_manageable', row.user.role as Role);
    return row;
  }

  /** Journals a refused account change, then throws its French answer. */
  private async refuse(caller: Caller, action: string, recordId: string | null, reason: UserRefusal, role?: Role): Promise<never> {
    await recordAudit(this.ctx, caller, { action, outcome: 'denied', recordType: 'user', recordId, details: { reason, ...(role ? { role } : {}) } });
    throw refusalError(reason, role);
  }

  private async assertUnique(username: string | undefined, email: string | undefined, exceptId?: string) {
    const taken = await findLoginConflicts(this.ctx.db, { username, email, exceptId });
    if (taken.username) throw conflict(ERROR_MESSAGES.usernameTaken, 'username_taken');
    if (taken.email) throw conflict(ERROR_MESSAGES.emailTaken, 'email_taken');
  }

  private async assertSpecialist(id: number | null | undefined) {
    if (id != null && !(await this.specialists.exists(id))) throw badRequest(USER_MESSAGES.unknownSpecialist, 'unknown_specialist');
  }

  private toDto(row: ManagedUserRow, caller: Caller): ManagedUser {
    return toManagedUser(row, this.ctx.clock.now(), caller);
  }

  async list(caller: Caller, query: UserListQuery) {
    const { rows, total, totalCapped, nextCursor } = await listManagedUsers(this.ctx.db, {
      scope: listScope(caller, query.organizationId),
      q: query.q || undefined,
      role: query.role,
      active: query.active === undefined ? undefined : query.active === 'true',
      // A search must not find a patient account by the contact details the caller may not see.
      searchContacts: mayReadPatientContacts(caller),
      page: query.page,
      pageSize: query.pageSize,
      cursor: query.cursor,
    });
    // total is exact up to 1,000 matches (totalCapped beyond); nextCursor reads the next page by keyset.
    return { data: rows.map((r) => this.toDto(r, caller)), total, page: query.page, pageSize: query.pageSize, nextCursor, totalCapped };
  }

  async get(caller: Caller, id: string): Promise<ManagedUser> {
    return this.toDto(await this.loadReadable(caller, id), caller);
  }

  async create(caller: Caller, body: UserCreate): Promise<ManagedUser> {
    const { organizationId } = actingScope(caller, body.idOrganization, USER_MESSAGES.unknownOrganisation, 'no_organisation');
    const organisation = await this.organisations.find(organizationId);
    if (!organisation) throw badRequest(USER_MESSAGES.unknownOrganisation, 'unknown_organisation');
    if (!organisation.active) throw badRequest(USER_MESSAGES.inactiveOrganisation, 'organisation_inactive');
    if (body.role === 'PT') throw badRequest(USER_MESSAGES.patientRole, 'patient_role');
    if (!mayGrant(caller, body.role)) await this.refuse(caller, 'user.create', null, 'role_not_grantable', body.role);
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
      createdBy: caller.id,
      createdAt: this.now(),
      updatedAt: this.now(),
    });
    const created = await this.get(caller, id);
    await recordAudit(this.ctx, caller, {
      action: 'user.create',
      outcome: 'success',
      recordType: 'user',
      recordId: id,
      details: { after: { ...editableValues(created), username: created.username, email: created.email, idOrganization: organizationId } },
    });
    return this.sendInvitation(caller, id);
  }

  /** Inserts, turning a lost race on the unique indexes into the same 409 as the check before. */
  private async insertUnique(values: Parameters<typeof insertUser>[1]): Promise<string> {
    const inserted = await insertUser(this.ctx.db, values);
    if (inserted.ok) return inserted.value;
    if (inserted.conflict === 'username') throw conflict(ERROR_MESSAGES.usernameTaken, 'username_taken');
    if (inserted.conflict === 'email') throw conflict(ERROR_MESSAGES.emailTaken, 'email_taken');
    throw conflict(USER_MESSAGES.patientHasAccount, 'patient_has_account');
  }

  /**
   * Edits an account. The checks (who may edit whom, grant which role) read the account under its
   * row lock, inside the write's transaction: a role another administrator changed meanwhile is
   * checked as it is now, not as it was before this request waited for their write.
   */
  async update(caller: Caller, id: string, body: UserUpdate): Promise<ManagedUser> {
    const scope = listScope(caller, undefined);
    const outcome = await inAccountTransaction(this.ctx.db, async (tx) => {
      const before = this.toDto(await this.loadReadable(caller, id, tx, true), caller);
      if (body.role !== undefined && body.role !== before.role && id !== caller.id) {
        // A patient account stays one, and only 'Inviter le patient' makes one (linked to its patient).
        if (before.role === 'PT') throw badRequest(USER_MESSAGES.patientRoleLocked, 'patient_role');
        if (body.role === 'PT') throw badRequest(USER_MESSAGES.patientRole, 'patient_role');
      }
      // Journalled once the transaction has ended (the journal's write waits for no lock of it).
      const refusal = userChangeRefusal(caller, { id, role: before.role }, { role: body.role, active: body.active });
      if (refusal) return { refusal, before };
      if (body.idJobSpecialist !== undefined) await this.assertSpecialist(body.idJobSpecialist);

      const beforeValues = editableValues(before);
      const changed = EDITABLE.filter((k) => body[k] !== undefined && body[k] !== beforeValues[k]);
      const next = { ...beforeValues, ...Object.fromEntries(changed.map((k) => [k, body[k]])) } as ManagedUser;
      // Only what this request changes is written: a field it did not send keeps what a concurrent
      // edit wrote (a value the caller was not shown, a patient's phones, is never written back blank).
      const fields = changed.filter((k): k is Exclude<Editable, 'active'> => k !== 'active');
      const at = this.now();
      if (fields.length) await updateUserRow(tx, scope, id, Object.fromEntries(fields.map((k) => [COLUMNS[k], next[k]])) as UserChanges, at);
      if (changed.includes('active')) await setUserActive(tx, scope, id, next.active, at);
      return { before, beforeValues, changed, next };
    });
    if (outcome.refusal) {
      const { refusal, before } = outcome;
      const role = refusal === 'role_not_grantable' ? body.role : refusal === 'account_not_manageable' ? before.role : undefined;
      return this.refuse(caller, body.active === false ? 'user.deactivate' : 'user.update', id, refusal, role);
    }
    const { before, beforeValues, changed, next } = outcome;
    if (changed.length === 0) return before;

    const action = changed.length === 1 && changed[0] === 'active' ? (next.active ? 'user.activate' : 'user.deactivate') : 'user.update';
    await recordAudit(this.ctx, caller, {
      action,
      outcome: 'success',
      recordType: 'user',
      recordId: id,
      details: {
        before: Object.fromEntries(changed.map((k) => [k, beforeValues[k]])),
        after: Object.fromEntries(changed.map((k) => [k, next[k]])),
      },
    });
    return this.get(caller, id);
  }

  /** The `/register/{userId}?token=` link, valid 7 days; an earlier link stops working. */
  async sendInvitation(caller: Caller, id: string): Promise<ManagedUser> {
    return this.mailInvitation(caller, await this.loadManageable(caller, id, 'user.invitation.send'));
  }

  private async mailInvitation(caller: Caller, row: ManagedUserRow): Promise<ManagedUser> {
    const id = row.user.id;
    if (row.user.passwordHash) throw conflict(USER_MESSAGES.alreadyActivated, 'already_activated');
    if (!row.user.active) throw conflict(USER_MESSAGES.inactiveUser, 'user_inactive');
    const { url, expiresAt } = await createLinkToken(this.ctx, id, 'invitation');
    const inviter = await findManagedUser(this.ctx.db, callerScope(caller), caller.id);
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
    await recordAudit(this.ctx, caller, {
      action: 'user.invitation.send',
      outcome: 'success',
      recordType: 'user',
      recordId: id,
      patientId: row.user.patientId,
      details: { expiresAt: expiresAt.toISOString() },
    });
    return this.get(caller, id);
  }

  async revokeInvitation(caller: Caller, id: string): Promise<ManagedUser> {
    const row = await this.loadManageable(caller, id, 'user.invitation.revoke');
    if (row.user.passwordHash) throw conflict(USER_MESSAGES.alreadyActivated, 'already_activated');
    const revoked = await revokeLinkTokens(this.ctx, id, 'invitation');
    await recordAudit(this.ctx, caller, { action: 'user.invitation.revoke', outcome: 'success', recordType: 'user', recordId: id, details: { revoked } });
    return this.get(caller, id);
  }

  /** Sends the `/reset-password?token=` link (kind 'reset') to the user's address. */
  async sendPasswordReset(caller: Caller, id: string): Promise<void> {
    const row = await this.loadManageable(caller, id, 'user.password-reset.send');
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
    await recordAudit(this.ctx, caller, { action: 'user.password-reset.send', outcome: 'success', recordType: 'user', recordId: id });
  }

  /**
   * 'Inviter le patient': a PT account linked to one live patient the caller may write to (SPEC §6
   * dps write: the practitioner who treats the patient), named after the patient and reaching them
   * at the patient's email address.
   */
  async invitePatient(caller: Caller, body: { idPatient: string; username?: string }): Promise<ManagedUser> {
    const patient = await patientForInvitation(this.ctx, caller, body.idPatient, 'user.invite-patient');
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
      createdBy: caller.id,
      createdAt: this.now(),
      updatedAt: this.now(),
    });
    await recordAudit(this.ctx, caller, {
      action: 'user.invite-patient',
      outcome: 'success',
      recordType: 'user',
      recordId: id,
      patientId: patient.id,
      details: { after: { role: 'PT', username, idPatient: patient.id } },
    });
    // The practitioner invites the patient they treat; managing the account afterwards follows the grant table.
    // The account was just created in the patient's organisation (read through the caller's patient scope).
    return this.mailInvitation(caller, (await findManagedUser(this.ctx.db, systemScope(patient.organizationId), id))!);
  }
}
