import type { ProviderRow } from './oidc.repository.ts';

/** Where the browser starts a sign-in with a provider (a plain link: the server answers with the redirect). */
export const startUrlOf = (providerId: string) => `/api/auth/oidc/${providerId}/start`;

/** A provider as the /login page shows it: its button, nothing of its configuration. */
export function providerButton(provider: Pick<ProviderRow, 'id' | 'kind' | 'label'>) {
  return { id: provider.id, kind: provider.kind, label: provider.label, startUrl: startUrlOf(provider.id) };
}
