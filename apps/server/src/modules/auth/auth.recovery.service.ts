import { acceptAtRegistration } from '../policies/policies.service.ts';
import { confirmAddress, registerAccount, setPasswordFromLink } from '../users/users.accounts.service.ts';
import { findUserById, loginTaken } from './auth.repository.ts';
import type { AppContext } from '../../context.ts';
import { ERROR_MESSAGES } from '@wellbe/shared/errors';
import { AppError, badRequest, conflict, unauthorized } from '../../lib/errors.ts';
import { assertNotCommonPassword, hashPassword } from '../../lib/passwords.ts';
import type { ClientInfo } from '../../lib/request.ts';
import { hardLimit, MINUTE } from '../../lib/throttle.ts';
import { checkLinkToken, consumeLinkToken, createLinkToken, type LinkKind } from './auth.links.ts';
import { findLinkUserByEmail, findLinkUserById, type LinkUser } from './auth.recovery.repository.ts';
import type { AuthService, SignedInUser } from './auth.service.ts';

/** Why a link is refused, in French. Unknown and revoked links read the same. */
export const LINK_MESSAGES = {
  unknown: 'Ce lien n’est pas valide. Demandez-en un nouveau.',
  revoked: 'Ce lien n’est pas valide. Demandez-en un nouveau.',
  expired: 'Ce lien a expiré. Demandez-en un nouveau.',
  used: 'Ce lien a déjà été utilisé.',
} as const;

/** Reset requests: 10 per IP in 15 minutes (then 429), 3 mails an hour per address. */
const RESET_MAILS_PER_HOUR = 3;
const RESET_RULES = { ip: hardLimit(10), email: hardLimit(RESET_MAILS_PER_HOUR + 1, 60 * MINUTE) };
/** Self-registration: 10 an hour per IP, 3 an hour per address (each mails the address). */
const REGISTER_RULES = { ip: hardLimit(10, 60 * MINUTE), email: hardLimit(3, 60 * MINUTE) };
/** Every forgot-password answer takes this long, whether or not the address has an account. */
export const RESET_FLOOR_MS = 250;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Where a mail that could not leave is reported (the request's logger, or a job's). */
export interface ErrorLog {
  error(obj: unknown, msg: string): void;
}

function refused(reason: keyof typeof LINK_MESSAGES): AppError {
  return badRequest(LINK_MESSAGES[reason], `link_${reason}`);
}

function greeting(user: LinkUser): string {
  const name = user.displayName || `${user.firstName} ${user.lastName}`.trim() || user.username;
  return `Bonjour ${name},`;
}

/**
 * Forgotten password, invitation completion, self-registration and email confirmation. Each link
 * is single-use (auth.links.ts): reset valid 30 minutes, the others 7 days.
 */
export class RecoveryService {
  constructor(
    private readonly ctx: AppContext,
    private readonly auth: AuthService,
  ) {}

  /**
   * Sends a reset link when the email belongs to an active account. The answer never tells whether
   * it does, nor does its timing: the work runs behind a constant floor, and a mail that
   * takes longer (a slow SMTP server) finishes after the answer.
   */
  async requestReset(email: string, ip: string, log: ErrorLog): Promise<void> {
    // Mail requests per IP: enough for a person, not for flooding mailboxes (answered with 429, it
    // tells nothing about accounts). Per address: past 3 an hour, silently no more mail.
    await this.auth.throttle.assertFree([`reset-ip:${ip}`]);
    await this.auth.throttle.fail(`reset-ip:${ip}`, RESET_RULES.ip);
    // Real time on purpose (not the app clock): this is about what a caller can measure.
    const started = performance.now();
    const work = this.sendReset(email, log).catch((error) => log.error({ err: error }, 'Demande de réinitialisation impossible'));
    await Promise.race([work, sleep(RESET_FLOOR_MS)]);
    const left = RESET_FLOOR_MS - (performance.now() - started);
    if (left > 0) await sleep(left);
  }

  private async sendReset(email: string, log: ErrorLog): Promise<void> {
    // Counted atomically before anything else: two requests in flight cannot both pass the limit.
    const { failures } = await this.auth.throttle.fail(`reset-email:${email.trim().toLowerCase()}`, RESET_RULES.email);
    const user = await findLinkUserByEmail(this.ctx.db, email);
    if (failures > RESET_MAILS_PER_HOUR || !user || !user.active) return;
    const link = await createLinkToken(this.ctx, user.id, 'reset');
    try {
      await this.ctx.mailer.send({
        to: user.email,
        subject: 'WellBe : réinitialisation de votre mot de passe',
        text: [
          greeting(user),
          '',
          'Vous avez demandé à changer votre mot de passe WellBe. Ouvrez ce lien pour en choisir un nouveau :',
          link.url,
          '',
          'Ce lien est valable 30 minutes et ne peut servir qu’une fois.',
          'Si vous n’êtes pas à l’origine de cette demande, ignorez ce message : votre mot de passe reste inchangé.',
          '',
          'L’équipe WellBe',
        ].join('\n'),
      });
    } catch (error) {
      // Same answer either way; the operator sees why the mail did not leave.
      log.error({ err: error }, 'Envoi du mail de réinitialisation impossible');
    }
  }

