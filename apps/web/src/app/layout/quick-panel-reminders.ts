import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuickPanelData, type QuickPanelAnswer } from '../../features/notes/api/quick-panel-data.ts';
import { notify } from '../../lib/notify.ts';
import { queryKeys } from '../../lib/query-keys.ts';
import { useRealtimeEvent } from '../../lib/realtime.ts';
import { useSession } from '../../lib/session.ts';

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

/**
 * What the quick panel does while closed (closed-panels.tsx): it reads GET /api/quick-panel/data and
 * toasts each reminder that falls due, once; a reminder due now (the server's job pushes its id)
 * refetches it, which shows the toast (and the entry, in the open panel: quick-panel.tsx).
 */
export function useQuickPanelReminders() {
  const { t } = useTranslation('notes');
  const { status } = useSession();
  const data = useQuickPanelData(status === 'signed-in');
  const client = useQueryClient();
  useRealtimeEvent('notes.reminder', () => void client.invalidateQueries({ queryKey: queryKeys.notes.all }));
  useEffect(() => {
    if (data.data) toastDueReminders(data.data, (title) => t('quickPanel.reminderToast', { title }));
  }, [data.data, t]);
}
