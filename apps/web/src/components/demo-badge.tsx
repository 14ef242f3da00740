import { useTranslation } from 'react-i18next';
import { useMeta } from '../lib/meta.ts';
import { PlainIcon } from './plain-icon.tsx';
import styles from './demo-badge.module.css';

/**
 * DESIGN §5: a visible 'Mode démo' badge when the server runs with demo data. A plain span drawn
 * like a small chip: it is on the first load of /login, which has no MUI (issue 13).
 */
export function DemoBadge() {
  const { t } = useTranslation('common');
  if (!useMeta()?.demo) return null;
  return (
    <span className={styles.badge}>
      <PlainIcon name="science" />
      {t('demoMode')}
    </span>
  );
}
