import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import plain from './plain-button.module.css';
import styles from './error-boundary.module.css';

/**
 * The app's last resort (app/app.tsx): a render that throws — most often a lazy chunk that no longer
 * loads, in a tab opened before a deployment replaced the built files, or on a network that dropped
 * it — shows a French message and a way to reload, instead of React unmounting the whole screen and
 * leaving it blank. Not reloaded by itself: a chunk whose request the browser cancelled as the page
 * was leaving would then have taken the user back instead of where they were going.
 */
export class ErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <Failure /> : this.props.children;
  }
}

function Failure() {
  const { t } = useTranslation('common');
  return (
    <div role="alert" className={styles.failure}>
      <p className={styles.message}>{t('errors.generic')}</p>
      <button type="button" className={`${plain.base} ${styles.reload}`} onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </button>
    </div>
  );
}
