import { lazy, Suspense, type ReactNode } from 'react';
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { CONTAINER_WIDTH } from '@wellbe/shared/constants';
import { Navbar } from './navbar.tsx';
import { Toolbar } from './toolbar.tsx';
import { useOrganisationLanguage } from '../../lib/organisation-settings.ts';
import { ConsentGate } from '../../features/policies/consent-gate.tsx';
import { AfterFirstPaint } from '../../components/after-first-paint.tsx';

const ClosedPanels = lazy(() => import('./closed-panels.tsx'));

/**
 * layout4 (vertical), SPEC §2 and §9: side navigation, toolbar, content in a 1570 px container,
 * footer, chat and quick panels. The login and guest-only pages have none of it (app/root.tsx).
 */
export function Layout({ children }: { children: ReactNode }) {
  // The policies in force are accepted before anything else (the consent screen replaces the app).
  return (
    <ConsentGate>
      <Chrome>{children}</Chrome>
    </ConsentGate>
  );
}

/** Inside the consent gate: the organisation's settings are asked only once nothing is owed. */
function Chrome({ children }: { children: ReactNode }) {
  const { t } = useTranslation('common');
  useOrganisationLanguage();
  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <Navbar />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <Toolbar />
        {/* At least the screen's height under the toolbar (64 px): the footer is always below the fold,
            so a page whose content grows or shrinks as its data arrives (a list's skeleton rows,
            then fewer rows) never moves it on screen (issue 13: desktop CLS of /patients/list). */}
        <Box component="main" id="main-content" sx={{ flex: 1, width: '100%', maxWidth: CONTAINER_WIDTH, mx: 'auto', minHeight: 'calc(100vh - 64px)', p: { xs: 2, md: 3, lg: 4 } }}>
          {children}
        </Box>
        <Box component="footer" sx={{ px: 4, py: 2, borderTop: '1px solid', borderColor: 'divider', color: 'text.secondary' }}>
          <Typography variant="body2">{t('footer', { year: new Date().getFullYear() })}</Typography>
        </Box>
      </Box>
      {/* Closed panels and the launcher: loaded and drawn after the page (components/after-first-paint.tsx). */}
      <AfterFirstPaint>
        <Suspense fallback={null}>
          <ClosedPanels />
        </Suspense>
      </AfterFirstPaint>
    </Box>
  );
}