  async checkReset(token: string): Promise<void> {
    await this.check('reset', token);
  }

  async resetPassword(token: string, password: string): Promise<void> {
    await assertNotCommonPassword(password);
    const passwordHash = await hashPassword(password);
    const at = new Date(this.ctx.clock.now());
    const result = await consumeLinkToken(this.ctx, 'reset', token, (tx, userId) => setPasswordFromLink(tx, userId, passwordHash, at));
    if (!result.ok) throw refused(result.reason);
  }

  /** What the invitation page shows before the password is chosen. */
  async checkInvitation(userId: string, token: string): Promise<LinkUser> {
    await this.check('invitation', token, userId);
    const user = await findLinkUserById(this.ctx.db, userId);
    if (!user) throw refused('unknown');
    return user;
  }

  /** Sets the invited user's password (they have none yet) and signs them in. */
  async completeInvitation(userId: string, token: string, password: string, client: ClientInfo): Promise<{ token: string; user: SignedInUser }> {
    const found = await findLinkUserById(this.ctx.db, userId);
    if (!found) throw refused('unknown');
    if (!found.active) throw new AppError(403, 'account_inactive', ERROR_MESSAGES.accountInactive);
    await assertNotCommonPassword(password, [found.username, found.email, found.firstName, found.lastName]);
    const passwordHash = await hashPassword(password);
    const at = new Date(this.ctx.clock.now());
    const result = await consumeLinkToken(this.ctx, 'invitation', token, (tx, id) => setPasswordFromLink(tx, id, passwordHash, at), userId);
    if (!result.ok) throw refused(result.reason);
    const user = await findUserById(this.ctx.db, userId);
    if (!user) throw refused('unknown');
    return this.auth.startSession(user, client, 'link');
  }

  /**
   * Self-registration (SPEC §7 POST /api/auth/register): a US account with an address to confirm,
   * signed in at once. It answers whether an address is taken (SPEC §7), so it is rate-limited per
   * IP and per address: it cannot enumerate accounts or mail strangers at scale.
   */
  async register(input: { username: string; email: string; displayName: string; password: string }, client: ClientInfo, log: ErrorLog): Promise<{ token: string; user: SignedInUser }> {
    const { username, email, displayName, password } = input;
    const throttle = this.auth.throttle;
    await throttle.assertFree([`register-ip:${client.ip}`, `register-email:${email.toLowerCase()}`]);
    await throttle.fail(`register-ip:${client.ip}`, REGISTER_RULES.ip);
    await throttle.fail(`register-email:${email.toLowerCase()}`, REGISTER_RULES.email);
    const taken = await loginTaken(this.ctx.db, username, email);
    if (taken.email) throw conflict(ERROR_MESSAGES.emailTaken, 'email_taken');
    if (taken.username) throw conflict(ERROR_MESSAGES.usernameTaken, 'username_taken');
    await assertNotCommonPassword(password, [username, email, displayName]);
    const id = await registerAccount(this.ctx.db, { username, email, displayName, passwordHash: await hashPassword(password) });
    // The form's checkbox accepted the CGU and privacy policy in force; recorded with the IP.
    await acceptAtRegistration(this.ctx, { id, organizationId: null }, client.ip);
    // The new address is confirmed through a single-use link (/mail-confirm?token=).
    await this.sendEmailConfirmation(id, log);
    const found = await findUserById(this.ctx.db, id);
    if (!found) throw unauthorized();
    return this.auth.startSession(found, client, 'register');
  }

  async confirmEmail(token: string): Promise<void> {
    const at = new Date(this.ctx.clock.now());
    const result = await consumeLinkToken(this.ctx, 'email-confirm', token, (tx, userId) => confirmAddress(tx, userId, at));
    if (!result.ok) throw refused(result.reason);
  }

  /** Self-registration (POST /api/auth/register) sends the confirmation link of /mail-confirm. */
  async sendEmailConfirmation(userId: string, log: ErrorLog): Promise<void> {
    const user = await findLinkUserById(this.ctx.db, userId);
    if (!user) return;
    const link = await createLinkToken(this.ctx, user.id, 'email-confirm');
    try {
      await this.ctx.mailer.send({
        to: user.email,
        subject: 'WellBe : confirmez votre adresse email',
        text: [
          greeting(user),
          '',
          'Bienvenue sur WellBe ! Pour confirmer votre adresse email, ouvrez ce lien :',
          link.url,
          '',
          'Ce lien est valable 7 jours et ne peut servir qu’une fois.',
          '',
          'L’équipe WellBe',
        ].join('\n'),
      });
    } catch (error) {
      // The account exists already; the user can ask for a new link by resetting the password.
      log.error({ err: error }, 'Envoi du mail de confirmation impossible');
    }
  }

  private async check(kind: LinkKind, token: string, userId?: string): Promise<void> {
    const result = await checkLinkToken(this.ctx, kind, token, userId);
    if (!result.ok) throw refused(result.reason);
  }
}
