import { useTranslation } from 'react-i18next';
import { hasPhoto } from '@wellbe/shared/constants';
import { jobBesideRole, type Role } from '@wellbe/shared/roles';
import type { SignedInUser } from '../../lib/session.ts';
import { greetingName } from '../../lib/greeting-name.ts';
import { formatDate } from '../../lib/format.ts';
import { PlainAvatar } from '../../components/plain-avatar.tsx';
import { PlainIcon } from '../../components/plain-icon.tsx';
import { BUSINESS_ICON } from '../../components/chrome-icons.ts';
import styles from './greeting-card.module.css';

/**
 * /dashboard's greeting: today's date, « Bonjour {name} », the role, the organisation and the job.
 * Plain elements and static CSS: it is the first screen's largest block, painted with the chrome
 * in the first render (issue 31).
 */
export function GreetingCard({ user, role }: { user: SignedInUser; role: Role }) {
  const { t } = useTranslation(['dashboard', 'common']);
  const name = greetingName(user);
  const job = jobBesideRole(user.job, role);
  return (
    <section className={styles.card}>
      <div className={styles.content}>
        <PlainAvatar
          src={hasPhoto(user.data.photoURL) ? user.data.photoURL : undefined}
          alt=""
          initials={(user.data.firstName?.[0] ?? user.data.displayName[0] ?? '').toUpperCase()}
          className={styles.avatar}
        />
        <div className={styles.text}>
          <p className={styles.today}>{t('dashboard:today', { date: formatDate(new Date()) })}</p>
          <h1 className={styles.greeting}>{t('dashboard:greeting', { name })}</h1>
          <div className={styles.tags}>
            <span className={`${styles.tag} ${styles.strong}`} data-testid="dashboard-role">
              {t(`common:roles.${role}`)}
            </span>
            <span className={`${styles.tag} ${styles.strong}`} data-testid="dashboard-organisation">
              <PlainIcon path={BUSINESS_ICON} />
              {user.data.organization ?? t('dashboard:platform')}
            </span>
            {job && <span className={styles.tag}>{job}</span>}
          </div>
        </div>
      </div>
    </section>
  );
}
