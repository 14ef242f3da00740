import { Alert, Box, Paper, Skeleton, Tab, Tabs } from '@mui/material';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { can } from '@wellbe/shared/permissions';
import { PageHeader } from '../../components/page-header.tsx';
import { useSession } from '../../lib/session.ts';
import { JobsTab } from './components/jobs-tab.tsx';
import { JournalTab } from './components/journal-tab.tsx';
import { SettingsTab } from './components/settings-tab.tsx';
import { AccessFlagsTab } from './components/access-flags-tab.tsx';
import { RecordsVerification } from './components/records-verification.tsx';

// Sign-in by identity provider: its own chunk and texts, loaded when the tab is opened.
const OidcTab = lazy(() => import('./components/oidc-tab.tsx'));

/**
 * /admin, WellBe settings (wellbe group, SPEC §6): 'Journal d'accès' for SA and DE (every
 * organisation) and PA (their own), refused to the other roles; 'Paramètres' of the organisation;
 * 'Tâches en échec' (failed background jobs) for DE.
 */
export function AdminPage() {
  const { t } = useTranslation('admin');
  const { t: tr } = useTranslation('records');
  const { role } = useSession();
  const [search, setSearch] = useSearchParams();
  // 'Tâches en échec' is for DE only (the 'developer' group), like its API.
  const developer = can(role, 'developer');
  const asked = search.get('tab');
  const journal = can(role, 'journal');
  const tab = asked === 'settings' || (asked === 'jobs' && developer) || ((asked === 'flags' || asked === 'oidc') && journal) ? asked : 'journal';
  return (
    <Box>
      <PageHeader title={t('title')} subtitle={t('subtitle')} />
      {can(role, 'organisation') && <RecordsVerification />}
      <Paper variant="outlined">
        <Tabs value={tab} onChange={(_, v: string) => setSearch(v === 'journal' ? {} : { tab: v }, { replace: true })} sx={{ px: 2, borderBottom: 1, borderColor: 'divider' }}>
          <Tab value="journal" label={t('tabs.journal')} />
          <Tab value="settings" label={t('tabs.settings')} />
          {journal && <Tab value="flags" label={tr('flags.tab')} />}
          {journal && <Tab value="oidc" label={t('tabs.oidc')} />}
          {developer && <Tab value="jobs" label={t('tabs.jobs')} />}
        </Tabs>
        {tab === 'oidc' ? (
          <Suspense fallback={<Skeleton variant="rounded" height={320} sx={{ m: 2 }} />}>
            <OidcTab />
          </Suspense>
        ) : tab === 'flags' ? (
          <AccessFlagsTab />
        ) : tab === 'jobs' ? (
          <JobsTab />
        ) : tab === 'settings' ? (
          <SettingsTab />
        ) : journal ? (
          <JournalTab />
        ) : (
          <Alert severity="info" sx={{ m: 2 }}>
            {t('journal.reserved')}
          </Alert>
        )}
      </Paper>
    </Box>
  );
}
