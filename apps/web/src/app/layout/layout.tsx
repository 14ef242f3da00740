import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navbar } from './navbar.tsx';
import { Toolbar } from './toolbar.tsx';
import { useOrganisationLanguage } from '../../lib/organisation-settings.ts';
import { ConsentGate } from '../../features/policies/consent-gate.tsx';
import { CONTAINER_WIDTH } from '@wellbe/shared/constants';
import { AfterFirstPaint } from '../../components/after-first-paint.tsx';
import styles from './chrome.module.css';

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
  // Plain elements and static CSS (chrome.module.css): the frame is on every signed-in screen's first
  // render, and emotion made its styles there (issue 31).
  return (
    <div className={styles.frame}>
      <Navbar />
      <div className={styles.column}>
        <Toolbar />
        <main id="main-content" className={styles.main} style={{ maxWidth: CONTAINER_WIDTH }}>
          {children}
        </main>
        <footer className={styles.footer}>
          <p>{t('footer', { year: new Date().getFullYear() })}</p>
        </footer>
      </div>
      {/* Closed panels and the launcher: loaded and drawn after the page (components/after-first-paint.tsx). */}
      <AfterFirstPaint>
        <Suspense fallback={null}>
          <ClosedPanels />
        </Suspense>
      </AfterFirstPaint>
    </div>
  );
}
