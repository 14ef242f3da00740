import { ERROR_MESSAGES } from '@wellbe/shared/errors';
import { ROLE_LABELS, type Role } from '@wellbe/shared/roles';
import type { AppContext } from '../../context.ts';
import { AppError, unauthorized } from '../../lib/errors.ts';
import type { ClientInfo } from '../../lib/request.ts';
import { hashPassword, verifyPassword } from '../../lib/passwords.ts';
import { hardLimit, progressive, Throttle, type ThrottleRule } from '../../lib/throttle.ts';
import type { Caller } from '../../access/caller.ts';
import { recordSignIn, setOwnPreferences } from '../users/users.accounts.service.ts';
import { findUserById, findUserByLogin, type UserWithOrganisation } from './auth.repository.ts';
import { journalAuth } from './auth.journal.ts';
import { signToken } from './auth.tokens.ts';
import type { AuthenticationResponseJSON } from '@simplewebauthn/server';
import { authenticationOptions, verifyAssertion } from './passkeys.ts';
import {
  acceptCode,
  confirmTotpEnrolment,
  factorsOf,
  startTotpEnrolment,
  hasFactor,
  MFA_MESSAGES,
  mfaRequiredFor,
  readChallenge,
  signChallenge,
  spendChallenge,
  type Challenge,
  type ChallengePurpose,
} from './mfa.ts';
import { OIDC_MESSAGES } from '@wellbe/shared/schemas/oidc';
import { systemScope } from '../../access/scope.ts';
import { enforcedProvider } from './oidc.repository.ts';
import { providerButton } from './oidc.buttons.ts';
import { findDevice, openSession, rememberDevice, sessionState, touchSession } from './sessions.repository.ts';

/** An expired or forged challenge token, or one already spent: sign in again. */
const challengeInvalid = (spent = false) => unauthorized(spent ? MFA_MESSAGES.challengeUsed : MFA_MESSAGES.challengeExpired, 'mfa_challenge_invalid');

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

/**
 * Sign-in rules (ASVS 5.0 V6.3): an account is slowed down (1 s, 2 s, 4 s… up to a minute) rather
 * than locked, so nobody can lock a practitioner out; an IP and an account+IP pair have hard limits;
 * a browser the account already signed in from (the known-device cookie) only counts its own
 * failures. Unknown logins are counted like accounts, so that the answers tell nothing.
 */
export const SIGN_IN_RULES = {
  account: progressive(3, 60_000),
  ip: hardLimit(50),
  accountIp: hardLimit(10),
  device: hardLimit(10),
  /**
   * Second-factor codes, the same way: whoever knows the password must not keep the real user out.
   * The account is slowed down, never locked; the guesser's address (for that account) waits 15
   * minutes after 5 wrong codes; a browser that completed a sign-in before counts only its own.
   */
  code: progressive(3, 60_000),
  codeAccountIp: hardLimit(5),
  codeDevice: hardLimit(5),
} satisfies Record<string, ThrottleRule>;

export type SignInMethod = 'password' | 'password+totp' | 'password+recovery' | 'password+passkey' | 'passkey' | 'link' | 'register' | 'psc' | 'oidc';

/** The answer of a sign-in: the usual one, or a second factor (or its enrolment) is due. */
export type SignInResult =
  | { kind: 'signedIn'; token: string; user: SignedInUser; sessionId: string }
  | { kind: 'challenge'; code: 'mfa_required' | 'mfa_enrolment_required'; message: string; challenge: string; methods: string[] };

/** A second factor (or its enrolment) is due: SPEC §7's failure shape (answered 401) plus the challenge token. */
export function challengeAnswer(result: Extract<SignInResult, { kind: 'challenge' }>) {
  return { success: false as const, error: { code: result.code, message: result.message }, mfa_token: result.challenge, methods: result.methods };
}

export class AuthService {
  readonly throttle: Throttle;
  private dummyHash: Promise<string> | null = null;

  constructor(private readonly ctx: AppContext) {
    this.throttle = new Throttle(ctx.db, ctx.clock);
  }

