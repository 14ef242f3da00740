import { Box, Button, Drawer, IconButton, List, ListItem, ListItemButton, ListItemIcon, ListItemText, Typography } from '@mui/material';
import AlarmIcon from '@mui/icons-material/AlarmOutlined';
import CloseIcon from '@mui/icons-material/Close';
import EventNoteIcon from '@mui/icons-material/EventNoteOutlined';
import NoteIcon from '@mui/icons-material/StickyNote2Outlined';
import { can } from '@wellbe/shared/permissions';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { EmptyState } from '../../components/empty-state.tsx';
import { useQuickPanelData, type QuickPanelAnswer } from '../../features/notes/api/quick-panel-data.ts';
import { formatDate } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useRealtimeEvent } from '../../lib/realtime.ts';
import { useSession } from '../../lib/session.ts';
import { layoutStore } from './layout-store.ts';

const SEEN_KEY = 'wellbe.reminders.seen';

/** Each due reminder toasts once per browser: its id and time are remembered (a new time toasts again). */
function toastDueReminders(data: QuickPanelAnswer, message: (title: string) => string) {
  let seen: string[] = [];
  try {
    seen = JSON.parse(localStorage.getItem(SEEN_KEY) ?? '[]') as string[];
  } catch {
    seen = [];
  }
  const fresh = data.reminders.filter((r) => r.due && !seen.includes(`${r.id}@${r.at}`));
  for (const r of fresh) {
    const event = data.events.find((e) => e.id === r.id);
    notify(message(event?.title ?? ''), 'info');
  }
  if (fresh.length) {
    try {
      localStorage.setItem(SEEN_KEY, JSON.stringify([...seen, ...fresh.map((r) => `${r.id}@${r.at}`)].slice(-200)));
    } catch {
      // A browser without storage shows the toast again at the next load: harmless.
    }
  }
}

/** SPEC §1 quick panel: today's date, 'Événements' (today's note reminders), 'Notes' (pinned notes, a link to /notes). */
export function QuickPanel() {
  const { t } = useTranslation(['common', 'notes']);
  const { quickPanelOpen } = layoutStore.use();
  const { status, role } = useSession();
  const data = useQuickPanelData(status === 'signed-in');
  const client = useQueryClient();
  // A reminder due now (the server's job pushes its id): refetch, which shows the toast and the entry.
  useRealtimeEvent('notes.reminder', () => void client.invalidateQueries({ queryKey: queryKeys.notes.all }));
  const close = () => layoutStore.set({ quickPanelOpen: false });

  useEffect(() => {
    if (data.data) toastDueReminders(data.data, (title) => t('notes:quickPanel.reminderToast', { title }));
  }, [data.data, t]);

  const events = data.data?.events ?? [];
  const notes = data.data?.notes ?? [];
  const dueIds = new Set(data.data?.reminders.filter((r) => r.due).map((r) => r.id));
  return (
    <Drawer anchor="right" open={quickPanelOpen} onClose={close} slotProps={{ paper: { sx: { width: { xs: '100%', sm: 320 } }, role: 'dialog', 'aria-label': t('quickPanel.title') } }}>
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
