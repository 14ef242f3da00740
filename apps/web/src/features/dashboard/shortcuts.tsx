import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NavIcon } from '../../components/nav-icon.tsx';
import styles from './dashboard.module.css';

export type Shortcut = { id: string; url: string; icon: string; label: string };

/**
 * « Vos accès »: a card per screen the role may open, in static CSS (issue 31), drawn exactly as
 * MUI's Grid, Card, CardActionArea and Typography drew it (screenshots compared, phone and desktop,
 * French and Arabic), without their dozens of components and emotion styles per card: they were a
 * third of the dashboard's largest commit on a phone.
 */
export function Shortcuts({ links }: { links: Shortcut[] }) {
  const { t } = useTranslation(['dashboard', 'navigation']);
  return (
    <>
      <h2 className={styles.sectionTitle}>{t('dashboard:shortcuts')}</h2>
      <ul className={`${styles.cardGrid} ${styles.shortcutGrid}`} aria-label={t('dashboard:shortcuts')}>
        {links.map((item) => (
          <li key={item.id} className={styles.card}>
            <Link to={item.url} className={styles.cardLink}>
              <span className={styles.shortcutIcon}>
                <NavIcon name={item.icon} fontSize="medium" />
              </span>
              <span>
                <span className={styles.shortcutLabel}>{t(item.label)}</span>
                <span className={styles.shortcutDescription}>{t(`dashboard:descriptions.${item.id}`)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
