import { can } from '@wellbe/shared/permissions';
import { ROLE_LABELS, type Role } from '@wellbe/shared/roles';
import { PROFILE_MESSAGES, type PhonesUpdate, type ProfessionalIdsUpdate, type Profile, type UserUpdate } from '@wellbe/shared/schemas/profile';
import type { AppContext } from '../../context.ts';
import { actingOrganisation, assertIdentity, mayReadPatientContacts, mayReadUser, type Caller } from '../../access/index.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest, forbidden, notFound, unauthorized } from '../../lib/errors.ts';
import { assertNotCommonPassword, hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hardLimit } from '../../lib/throttle.ts';
import { revokeLinkTokens } from '../auth/auth.links.ts';
import { endOtherSessions } from '../auth/sessions.service.ts';
import type { AuthService, UserWithOrganisation } from '../auth/auth.service.ts';
import { AvatarStore, makeThumbnail } from '../../lib/avatars.ts';
import { setPhotoUrl, updateCredentials, updatePhones, updateProfessionalIds } from './profile.repository.ts';

/**
 * SPEC §3 profile form from the user's row: every field, never the password hash. A patient's
 * contact details are left blank for a reader who may not see them (`hideContacts`).
 */
export function toProfile({ user, organisation, specialist }: UserWithOrganisation, hideContacts = false): Profile {
  const role = user.role as Role;
  const contact = (value: string | null) => (hideContacts ? '' : (value ?? ''));
  const photo = user.photoUrl ?? '';
  return {
    idUser: user.id,
    idProfil: user.id,
    idOrganization: user.organizationId,
    idJobSpecialist: user.jobSpecialistId,
    active: user.active ? 'Y' : 'N',
    organization: organisation?.name ?? null,
    username: user.username,
    lastName: user.lastName,
    firstName: user.firstName,
    email: hideContacts ? '' : user.email,
    job: user.job || specialist?.label || ROLE_LABELS[role],
    role,
    roleLabel: ROLE_LABELS[role],
    phoneNumber: contact(user.phoneNumber),
    professionalNumber: contact(user.professionalNumber),
    contactPhone: contact(user.contactPhone),
    contactEmail: contact(user.contactEmail),
    rpps: user.rpps ?? '',
    adeli: user.adeli ?? '',
    photoURL: photo,
    avatar: photo,
    oldPassword: '',
    password: '',
    passwordConfirm: '',
  };
}

const READ = '/api/profil:read';
const UPDATE = '/api/profil:updatePassword';
const UPDATE_PHONES = '/api/profil:updatePhones';
const AVATAR = '/api/profil:avatar';
const UPDATE_IDS = '/api/profil:updateProfessionalIds';

export class ProfileService {
  readonly avatars: AvatarStore;

  constructor(
    private readonly ctx: AppContext,
    private readonly auth: AuthService,
  ) {
    this.avatars = new AvatarStore(ctx.storage);
  }

  /**
   * Own profile always. Someone else's only for the SPEC §6 `user` group, inside the caller's
   * organisation; SA and DE platform-wide. Reads of another user's profile are journalled.
   */
  async read(caller: Caller, body: { Iduser: string; idOrganization?: string | null }): Promise<Profile> {
    actingOrganisation(caller, body.idOrganization);
    const found = await this.auth.account(body.Iduser);
    if (body.Iduser === caller.id) {
      if (!found) throw unauthorized();
      return toProfile(found);
    }
    const allowed = can(caller.role, 'user') && !!found && mayReadUser(caller, { id: found.user.id, organizationId: found.user.organizationId });
    await recordAudit(this.ctx, caller, { action: READ, outcome: allowed ? 'success' : 'denied', recordType: 'user', recordId: body.Iduser });
    if (!allowed) {
      // Another organisation's account reads like a missing one; roles outside 'user' are refused.
      if (can(caller.role, 'user')) throw notFound();
      throw forbidden();
    }
    return toProfile(found, found.user.role === 'PT' && !mayReadPatientContacts(caller));
  }

  /**
   * SPEC §5 password change with the phones of the profile form. The shape rules (required
   * fields, password rule, confirmation, new ≠ old, phones) were checked by the shared schema.
   * Returns a fresh token: the change moved the token version, so the caller's own token died too.
   */
  /** The phones saved on their own (see phonesUpdateSchema for why they are apart from the password). */
  async updatePhones(caller: Caller, input: PhonesUpdate): Promise<Profile> {
    assertIdentity(caller, input);
    const found = await this.auth.account(caller.id);
    if (!found) throw unauthorized();
    const phoneNumber = input.phoneNumber?.trim() || null;
    const professionalNumber = input.professionalNumber?.trim() || null;
    if (!(await updatePhones(this.ctx.db, caller.id, { phoneNumber, professionalNumber, at: new Date(this.ctx.clock.now()) }))) throw unauthorized();
    const changed: string[] = [];
    if (phoneNumber !== found.user.phoneNumber) changed.push('phoneNumber');
    if (professionalNumber !== found.user.professionalNumber) changed.push('professionalNumber');
    await recordAudit(this.ctx, caller, { action: UPDATE_PHONES, outcome: 'success', recordType: 'user', recordId: caller.id, details: { changed } });
    return toProfile({ ...found, user: { ...found.user, phoneNumber, professionalNumber, passwordHash: null } });
  }

