import { Box, Button, Drawer, IconButton, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import AlarmIcon from '@mui/icons-material/AlarmOutlined';
import CloseIcon from '@mui/icons-material/Close';
import EventNoteIcon from '@mui/icons-material/EventNoteOutlined';
import NoteIcon from '@mui/icons-material/StickyNote2Outlined';
import { can } from '@wellbe/shared/permissions';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { useQuickPanelData } from '../../features/notes/api/quick-panel-data.ts';
import { formatDate } from '../../lib/format.ts';
import { useSession } from '../../lib/session.ts';
import { useFirstOpen } from '../../lib/use-first-open.ts';
import { layoutStore } from './layout-store.ts';

/** SPEC §1 quick panel: today's date, 'Événements' (today's note reminders), 'Notes' (pinned notes, a link to /notes). */
export function QuickPanel() {
  const { t } = useTranslation(['common', 'notes']);
  const { quickPanelOpen } = layoutStore.use();
  const { status, role } = useSession();
  // The same query as the closed panel's reminders (quick-panel-reminders.ts): answered from its cache.
  const data = useQuickPanelData(status === 'signed-in');
  // Drawn from its first opening (closed-panels.tsx): mounted closed, then slid in.
  const drawer = useFirstOpen(quickPanelOpen);
  const close = () => layoutStore.set({ quickPanelOpen: false });

  const events = data.data?.events ?? [];
  const notes = data.data?.notes ?? [];
  const dueIds = new Set(data.data?.reminders.filter((r) => r.due).map((r) => r.id));
  return (
    <Drawer anchor="right" open={drawer.open} onClose={close} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 320 } }, role: 'dialog', 'aria-label': t('quickPanel.title') } }}>
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, height: 64, borderBottom: '1px solid', borderColor: 'divider' }}>
        <Box sx={{ flex: 1 }}>
          <Typography variant="h2" sx={{ fontSize: '1.1rem' }}>
            {t('quickPanel.title')}
          </Typography>
          <Typography variant="body2" color="textSecondary">
            {t('quickPanel.today', { date: formatDate(new Date()) })}
          </Typography>
        </Box>
        <IconButton aria-label={t('actions.close')} onClick={close}>
          <CloseIcon />
        </IconButton>
      </Box>
      {events.length === 0 && notes.length === 0 ? (
        <EmptyState icon={<EventNoteIcon fontSize="large" />} title={t('quickPanel.emptyTitle')} text={t('quickPanel.emptyText')} />
      ) : (
        <Box sx={{ overflowY: 'auto' }}>
          <Typography variant="overline" component="h3" sx={{ px: 2, pt: 2, display: 'block' }}>
            {t('notes:quickPanel.events')}
          </Typography>
          {events.length === 0 ? (
            <Typography variant="body2" color="textSecondary" sx={{ px: 2 }}>
              {t('notes:quickPanel.noEvents')}
            </Typography>
          ) : (
            <List dense aria-label={t('notes:quickPanel.events')}>
              {events.map((e) => (
                <ListItem key={e.id} disablePadding>
                  <ListItemButton component={RouterLink} to={`/notes/${e.id}`} onClick={close}>
                    <ListItemIcon sx={{ minWidth: 36 }}>
                      <AlarmIcon color={dueIds.has(e.id) ? 'primary' : 'inherit'} />
                    </ListItemIcon>
                    <ListItemText primary={e.title} secondary={<bdi>{e.detail}</bdi>} />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          )}
          {can(role, 'note') && (
            <>
              <Typography variant="overline" component="h3" sx={{ px: 2, pt: 2, display: 'block' }}>
                {t('notes:quickPanel.notes')}
              </Typography>
              <List dense aria-label={t('notes:quickPanel.notes')}>
                {notes.map((n) => (
                  <ListItem key={n.id} disablePadding>
                    <ListItemButton component={RouterLink} to={`/notes/${n.id}`} onClick={close}>
                      <ListItemIcon sx={{ minWidth: 36 }}>
                        <NoteIcon />
                      </ListItemIcon>
                      <ListItemText primary={n.title} secondary={n.detail || undefined} slotProps={{ secondary: { noWrap: true } }} />
                    </ListItemButton>
                  </ListItem>
                ))}
              </List>
              <Box sx={{ px: 2, pb: 2 }}>
                <Button component={RouterLink} to="/notes" onClick={close}>
                  {t('notes:quickPanel.allNotes')}
                </Button>
              </Box>
            </>
          )}
        </Box>
      )}
    </Drawer>
  );
}
