import { lazy, Suspense } from 'react';
import { Box, GlobalStyles, IconButton, SwipeableDrawer, Typography, useMediaQuery, useTheme } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import ForumIcon from '@mui/icons-material/ForumOutlined';
import { useTranslation } from 'react-i18next';
import { CHAT_PANEL_SMALL_WIDTH, CHAT_PANEL_WIDTH } from '@wellbe/shared/constants';
import { can } from '@wellbe/shared/permissions';
import { layoutStore } from './layout-store.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { useSession } from '../../lib/session.ts';
import { useFirstOpen } from '../../lib/use-first-open.ts';
import { TOASTS_CLASS } from '../../lib/notify.ts';

const ChatPanelContent = lazy(() => import('../../features/chat/chat-panel-content.tsx').then((m) => ({ default: m.ChatPanelContent })));

function close() {
  layoutStore.set({ chatOpen: false });
  // SPEC §4: closing the panel clears the selected contact and chat.
  void import('../../features/chat/chat-panel-content.tsx').then((m) => m.chatPanelStore.set(m.NO_CHAT_SELECTED));
}

/**
 * While the panel is open, the bottom-right toasts leave its conversation and composer free: beside
 * the panel where the window has room for both (a toast is at most 344 px wide), above the composer
 * elsewhere. In Arabic the panel opens on the left, clear of the toasts except on a narrow screen,
 * where a toast spans the width. `body` outranks the consultation launcher's own lift (the same
 * `!important`).
 */
function toastsClearOf(width: number) {
  const stack = `body .${TOASTS_CLASS}`;
  return {
    [stack]: { bottom: '80px !important' },
    [`@media (min-width: ${width + 344 + 48}px)`]: {
      [`html[dir="ltr"] ${stack}`]: { right: `${width + 24}px !important`, bottom: '24px !important' },
      [`html[dir="rtl"] ${stack}`]: { bottom: '24px !important' },
    },
  };
}

/**
 * SPEC §2 right-hand chat panel, 360 px (320 on small screens). Closes on Escape, an outside click
 * or a swipe (SwipeableDrawer). Contacts with status and unread badge, the conversation as bubbles;
 * roles without chat (SPEC §6 `chats`) see the French empty state.
 */
export function ChatPanel() {
  const { t } = useTranslation('common');
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'));
  const { chatOpen } = layoutStore.use();
  const { role } = useSession();
  // Drawn from its first opening on (closed-panels.tsx loads it then; MUI keeps a SwipeableDrawer
  // mounted while closed: lib/use-first-open.ts). Its live events run while closed (closed-panels.tsx).
  const drawer = useFirstOpen(chatOpen);
  if (!drawer.mounted) return null;
  const width = small ? CHAT_PANEL_SMALL_WIDTH : CHAT_PANEL_WIDTH;
  return (
    <>
      {drawer.open && <GlobalStyles styles={toastsClearOf(width)} />}
      <SwipeableDrawer
        // MUI mirrors a horizontal anchor in right-to-left: the panel sits on the reading end's side.
        anchor="right"
        open={drawer.open}
        onOpen={() => layoutStore.set({ chatOpen: true })}
        onClose={close}
        disableSwipeToOpen
        slotProps={{ paper: { sx: { width, display: 'flex', flexDirection: 'column' }, role: 'dialog', 'aria-label': t('chat.title') } }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, height: 64, flexShrink: 0, borderBottom: '1px solid', borderColor: 'divider' }}>
          <Typography variant="h2" sx={{ fontSize: '1.1rem', flex: 1 }}>
            {t('chat.title')}
          </Typography>
          <IconButton aria-label={t('actions.close')} onClick={close}>
            <CloseIcon />
          </IconButton>
        </Box>
        {chatOpen && can(role, 'chats') ? (
          <Suspense fallback={null}>
            <ChatPanelContent onNavigate={close} />
          </Suspense>
        ) : (
          <EmptyState icon={<ForumIcon fontSize="large" />} title={t('chat.emptyTitle')} text={t('chat.emptyText')} />
        )}
      </SwipeableDrawer>
    </>
  );
}
