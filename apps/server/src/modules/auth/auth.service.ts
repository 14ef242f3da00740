import { ERROR_MESSAGES } from '@wellbe/shared/errors';
import { ROLE_LABELS, type Role } from '@wellbe/shared/roles';
import type { AppContext } from '../../context.ts';
import { AppError, tooMany, unauthorized } from '../../lib/errors.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { FIFTEEN_MINUTES, Throttle } from '../../lib/throttle.ts';
import { findUserById, findUserByLogin, touchSignIn, type UserWithOrganisation } from './auth.repository.ts';
import { signToken } from './auth.tokens.ts';

/** SPEC §3 signed-in user: what the web app keeps of the caller. */
export function toSignedInUser(found: UserWithOrganisation, token: string) {
  const { user, organisation, specialist } = found;
  const role = user.role as Role;
  return {
    uid: user.id,
    id: user.id,
    from: user.provider,
    role,
    idOrganization: user.organizationId,
    job: user.job ?? specialist?.label ?? ROLE_LABELS[role],
    data: {
      displayName: user.displayName || `${user.firstName} ${user.lastName}`.trim() || user.username,
      photoURL: user.photoUrl ?? '',
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      username: user.username,
      organization: organisation?.name ?? null,
      settings: user.settings,
      shortcuts: user.shortcuts,
      idJobSpecialist: user.jobSpecialistId,
      jobSpecialist: specialist?.label ?? null,
      dietetic: specialist?.dietetic ?? false,
      uuid: user.id,
      token,
      roleLabel: ROLE_LABELS[role],
      emailConfirmed: user.emailConfirmed,
      idPatient: user.patientId,
    },
  };
}

export type SignedInUser = ReturnType<typeof toSignedInUser>;
export type { UserWithOrganisation };

/** Sign-in with throttling: 5 failures per username or 30 per IP in 15 minutes -> 429. */
export class AuthService {
  private readonly byLogin: Throttle;
  private readonly byIp: Throttle;
  private dummyHash: Promise<string> | null = null;

  constructor(private readonly ctx: AppContext) {
    this.byLogin = new Throttle(ctx.clock, 5, FIFTEEN_MINUTES);
    this.byIp = new Throttle(ctx.clock, 30, FIFTEEN_MINUTES);
  }

  async issueToken(found: UserWithOrganisation): Promise<string> {
    const { user } = found;
    return signToken(this.ctx.jwtKey, this.ctx.clock, {
      sub: user.id,
      org: user.organizationId,
      role: user.role as Role,
      tv: user.tokenVersion,
    });
  }

  async signIn(login: string, password: string, ip: string): Promise<{ token: string; user: SignedInUser }> {
    const loginKey = 'login:' + login.trim().toLowerCase();
    const ipKey = 'ip:' + ip;
    const wait = Math.max(this.byLogin.retryAfter(loginKey), this.byIp.retryAfter(ipKey));
    if (wait > 0) throw tooMany(wait);

    const found = await findUserByLogin(this.ctx.db, login);
    // An unknown user costs the same hash as a known one: the answer and its timing tell nothing.
    const hashToCheck = found?.user.passwordHash ?? (await this.dummy());
    const ok = (await verifyPassword(hashToCheck, password)) && !!found?.user.passwordHash;
    if (!ok || !found) {
      this.byLogin.fail(loginKey);
      this.byIp.fail(ipKey);
      throw unauthorized(ERROR_MESSAGES.loginFailed, 'login_failed');
    }
    this.assertMaySignIn(found);
    this.byLogin.reset(loginKey);
    await touchSignIn(this.ctx.db, found.user.id, new Date(this.ctx.clock.now()));
    const token = await this.issueToken(found);
    return { token, user: toSignedInUser(found, token) };
  }

  /** Told only after the right password, so that an account's state is not probed. */
  assertMaySignIn(found: UserWithOrganisation): void {
    if (!found.user.active) throw new AppError(403, 'account_inactive', ERROR_MESSAGES.accountInactive);
    if (found.organisation && !found.organisation.active) {
      // The users of a deactivated organisation are told why.
      const reason = found.organisation.deactivationReason;
      throw new AppError(403, 'organisation_inactive', reason ? `${ERROR_MESSAGES.organisationInactive} Raison : ${reason}` : ERROR_MESSAGES.organisationInactive);
    }
  }

  /** An account with its organisation and speciality, as sign-in reads it (the profile area reads it here). */
  account(userId: string): Promise<UserWithOrganisation | undefined> {
    return findUserById(this.ctx.db, userId);
  }

  /** A fresh token and the current user, for a caller whose token is still valid. */
  async renew(userId: string): Promise<{ token: string; user: SignedInUser }> {
    const found = await findUserById(this.ctx.db, userId);
    if (!found) throw unauthorized();
    this.assertMaySignIn(found);
    const token = await this.issueToken(found);
    return { token, user: toSignedInUser(found, token) };
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= hashPassword('wellbe-no-such-user-' + Math.random());
    return this.dummyHash;
  }
}
