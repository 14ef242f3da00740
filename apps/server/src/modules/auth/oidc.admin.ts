import { OIDC_MESSAGES, type OidcProviderInput } from '@wellbe/shared/schemas/oidc';
import { actingScope, callerScope, type Caller } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { recordAudit } from '../../lib/audit.ts';
import { badRequest } from '../../lib/errors.ts';
import { sealSecret } from '../../lib/secret.ts';
import { listProviders, platformProviders, saveProvider, type ProviderRow } from './oidc.repository.ts';
import { providerButton } from './oidc.buttons.ts';
import { SECRET_PURPOSE } from './oidc.service.ts';

// /admin: the platform's provider (Pro Santé Connect, SA and DE) and each organisation's own
// (its PA, or SA and DE naming it). The secret is sealed at rest and never answered back.

const NOT_FOUND = 'Organisation introuvable.';

export class OidcAdmin {
  constructor(private readonly ctx: AppContext) {}

  private view(row: ProviderRow) {
    const base = this.ctx.config.publicUrl;
    const { clientSecretSealed, createdAt: _c, updatedAt: _u, ...rest } = row;
    return {
      ...rest,
      hasSecret: clientSecretSealed !== '',
      redirectUri: `${base}/api/auth/oidc/callback`,
      backchannelLogoutUri: `${base}/api/auth/oidc/${row.id}/backchannel-logout`,
    };
  }

  /** The /login buttons: a guest sees the platform's; a signed-in user also their organisation's. */
  async buttons(caller: Caller | null) {
    const rows = caller ? (await listProviders(this.ctx.db, callerScope(caller))).filter((p) => p.active) : await platformProviders(this.ctx.db);
    return rows.map(providerButton);
  }

  /** The providers the caller administers or signs in with: their organisation's and the platform's. */
  async list(caller: Caller) {
    return (await listProviders(this.ctx.db, callerScope(caller))).map((row) => this.view(row));
  }

  /** Pro Santé Connect for the whole platform (SA, DE: the route's access group). */
  savePlatform(caller: Caller, input: OidcProviderInput) {
    return this.save(caller, null, 'psc', input);
  }

  /** An organisation's own provider: the caller's organisation, or the one SA and DE name. */
  saveOrganisation(caller: Caller, organizationId: string | undefined, input: OidcProviderInput) {
    return this.save(caller, actingScope(caller, organizationId, NOT_FOUND), 'generic', input);
  }

  private async save(caller: Caller, scope: ReturnType<typeof actingScope> | null, kind: 'psc' | 'generic', input: OidcProviderInput) {
    const { clientSecret, ...values } = input;
    const existing = (await listProviders(this.ctx.db, callerScope(caller))).find((p) => (scope ? p.organizationId === scope.organizationId : p.organizationId === null));
    if (!clientSecret && !existing?.clientSecretSealed) throw badRequest(OIDC_MESSAGES.secret_required, 'oidc_secret_required');
    // Enforcement is an organisation's choice: the platform's provider is offered, never imposed.
    const row = await saveProvider(
      this.ctx.db,
      scope,
      { ...values, kind, enforced: scope ? values.enforced : false, ...(clientSecret ? { clientSecretSealed: sealSecret(this.ctx.jwtKey, SECRET_PURPOSE, clientSecret) } : {}) },
      new Date(this.ctx.clock.now()),
    );
    const changed = Object.keys(values).filter((k) => !existing || existing[k as keyof ProviderRow] !== values[k as keyof typeof values]);
    await recordAudit(this.ctx, caller, {
      action: existing ? 'oidc.provider.update' : 'oidc.provider.create',
      outcome: 'success',
      recordType: 'oidc_provider',
      recordId: row.id,
      details: { kind, organizationId: row.organizationId, changed: clientSecret ? [...changed, 'clientSecret'] : changed },
    });
    return this.view(row);
  }
}
