import { Box, Drawer, IconButton, Typography } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import EventNoteIcon from '@mui/icons-material/EventNoteOutlined';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/format.ts';
import { layoutStore } from './layout-store.ts';
import { EmptyState } from '../../components/empty-state.tsx';

/** SPEC §2 quick panel (today, notes, events). Notes and events arrive with their own areas: empty state until then. */
export function QuickPanel() {
  const { t } = useTranslation('common');
  const { quickPanelOpen } = layoutStore.use();
  return (
    <Drawer
      anchor="right"
      open={quickPanelOpen}
      onClose={() => layoutStore.set({ quickPanelOpen: false })}
      slotProps={{ paper: { sx: { width: 300 }, role: 'dialog', 'aria-label': t('quickPanel.title') } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, height: 64, borderBottom: '1px solid', borderColor: 'divider' }}>
        <Box sx={{ flex: 1 }}>
          <Typography variant="h2" sx={{ fontSize: '1.1rem' }}>
            {t('quickPanel.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('quickPanel.today', { date: formatDate(new Date()) })}
          </Typography>
        </Box>
        <IconButton aria-label={t('actions.close')} onClick={() => layoutStore.set({ quickPanelOpen: false })}>
          <CloseIcon />
        </IconButton>
      </Box>
      <EmptyState icon={<EventNoteIcon fontSize="large" />} title={t('quickPanel.emptyTitle')} text={t('quickPanel.emptyText')} />
    </Drawer>
  );
}
