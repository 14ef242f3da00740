import type { QuickPanelItem, quickPanelAnswer } from '@wellbe/shared/schemas/notes';
import type { z } from 'zod';
import type { Caller } from '../../access/index.ts';
import type { AppContext } from '../../context.ts';
import { pinnedForPanel, todayReminders } from '../notes/notes.service.ts';
import { panelEvents } from '../agenda/agenda.service.ts';

/**
 * The quick panel (SPEC §1): 'Événements' are today's note reminders and today's appointments
 * (a patient: their next ones), 'Notes' the caller's pinned notes. `reminders` adds to each event from a
 * note when it is due, so the web can show its toast once.
 */
export async function quickPanelData(ctx: AppContext, caller: Caller): Promise<z.infer<typeof quickPanelAnswer>> {
  const reminders = await todayReminders(ctx, caller);
  const events: QuickPanelItem[] = [...reminders.map(({ id, title, detail }) => ({ id, title, detail })), ...(await panelEvents(ctx, caller))];
  return {
    date: new Date(ctx.clock.now()).toISOString(),
    notes: await pinnedForPanel(ctx, caller),
    events,
    reminders: reminders.map(({ id, at, due }) => ({ id, at, due })),
  };
}
