import { lazy } from 'react';
import { layoutStore } from './layout-store.ts';
import { useQuickPanelReminders } from './quick-panel-reminders.ts';
import { FromFirstOpen } from '../../components/from-first-open.tsx';
import { ConsultationLauncher } from '../../features/consultations/components/consultation-launcher.tsx';
import { useChatLive } from '../../features/chat/chat-live.ts';

// The drawers' code is fetched at their first opening (components/from-first-open.tsx).
const ChatPanel = lazy(() => import('./chat-panel.tsx').then((m) => ({ default: m.ChatPanel })));
const QuickPanel = lazy(() => import('./quick-panel.tsx').then((m) => ({ default: m.QuickPanel })));
const SettingsPanel = lazy(() => import('./settings-panel.tsx').then((m) => ({ default: m.SettingsPanel })));

/**
 * What the layout draws after the page, in a chunk of its own (issue 13, /dashboard's budget): what
 * the closed panels do while closed (the chat's live events and toasts, the quick panel's reminder
 * toasts), their drawers from their first opening, and the consultation launcher.
 */
export default function ClosedPanels() {
  const { chatOpen, quickPanelOpen, settingsOpen } = layoutStore.use();
  useChatLive({ panelOpen: () => layoutStore.get().chatOpen });
  useQuickPanelReminders();
  return (
    <>
      <FromFirstOpen open={chatOpen}>
        <ChatPanel />
      </FromFirstOpen>
      <FromFirstOpen open={quickPanelOpen}>
        <QuickPanel />
      </FromFirstOpen>
      <FromFirstOpen open={settingsOpen}>
        <SettingsPanel />
      </FromFirstOpen>
      {/* Consultation panel (SPEC §5): its floating launcher goes HERE, one line, shown for dps roles. */}
      <ConsultationLauncher />
    </>
  );
}
