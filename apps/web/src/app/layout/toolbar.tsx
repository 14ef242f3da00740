import { AppBar, Badge, Box, IconButton, Toolbar as MuiToolbar, useMediaQuery, useTheme } from '@mui/material';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import ChatIcon from '@mui/icons-material/ChatBubbleOutlineOutlined';
import BookmarksIcon from '@mui/icons-material/BookmarksOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import { useTranslation } from 'react-i18next';
import { Hint } from '../../components/hint.tsx';
import { useSession } from '../../lib/session.ts';
import { DemoBadge } from '../../components/demo-badge.tsx';
import { LanguageSwitcher } from '../../components/language-switcher.tsx';
import { layoutStore } from './layout-store.ts';
import { UserMenu } from './user-menu.tsx';
import { can } from '@wellbe/shared/permissions';
import { useUnread } from '../../features/chat/api/unread.ts';

/** SPEC §2 toolbar: fold button, language switcher, panels, user menu. */
export function Toolbar() {
  const { t } = useTranslation('common');
  const theme = useTheme();
  const mobile = useMediaQuery(theme.breakpoints.down('lg'));
  const { folded } = layoutStore.use();
  const { role } = useSession();
  const unread = useUnread(can(role, 'chats')).data?.unread ?? 0;
  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: '1px solid', borderColor: 'divider', bgcolor: 'background.paper' }}>
      <MuiToolbar sx={{ gap: { xs: 0.25, sm: 1 }, minHeight: 64, px: { xs: 1, sm: 2 } }}>
        <Hint title={t('toolbar.toggleNavbar')}>
          <IconButton
            edge="start"
            aria-label={t('toolbar.toggleNavbar')}
            onClick={() => (mobile ? layoutStore.set({ mobileOpen: true }) : layoutStore.set((s) => ({ folded: !s.folded, foldedOpen: false })))}
          >
            {/* The "fold" arrow points toward the navbar, on the left or (right-to-left) on the right. */}
            {!mobile && !folded ? <MenuOpenIcon sx={{ transform: theme.direction === 'rtl' ? 'scaleX(-1)' : undefined }} /> : <MenuIcon />}
          </IconButton>
        </Hint>
        <DemoBadge />
        <Box sx={{ flex: 1 }} />
        <LanguageSwitcher />
        {role && (
          <>
            <Hint title={t('toolbar.settings')}>
              <IconButton sx={{ display: { xs: 'none', sm: 'inline-flex' } }} aria-label={t('toolbar.settings')} onClick={() => layoutStore.set({ settingsOpen: true })}>
                <SettingsIcon />
              </IconButton>
            </Hint>
            <Hint title={t('toolbar.quickPanel')}>
              <IconButton sx={{ display: { xs: 'none', sm: 'inline-flex' } }} aria-label={t('toolbar.quickPanel')} onClick={() => layoutStore.set({ quickPanelOpen: true })}>
                <BookmarksIcon />
              </IconButton>
            </Hint>
            <Hint title={t('toolbar.chat')}>
              <IconButton aria-label={unread ? `${t('toolbar.chat')} (${unread})` : t('toolbar.chat')} onClick={() => layoutStore.set({ chatOpen: true })}>
                <Badge color="error" badgeContent={unread} max={99} data-testid="chat-unread-badge">
                  <ChatIcon />
                </Badge>
              </IconButton>
            </Hint>
          </>
        )}
        <UserMenu />
      </MuiToolbar>
    </AppBar>
  );
}
