import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Caller } from '../../access/caller.ts';
import type { AppContext } from '../../context.ts';
import { AppError, badRequest, notFound, unauthorized } from '../../lib/errors.ts';
import type { ClientInfo } from '../../lib/request.ts';
import { findUserById } from './auth.repository.ts';
import { journalAuth } from './auth.journal.ts';
import type { AuthService } from './auth.service.ts';
import { acceptCode, confirmTotpEnrolment, factorsOf, MFA_MESSAGES, mfaRequiredFor, newRecoveryCodes, remainingRecoveryCodes, removeTotp, startTotpEnrolment } from './mfa.ts';
import { deletePasskey, listPasskeys, registerPasskey, registrationOptions } from './passkeys.ts';

const MFA_ROUTE_MESSAGES = {
  lastFactor: 'Votre organisation exige une double authentification : gardez au moins une méthode.',
  passkeyRefused: 'La clé d’accès n’a pas pu être enregistrée. Réessayez.',
} as const;

// The second factor in /profile: TOTP enrolment (QR code drawn by the server, manual key, first
// code), recovery codes, passkeys. Every change is journalled; a sensitive one needs a fresh code,
// throttled like the sign-in ones (AuthService).
export class MfaService {
  constructor(
    private readonly ctx: AppContext,
    private readonly auth: AuthService,
  ) {}

  private async me(caller: Caller) {
    const found = await findUserById(this.ctx.db, caller.id);
    if (!found) throw unauthorized();
    return found;
  }

  /** A sensitive change needs a fresh code (or recovery code), throttled like the sign-in ones. */
  private async requireCode(caller: Caller, code: string, client: ClientInfo) {
    const found = await this.me(caller);
    await this.auth.assertCodeFree(client, found);
    if (!(await acceptCode(this.ctx, found.user.id, code))) return this.auth.codeRefused(client, found, 'code');
    return found;
  }

  /** Removing the last factor is refused when the organisation requires one. */
  private async assertNotLast(caller: Caller, removing: 'totp' | 'passkey') {
    const factors = await factorsOf(this.ctx, caller.id);
    const left = (removing === 'totp' ? 0 : Number(factors.totp)) + factors.passkeys - (removing === 'passkey' ? 1 : 0);
    if (left <= 0 && (await mfaRequiredFor(this.ctx, caller))) throw new AppError(409, 'mfa_required_by_organisation', MFA_ROUTE_MESSAGES.lastFactor);
  }

  async status(caller: Caller) {
    const [factors, recoveryCodesLeft, passkeys, required] = await Promise.all([
      factorsOf(this.ctx, caller.id),
      remainingRecoveryCodes(this.ctx, caller.id),
      listPasskeys(this.ctx, caller.id),
      mfaRequiredFor(this.ctx, caller),
    ]);
    return {
      totp: factors.totp,
      recoveryCodesLeft,
      required,
      passkeys: passkeys.map((p) => ({ id: p.id, name: p.name, createdAt: p.createdAt.toISOString(), lastUsedAt: p.lastUsedAt?.toISOString() ?? null })),
    };
  }

  async startTotp(caller: Caller) {
    const found = await this.me(caller);
    const started = await startTotpEnrolment(this.ctx, found.user.id, found.user.email || found.user.username);
    if (!started) throw new AppError(409, 'mfa_already_enrolled', MFA_MESSAGES.alreadyEnrolled);
    return { secret: started.secret, qrCode: started.qrCode };
  }

  /** Confirms TOTP with a first code; answers the recovery codes (shown once). */
  async confirmTotp(caller: Caller, code: string, client: ClientInfo) {
    const found = await this.me(caller);
    await this.auth.assertCodeFree(client, found);
    const recoveryCodes = await confirmTotpEnrolment(this.ctx, found.user.id, code);
    if (!recoveryCodes) return this.auth.codeRefused(client, found, 'totp-enrol');
    await journalAuth(this.ctx, client.actor, { action: 'auth.mfa.enrol', outcome: 'success', user: caller, details: { method: 'totp' } });
    return recoveryCodes;
  }

  async disableTotp(caller: Caller, code: string, client: ClientInfo): Promise<void> {
    await this.assertNotLast(caller, 'totp');
    const found = await this.requireCode(caller, code, client);
    await removeTotp(this.ctx, found.user.id);
    await journalAuth(this.ctx, client.actor, { action: 'auth.mfa.remove', outcome: 'success', user: caller, details: { method: 'totp' } });
  }

  async renewRecoveryCodes(caller: Caller, code: string, client: ClientInfo) {
    const found = await this.requireCode(caller, code, client);
    const recoveryCodes = await newRecoveryCodes(this.ctx, found.user.id);
    await journalAuth(this.ctx, client.actor, { action: 'auth.mfa.recoveryCodes', outcome: 'success', user: caller });
    return recoveryCodes;
  }

  async passkeyRegistrationOptions(caller: Caller) {
    const { user } = await this.me(caller);
    return registrationOptions(this.ctx, { id: user.id, username: user.username, displayName: user.displayName || `${user.firstName} ${user.lastName}`.trim() });
  }

  async addPasskey(caller: Caller, input: { name: string; challengeId: string; response: RegistrationResponseJSON }): Promise<string> {
    const row = await registerPasskey(this.ctx, caller.id, input.challengeId, input.name, input.response);
    if (!row) throw badRequest(MFA_ROUTE_MESSAGES.passkeyRefused, 'passkey_invalid');
    await journalAuth(this.ctx, caller, { action: 'auth.mfa.enrol', outcome: 'success', user: caller, details: { method: 'passkey', name: input.name } });
    return row.id;
  }

  async removePasskey(caller: Caller, id: string): Promise<void> {
    await this.assertNotLast(caller, 'passkey');
    if (!(await deletePasskey(this.ctx, caller.id, id))) throw notFound(MFA_MESSAGES.passkeyNotFound);
    await journalAuth(this.ctx, caller, { action: 'auth.mfa.remove', outcome: 'success', user: caller, details: { method: 'passkey' } });
  }
}
