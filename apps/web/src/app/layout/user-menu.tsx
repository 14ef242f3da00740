import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { hasPhoto, truncateDisplayName } from '@wellbe/shared/constants';
import { jobBesideRole } from '@wellbe/shared/roles';
import { useSession } from '../../lib/session.ts';
import { PlainAvatar } from '../../components/plain-avatar.tsx';
import styles from './chrome.module.css';
import plain from '../../components/plain-button.module.css';

const UserMenuList = lazy(() => import('./user-menu-list.tsx'));

/**
 * SPEC §2 user menu: avatar (default when photoURL is empty or 'NULL'), the display name cut at 16
 * characters plus '…', the job and the role label; entries by role, or Login/Register signed out.
 */
export function UserMenu() {
  const { t } = useTranslation(['navigation', 'common']);
  const { user } = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [menuUsed, setMenuUsed] = useState(false);
  if (anchor && !menuUsed) setMenuUsed(true);
  const name = user ? truncateDisplayName(user.data.displayName) : t('navigation:guest');
  const photo = user && hasPhoto(user.data.photoURL) ? user.data.photoURL : undefined;
  const job = user ? jobBesideRole(user.job, user.role) : null;
  const initials = user ? (user.data.firstName?.[0] ?? '') + (user.data.lastName?.[0] ?? '') || user.data.displayName[0] : undefined;
  return (
    <>
      {/* A plain button (chrome.module.css), not MUI's: it is on every signed-in screen's first render (issue 31). */}
      <button type="button" className={`${plain.base} ${plain.text} ${styles.userButton}`} onClick={(e) => setAnchor(e.currentTarget)} aria-haspopup="menu" aria-label={t('navigation:userMenu')}>
        <span className={styles.userText}>
          <span className={styles.userName} data-testid="user-display-name">
            {name}
          </span>
          {user && (
            <span className={styles.userRole}>
              {job ? `${job} · ` : ''}
              {t(`common:roles.${user.role}`)}
            </span>
          )}
        </span>
        <PlainAvatar src={photo} alt={user ? user.data.displayName : ''} initials={initials?.toUpperCase() ?? ''} className={styles.userAvatar} />
      </button>
      {/* MUI's Menu (Popover, Modal, focus trap) is loaded at the first click, then kept for its closing animation. */}
      {menuUsed && (
        <Suspense fallback={null}>
          <UserMenuList anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      )}
    </>
  );
}