  async issueToken(found: UserWithOrganisation, sessionId: string): Promise<string> {
    const { user } = found;
    return signToken(this.ctx.jwtKey, this.ctx.clock, {
      sub: user.id,
      org: user.organizationId,
      role: user.role as Role,
      tv: user.tokenVersion,
      sid: sessionId,
    });
  }

  /** Opens a server-side session and answers the SPEC §3 signed-in user with its token. */
  async startSession(found: UserWithOrganisation, client: ClientInfo, method: SignInMethod): Promise<{ token: string; user: SignedInUser; sessionId: string }> {
    const sid = await openSession(this.ctx, found.user.id, found.user.organizationId, client, method);
    await recordSignIn(this.ctx.db, found.user.id, new Date(this.ctx.clock.now()));
    const token = await this.issueToken(found, sid);
    return { token, user: toSignedInUser(found, token), sessionId: sid };
  }

  /**
   * `linking`: the password is the account's current method, asked once to link it to its
   * organisation's identity provider, so the organisation's enforcement does not refuse it.
   */
  async signIn(login: string, password: string, client: ClientInfo, options: { linking?: boolean } = {}): Promise<SignInResult> {
    const found = await findUserByLogin(this.ctx.db, login);
    const account = found ? `acct:${found.user.id}` : `acct?:${login.trim().toLowerCase()}`;
    const deviceId = found ? await findDevice(this.ctx, client, 'known', found.user.id) : null;
    const keys = deviceId ? { device: `dev:${deviceId}` } : { account, ip: `ip:${client.ip}`, accountIp: `acctip:${account}|${client.ip}` };
    await this.throttle.assertFree(Object.values(keys));

    // An unknown user costs the same hash as a known one: the answer and its timing tell nothing.
    const hashToCheck = found?.user.passwordHash ?? (await this.dummy());
    const ok = (await verifyPassword(hashToCheck, password)) && !!found?.user.passwordHash;
    const who = found ? { id: found.user.id, role: found.user.role, organizationId: found.user.organizationId } : null;
    if (!ok || !found) {
      // A known device's failures slow the account for other browsers, never for itself.
      const counted: [string, ThrottleRule][] = deviceId
        ? [[keys.device!, SIGN_IN_RULES.device], [account, SIGN_IN_RULES.account]]
        : [[keys.account!, SIGN_IN_RULES.account], [keys.ip!, SIGN_IN_RULES.ip], [keys.accountIp!, SIGN_IN_RULES.accountIp]];
      for (const [key, rule] of counted) {
        const outcome = await this.throttle.fail(key, rule, found?.user.id ?? null);
        if (outcome.lockedNow) {
          await journalAuth(this.ctx, client.actor, { action: 'auth.lock', outcome: 'denied', user: who, details: { scope: key.split(':')[0], failures: outcome.failures } });
        }
      }
      if (who) await journalAuth(this.ctx, client.actor, { action: 'auth.login', outcome: 'denied', user: who, details: { reason: 'wrong_password' } });
      throw unauthorized(ERROR_MESSAGES.loginFailed, 'login_failed');
    }
    this.assertMaySignIn(found);
    if (!options.linking) await this.assertNotEnforced(found, client, 'password');
    await this.clear(client, found, deviceId ? [keys.device!] : [keys.accountIp!, account]);

    const factors = await factorsOf(this.ctx, found.user.id);
    // A browser becomes known once it has passed every factor: the password alone must not earn
    // the second step's exemption (codeKeys), or a guesser would collect fresh browsers.
    if (!hasFactor(factors)) await rememberDevice(this.ctx, client, 'known', found.user.id);
    if (hasFactor(factors)) {
      if (await findDevice(this.ctx, client, 'remembered', found.user.id)) return this.signedIn(found, client, 'password');
      const methods = [...(factors.totp ? ['totp', 'recovery'] : []), ...(factors.passkeys > 0 ? ['passkey'] : [])];
      return { kind: 'challenge', code: 'mfa_required', message: MFA_MESSAGES.required, challenge: await signChallenge(this.ctx, found.user.id, 'mfa'), methods };
    }
    if (await mfaRequiredFor(this.ctx, found.user)) {
      return { kind: 'challenge', code: 'mfa_enrolment_required', message: MFA_MESSAGES.enrolmentRequired, challenge: await signChallenge(this.ctx, found.user.id, 'enrol'), methods: ['totp'] };
    }
    return this.signedIn(found, client, 'password');
  }

