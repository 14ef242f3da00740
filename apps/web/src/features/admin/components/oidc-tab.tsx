import { Box, Skeleton } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { can } from '@wellbe/shared/permissions';
import { PSC_LABEL, PSC_PRESET } from '@wellbe/shared/schemas/oidc';
import { useSession } from '../../../lib/session.ts';
import { useOidcProviders } from '../api/oidc-providers.ts';
import { OidcProviderForm } from './oidc-provider-form.tsx';

/**
 * /admin 'Fournisseurs d’identité': Pro Santé Connect for the whole platform (SA, DE), and the
 * caller's organisation's own provider (PA; SA and DE for their organisation). Loaded with the tab.
 */
export default function OidcTab() {
  const { t } = useTranslation('oidc');
  const { role, user } = useSession();
  const providers = useOidcProviders();
  if (!providers.data) return <Skeleton variant="rounded" height={320} sx={{ m: 2 }} />;
  const rows = providers.data.data;
  const platform = rows.find((p) => p.organizationId === null);
  const own = rows.find((p) => p.organizationId !== null && p.organizationId === user?.idOrganization);
  return (
    <Box sx={{ p: 2, display: 'grid', gap: 4 }}>
      {can(role, 'organisationWrite') && (
        <OidcProviderForm scope="platform" title={t('admin.platformTitle')} help={t('admin.platformHelp')} current={platform} preset={{ label: PSC_LABEL, ...PSC_PRESET }} />
      )}
      <OidcProviderForm scope="organisation" title={t('admin.organisationTitle')} help={t('admin.organisationHelp')} current={own} />
    </Box>
  );
}
