import { lazy, Suspense } from 'react';
import { Box, IconButton, SwipeableDrawer, Typography, useMediaQuery, useTheme } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import ForumIcon from '@mui/icons-material/ForumOutlined';
import { useTranslation } from 'react-i18next';
import { CHAT_PANEL_SMALL_WIDTH, CHAT_PANEL_WIDTH } from '@wellbe/shared/constants';
import { can } from '@wellbe/shared/permissions';
import { layoutStore } from './layout-store.ts';
import { EmptyState } from '../../components/empty-state.tsx';
import { useSession } from '../../lib/session.ts';
import { useChatLive } from '../../features/chat/chat-live.ts';
import { useFirstOpen } from '../../lib/use-first-open.ts';

const ChatPanelContent = lazy(() => import('../../features/chat/chat-panel-content.tsx').then((m) => ({ default: m.ChatPanelContent })));

function close() {
  layoutStore.set({ chatOpen: false });
  // SPEC §4: closing the panel clears the selected contact and chat.
  void import('../../features/chat/chat-panel-content.tsx').then((m) => m.chatPanelStore.set(m.NO_CHAT_SELECTED));
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
  useChatLive({ panelOpen: () => layoutStore.get().chatOpen });
  // Drawn from its first opening on (MUI keeps a SwipeableDrawer mounted while closed: lib/use-first-open.ts).
  const drawer = useFirstOpen(chatOpen);
  if (!drawer.mounted) return null;
  return (
    <SwipeableDrawer
      // MUI mirrors a horizontal anchor in right-to-left: the panel sits on the reading end's side.
      anchor="right"
      open={drawer.open}
      onOpen={() => layoutStore.set({ chatOpen: true })}
      onClose={close}
      disableSwipeToOpen
      slotProps={{ paper: { sx: { width: small ? CHAT_PANEL_SMALL_WIDTH : CHAT_PANEL_WIDTH, display: 'flex', flexDirection: 'column' }, role: 'dialog', 'aria-label': t('chat.title') } }}
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
  );
}