  /** The caller's own RPPS/ADELI numbers (shape and key checked by the shared schema). */
  async updateProfessionalIds(caller: Caller, input: ProfessionalIdsUpdate): Promise<Profile> {
    assertIdentity(caller, input);
    const found = await this.auth.account(caller.id);
    if (!found) throw unauthorized();
    const rpps = input.rpps || null;
    const adeli = input.adeli || null;
    if (!(await updateProfessionalIds(this.ctx.db, caller.id, { rpps, adeli, at: new Date(this.ctx.clock.now()) }))) throw unauthorized();
    const changed = [...(rpps !== found.user.rpps ? ['rpps'] : []), ...(adeli !== found.user.adeli ? ['adeli'] : [])];
    await recordAudit(this.ctx, caller, { action: UPDATE_IDS, outcome: 'success', recordType: 'user', recordId: caller.id, details: { changed } });
    return toProfile({ ...found, user: { ...found.user, rpps, adeli, passwordHash: null } });
  }

  async updatePassword(caller: Caller, input: UserUpdate, sessionId: string): Promise<{ token: string; profile: Profile }> {
    assertIdentity(caller, input);
    const me = caller;
    // Five wrong old passwords within 15 minutes answer 429, per user, counted in PostgreSQL.
    const key = `password-change:${me.id}`;
    await this.auth.throttle.assertFree([key]);

    const found = await this.auth.account(me.id);
    if (!found) throw unauthorized();
    if (input.username != null && input.username.trim().toLowerCase() !== found.user.username.toLowerCase()) {
      throw badRequest(PROFILE_MESSAGES.usernameLocked, 'username_locked');
    }
    const oldOk = !!found.user.passwordHash && (await verifyPassword(found.user.passwordHash, input.oldPassword));
    if (!oldOk) {
      await this.auth.throttle.fail(key, hardLimit(5), me.id);
      await recordAudit(this.ctx, caller, { action: UPDATE, outcome: 'denied', recordType: 'user', recordId: me.id, details: { reason: 'wrong_old_password' } });
      throw badRequest(PROFILE_MESSAGES.oldPasswordWrong, 'wrong_old_password');
    }
    await this.auth.throttle.reset(key);

    await assertNotCommonPassword(input.password, [found.user.username, found.user.email, found.user.firstName, found.user.lastName]);
    const phoneNumber = input.phoneNumber?.trim() || null;
    const professionalNumber = input.professionalNumber?.trim() || null;
    const tokenVersion = await updateCredentials(this.ctx.db, me.id, {
      phoneNumber,
      professionalNumber,
      passwordHash: await hashPassword(input.password),
      at: new Date(this.ctx.clock.now()),
    });
    if (tokenVersion === undefined) throw unauthorized();
    // A reset link mailed before the change must not undo it.
    await revokeLinkTokens(this.ctx, me.id, 'reset');

    const changed = ['password'];
    if (phoneNumber !== found.user.phoneNumber) changed.push('phoneNumber');
    if (professionalNumber !== found.user.professionalNumber) changed.push('professionalNumber');
    await recordAudit(this.ctx, caller, { action: UPDATE, outcome: 'success', recordType: 'user', recordId: me.id, details: { changed } });

    const updated: UserWithOrganisation = {
      ...found,
      user: { ...found.user, phoneNumber, professionalNumber, tokenVersion, passwordHash: null },
    };
    // Other sessions end with the old password; this one goes on.
    await endOtherSessions(this.ctx, me.id, sessionId);
    return { token: await this.auth.issueToken(updated, sessionId), profile: toProfile(updated) };
  }

  /** Stores the caller's new photo as a square thumbnail and points photoURL at it. */
  async saveAvatar(caller: Caller, bytes: Buffer): Promise<Profile> {
    const me = caller;
    const png = await makeThumbnail(bytes);
    const found = await this.auth.account(me.id);
    if (!found) throw unauthorized();
    const key = await this.avatars.save(me.id, png);
    const url = this.avatars.url(me.id, key);
    await setPhotoUrl(this.ctx.db, me.id, url, new Date(this.ctx.clock.now()));
    await this.avatars.prune(me.id, key);
    await recordAudit(this.ctx, caller, { action: AVATAR, outcome: 'success', recordType: 'user', recordId: me.id });
    return toProfile({ ...found, user: { ...found.user, photoUrl: url } });
  }
}
