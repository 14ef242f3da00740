import { Box, IconButton, SwipeableDrawer, Typography, useMediaQuery, useTheme } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import ForumIcon from '@mui/icons-material/ForumOutlined';
import { useTranslation } from 'react-i18next';
import { CHAT_PANEL_SMALL_WIDTH, CHAT_PANEL_WIDTH } from '@wellbe/shared/constants';
import { layoutStore } from './layout-store.ts';
import { EmptyState } from '../../components/empty-state.tsx';

/**
 * SPEC §2 right-hand chat panel, 360 px (320 on small screens). Closes on Escape, an outside click
 * or a swipe (SwipeableDrawer). Its contacts and conversations come with the messaging area: until
 * then it shows its French empty state, never sample data.
 */
export function ChatPanel() {
  const { t } = useTranslation('common');
  const theme = useTheme();
  const small = useMediaQuery(theme.breakpoints.down('sm'));
  const { chatOpen } = layoutStore.use();
  return (
    <SwipeableDrawer
      // MUI mirrors a horizontal anchor in right-to-left: the panel sits on the reading end's side.
      anchor="right"
      open={chatOpen}
      onOpen={() => layoutStore.set({ chatOpen: true })}
      onClose={() => layoutStore.set({ chatOpen: false })}
      disableSwipeToOpen
      slotProps={{ paper: { sx: { width: small ? CHAT_PANEL_SMALL_WIDTH : CHAT_PANEL_WIDTH }, role: 'dialog', 'aria-label': t('chat.title') } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, height: 64, borderBottom: '1px solid', borderColor: 'divider' }}>
        <Typography variant="h2" sx={{ fontSize: '1.1rem', flex: 1 }}>
          {t('chat.title')}
        </Typography>
        <IconButton aria-label={t('actions.close')} onClick={() => layoutStore.set({ chatOpen: false })}>
          <CloseIcon />
        </IconButton>
      </Box>
      <EmptyState icon={<ForumIcon fontSize="large" />} title={t('chat.emptyTitle')} text={t('chat.emptyText')} />
    </SwipeableDrawer>
  );
}