  /**
   * An organisation that enforces its identity provider refuses its users' own sign-in methods, the
   * password and the passkey alike (told only after the right one, like an inactive account),
   * pointing to the provider's button.
   */
  private async assertNotEnforced(found: UserWithOrganisation, client: ClientInfo, method: 'password' | 'passkey'): Promise<void> {
    const orgId = found.user.organizationId;
    const provider = orgId ? await enforcedProvider(this.ctx.db, systemScope(orgId)) : undefined;
    if (!provider) return;
    await journalAuth(this.ctx, client.actor, { action: 'auth.login', outcome: 'denied', user: { id: found.user.id, role: found.user.role, organizationId: orgId }, details: { reason: 'oidc_enforced', method } });
    throw new AppError(403, 'oidc_required', OIDC_MESSAGES.enforced.replace('{label}', provider.label), {}, { provider: providerButton(provider) });
  }

  /** A sign-in an identity provider vouched for (OpenID Connect): the account's state is checked, no second factor asked. */
  async signInWith(found: UserWithOrganisation, client: ClientInfo, method: 'psc' | 'oidc') {
    this.assertMaySignIn(found);
    await journalAuth(this.ctx, client.actor, { action: 'auth.login', outcome: 'success', user: { id: found.user.id, role: found.user.role, organizationId: found.user.organizationId }, details: { method } });
    await rememberDevice(this.ctx, client, 'known', found.user.id);
    return this.startSession(found, client, method);
  }

  private async signedIn(found: UserWithOrganisation, client: ClientInfo, method: SignInMethod): Promise<SignInResult> {
    await journalAuth(this.ctx, client.actor, { action: 'auth.login', outcome: 'success', user: { id: found.user.id, role: found.user.role, organizationId: found.user.organizationId }, details: { method } });
    return { kind: 'signedIn', ...(await this.startSession(found, client, method)) };
  }

  /** Clears counters after a success; a key that was slowing the account down is journalled as unlocked. */
  private async clear(client: ClientInfo, found: UserWithOrganisation, keys: string[]): Promise<void> {
    for (const key of keys) {
      if (await this.throttle.reset(key)) {
        await journalAuth(this.ctx, client.actor, { action: 'auth.unlock', outcome: 'success', user: { id: found.user.id, role: found.user.role, organizationId: found.user.organizationId }, details: { scope: key.split(':')[0], by: 'sign-in' } });
      }
    }
  }

  /** The user named by a challenge token, after the throttle of second-factor codes. */
  async challengeUser(client: ClientInfo, token: string, purpose: ChallengePurpose): Promise<UserWithOrganisation> {
    return (await this.challenge(client, token, purpose)).found;
  }

  private async challenge(client: ClientInfo, token: string, purpose: ChallengePurpose): Promise<{ found: UserWithOrganisation; challenge: Challenge }> {
    const challenge = await readChallenge(this.ctx, token, purpose);
    const found = challenge ? await findUserById(this.ctx.db, challenge.userId) : undefined;
    if (!challenge || !found) throw challengeInvalid();
    this.assertMaySignIn(found);
    await this.assertCodeFree(client, found);
    return { found, challenge };
  }

  /** Throws the French 429 while this browser or address must wait before another code. */
  async assertCodeFree(client: ClientInfo, found: UserWithOrganisation): Promise<void> {
    await this.throttle.assertFree((await this.codeKeys(client, found)).checked);
  }

