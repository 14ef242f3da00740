import { useMediaQuery } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Hint } from '../../components/hint.tsx';
import { PlainIcon } from '../../components/plain-icon.tsx';
import { BOOKMARKS_ICON, CHAT_ICON, MENU_ICON, MENU_OPEN_ICON, SETTINGS_ICON } from '../../components/chrome-icons.ts';
import { useSession } from '../../lib/session.ts';
import { DemoBadge } from '../../components/demo-badge.tsx';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { layoutStore } from './layout-store.ts';
import { UserMenu } from './user-menu.tsx';
import { can } from '@wellbe/shared/permissions';
import { useUnread } from '../../features/chat/api/unread.ts';
import styles from './chrome.module.css';
import plain from '../../components/plain-button.module.css';

const ICON_BUTTON = `${plain.base} ${styles.iconButton}`;

/** Below MUI's lg breakpoint the navigation is a drawer the menu button opens. */
export const MOBILE_QUERY = '(max-width:1199.95px)';

/**
 * SPEC §2 toolbar: fold button, language switcher, panels, user menu. Plain elements and static CSS
 * (chrome.module.css), not MUI's AppBar and IconButtons: it is on every signed-in screen's first
 * render (issue 31).
 */
export function Toolbar() {
  const { t } = useTranslation('common');
  const mobile = useMediaQuery(MOBILE_QUERY);
  const { folded } = layoutStore.use();
  const { role } = useSession();
  const unread = useUnread(can(role, 'chats')).data?.unread ?? 0;
  return (
    <header className={styles.appBar}>
      <div className={styles.bar}>
        <Hint title={t('toolbar.toggleNavbar')}>
          <button
            type="button"
            className={`${ICON_BUTTON} ${styles.edgeStart}`}
            aria-label={t('toolbar.toggleNavbar')}
            onClick={() => (mobile ? layoutStore.set({ mobileOpen: true }) : layoutStore.set((s) => ({ folded: !s.folded, foldedOpen: false })))}
          >
            {!mobile && !folded ? <PlainIcon path={MENU_OPEN_ICON} className={styles.flip} /> : <PlainIcon path={MENU_ICON} />}
          </button>
        </Hint>
        <DemoBadge />
        <div className={styles.spacer} />
        <LanguageSwitcher />
        {role && (
          <>
            <Hint title={t('toolbar.settings')}>
              <button type="button" className={`${ICON_BUTTON} ${styles.wide}`} aria-label={t('toolbar.settings')} onClick={() => layoutStore.set({ settingsOpen: true })}>
                <PlainIcon path={SETTINGS_ICON} />
              </button>
            </Hint>
            <Hint title={t('toolbar.quickPanel')}>
              <button type="button" className={`${ICON_BUTTON} ${styles.wide}`} aria-label={t('toolbar.quickPanel')} onClick={() => layoutStore.set({ quickPanelOpen: true })}>
                <PlainIcon path={BOOKMARKS_ICON} />
              </button>
            </Hint>
            <Hint title={t('toolbar.chat')}>
              <button type="button" className={ICON_BUTTON} aria-label={unread ? `${t('toolbar.chat')} (${unread})` : t('toolbar.chat')} onClick={() => layoutStore.set({ chatOpen: true })}>
                <span className={styles.badged} data-testid="chat-unread-badge">
                  <PlainIcon path={CHAT_ICON} />
                  {unread > 0 && <span className={styles.badge}>{unread > 99 ? '99+' : unread}</span>}
                </span>
              </button>
            </Hint>
          </>
        )}
        <UserMenu />
      </div>
    </header>
  );
}
