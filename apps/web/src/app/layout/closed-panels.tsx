import { ChatPanel } from './chat-panel.tsx';
import { QuickPanel } from './quick-panel.tsx';
import { SettingsPanel } from './settings-panel.tsx';
import { ConsultationLauncher } from '../../features/consultations/components/consultation-launcher.tsx';

/**
 * What the layout draws after the page (closed panels and the consultation launcher), in a chunk of
 * its own: their drawers, radios and forms are not part of the first load of a signed-in screen
 * (issue 13, /dashboard's budget). The layout loads it after its first paint.
 */
export default function ClosedPanels() {
  return (
    <>
      <ChatPanel />
      <QuickPanel />
      <SettingsPanel />
      {/* Consultation panel (SPEC §5): its floating launcher goes HERE, one line, shown for dps roles. */}
      <ConsultationLauncher />
    </>
  );
}