  /**
   * The second step's counters, like the first factor's: a known browser (it completed a sign-in)
   * is checked on its own failures only; any other on the account's progressive wait, the
   * account+address pair and the address. Failures count on the account too, so that guessing from
   * many browsers keeps slowing down (never locking) the account.
   */
  private async codeKeys(client: ClientInfo, found: UserWithOrganisation) {
    const id = found.user.id;
    const deviceId = await findDevice(this.ctx, client, 'known', id);
    const account: [string, ThrottleRule] = [`code:${id}`, SIGN_IN_RULES.code];
    const counted: [string, ThrottleRule][] = deviceId
      ? [[`codedev:${deviceId}`, SIGN_IN_RULES.codeDevice], account]
      : [account, [`codeacctip:${id}|${client.ip}`, SIGN_IN_RULES.codeAccountIp], [`ip:${client.ip}`, SIGN_IN_RULES.ip]];
    return { checked: deviceId ? [counted[0][0]] : counted.map(([key]) => key), counted, cleared: counted.slice(0, 2).map(([key]) => key) };
  }

  /**
   * Checks a factor and spends the challenge token in one transaction: a token gives one session
   * (two parallel uses: one wins), and a refused factor spends neither the token nor anything else.
   * `check` answers null for a wrong factor; a token already spent throws the French 401.
   */
  private async once<T>(challenge: Challenge, check: (ctx: AppContext) => Promise<T | null>): Promise<T | null> {
    const refused = Symbol('refused');
    try {
      return await this.ctx.db.transaction(async (tx) => {
        if (!(await spendChallenge(tx, challenge, new Date(this.ctx.clock.now())))) throw challengeInvalid(true);
        const result = await check({ ...this.ctx, db: tx });
        if (result === null) throw refused;
        return result;
      });
    } catch (err) {
      if (err === refused) return null;
      throw err;
    }
  }

  /** Counts a wrong second-factor code (and journals it); throws the French refusal. */
  async codeRefused(client: ClientInfo, found: UserWithOrganisation, method: string): Promise<never> {
    const who = { id: found.user.id, role: found.user.role, organizationId: found.user.organizationId };
    for (const [key, rule] of (await this.codeKeys(client, found)).counted) {
      const outcome = await this.throttle.fail(key, rule, found.user.id);
      if (outcome.lockedNow) await journalAuth(this.ctx, client.actor, { action: 'auth.lock', outcome: 'denied', user: who, details: { scope: key.split(':')[0], failures: outcome.failures } });
    }
    await journalAuth(this.ctx, client.actor, { action: 'auth.mfa', outcome: 'denied', user: who, details: { method } });
    throw unauthorized(MFA_MESSAGES.badCode, 'mfa_code_invalid');
  }

  /** `action: "mfaVerify"` with a TOTP or recovery code: the usual sign-in answer. */
  async verifyCode(client: ClientInfo, challenge: string, code: string, remember: boolean) {
    const { found, challenge: spent } = await this.challenge(client, challenge, 'mfa');
    const accepted = await this.once(spent, (ctx) => acceptCode(ctx, found.user.id, code));
    if (!accepted) return this.codeRefused(client, found, 'code');
    return this.secondFactorPassed(client, found, accepted === 'totp' ? 'password+totp' : 'password+recovery', remember);
  }

  async secondFactorPassed(client: ClientInfo, found: UserWithOrganisation, method: SignInMethod, remember: boolean) {
    await this.clear(client, found, (await this.codeKeys(client, found)).cleared);
    await rememberDevice(this.ctx, client, 'known', found.user.id);
    if (remember) {
      await rememberDevice(this.ctx, client, 'remembered', found.user.id);
      await journalAuth(this.ctx, client.actor, { action: 'auth.device.remember', outcome: 'success', user: { id: found.user.id, role: found.user.role, organizationId: found.user.organizationId } });
    }
    const result = await this.signedIn(found, client, method);
    if (result.kind !== 'signedIn') throw unauthorized();
    return result;
  }

  /** Sign-in enrolment (the organisation requires a factor the user has not set up): a TOTP secret. */
  async enrolStart(client: ClientInfo, challenge: string) {
    const found = await this.challengeUser(client, challenge, 'enrol');
    const started = await startTotpEnrolment(this.ctx, found.user.id, found.user.email || found.user.username);
    if (!started) throw new AppError(409, 'mfa_already_enrolled', MFA_MESSAGES.alreadyEnrolled);
    return started;
  }

  /** Confirms the sign-in enrolment with a first code: the usual answer plus the recovery codes. */
  async enrolConfirm(client: ClientInfo, challenge: string, code: string) {
    const { found, challenge: spent } = await this.challenge(client, challenge, 'enrol');
    const recoveryCodes = await this.once(spent, (ctx) => confirmTotpEnrolment(ctx, found.user.id, code.trim()));
    if (!recoveryCodes) return this.codeRefused(client, found, 'totp-enrol');
    await journalAuth(this.ctx, client.actor, { action: 'auth.mfa.enrol', outcome: 'success', user: { id: found.user.id, role: found.user.role, organizationId: found.user.organizationId }, details: { method: 'totp', atSignIn: true } });
    return { ...(await this.secondFactorPassed(client, found, 'password+totp', false)), recoveryCodes };
  }

  /** WebAuthn options: for the second factor (with the challenge of `login`) or passwordless. */
  async passkeyOptions(client: ClientInfo, challenge: string | undefined) {
    const userId = challenge ? (await this.challengeUser(client, challenge, 'mfa')).user.id : null;
    return authenticationOptions(this.ctx, userId);
  }

  /** A passkey assertion: the second factor after the password, or a passwordless sign-in. */
  async passkeySignIn(client: ClientInfo, input: { challengeId: string; response: AuthenticationResponseJSON; mfaToken?: string; remember?: boolean }) {
    const mfa = input.mfaToken ? await this.challenge(client, input.mfaToken, 'mfa') : null;
    const expected = mfa?.found ?? null;
    await this.throttle.assertFree([`ip:${client.ip}`]);
    const userId = await verifyAssertion(this.ctx, input.challengeId, input.response);
    if (!userId || (expected && expected.user.id !== userId)) {
      if (expected) return this.codeRefused(client, expected, 'passkey');
      await this.throttle.fail(`ip:${client.ip}`, SIGN_IN_RULES.ip);
      throw unauthorized(MFA_MESSAGES.passkeyUnknown, 'passkey_invalid');
    }
    const found = expected ?? (await findUserById(this.ctx.db, userId));
    if (!found) throw unauthorized(MFA_MESSAGES.passkeyUnknown, 'passkey_invalid');
    // The assertion's own challenge is single-use already; the password's token is spent too.
    if (mfa && !(await spendChallenge(this.ctx.db, mfa.challenge, new Date(this.ctx.clock.now())))) throw challengeInvalid(true);
    this.assertMaySignIn(found);
    // A passkey signs in without the password: the organisation's enforcement refuses it the same way.
    await this.assertNotEnforced(found, client, 'passkey');
    await rememberDevice(this.ctx, client, 'known', found.user.id);
    return this.secondFactorPassed(client, found, expected ? 'password+passkey' : 'passkey', !!input.remember && !!expected);
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

  /**
   * A fresh token on the same session, for a caller whose token is still valid. The session must
   * still hold: not revoked (logout) and not past its absolute lifetime, whichever way the token came.
   */
  async renew(userId: string, sessionId: string, client: ClientInfo): Promise<{ token: string; user: SignedInUser }> {
    const found = await findUserById(this.ctx.db, userId);
    if (!found) throw unauthorized();
    this.assertMaySignIn(found);
    const state = await sessionState(this.ctx, sessionId, userId);
    if (state === 'expired') throw new AppError(401, 'session_expired', ERROR_MESSAGES.sessionExpired);
    if (state !== 'ok') throw new AppError(401, 'invalid_token', ERROR_MESSAGES.invalidToken);
    await touchSession(this.ctx, sessionId, client);
    const token = await this.issueToken(found, sessionId);
    return { token, user: toSignedInUser(found, token) };
  }

  /** SPEC §7 /api/auth/user/update: the caller's settings, shortcuts and display name, then a fresh token. */
  async updatePreferences(caller: Caller, sessionId: string, values: { settings?: Record<string, unknown>; shortcuts?: string[]; displayName?: string }, client: ClientInfo) {
    const defined = Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined));
    await setOwnPreferences(this.ctx.db, caller.id, defined);
    return this.renew(caller.id, sessionId, client);
  }

  private dummy(): Promise<string> {
    this.dummyHash ??= hashPassword('wellbe-no-such-user-' + Math.random());
    return this.dummyHash;
  }
}
