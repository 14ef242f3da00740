import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../components/toaster.tsx';
import { i18nReady } from '../../i18n/i18n.ts';
import { fakeApi, renderAs } from '../../test/render.tsx';
import ClosedPanels from './closed-panels.tsx';
import { layoutStore } from './layout-store.ts';

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => {
  act(() => layoutStore.set({ chatOpen: false, quickPanelOpen: false, settingsOpen: false }));
  localStorage.clear();
  vi.unstubAllGlobals();
});

const QUICK_PANEL = {
  date: '2026-11-30T08:00:00.000Z',
  notes: [{ id: 'note-2', title: 'Commander les brassards', detail: '' }],
  events: [{ id: 'note-1', title: 'Préparer le congrès', detail: '09:00' }],
  reminders: [{ id: 'note-1', at: '2026-11-30T08:00:00.000Z', due: true }],
};

// The closed panels (layout/closed-panels.tsx) run on every signed-in screen; their drawers are
// fetched and drawn at their first opening (components/from-first-open.tsx, issue 31).
describe('the closed panels', () => {
  it('toasts a due reminder while the quick panel is closed, and draws the panel only once it is opened', async () => {
    fakeApi({ 'GET /api/quick-panel/data': QUICK_PANEL, 'GET /api/chat/unread': { success: true, data: { total: 0 } } });
    renderAs(
      'PR',
      <>
        <Toaster />
        <ClosedPanels />
      </>,
    );
    expect(await screen.findByText('Rappel : Préparer le congrès')).toBeInTheDocument();
    // Nothing of the drawers is drawn while they are closed.
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.querySelector('.MuiDrawer-root')).toBeNull();

    act(() => layoutStore.set({ quickPanelOpen: true }));
    const quick = await screen.findByRole('dialog', { name: 'Panneau rapide' });
    expect(within(quick).getByRole('link', { name: /Préparer le congrès/ })).toHaveAttribute('href', '/notes/note-1');
    expect(within(quick).getByRole('link', { name: /Commander les brassards/ })).toHaveAttribute('href', '/notes/note-2');
    // Toasted once: opening the panel does not toast the reminder again.
    expect(screen.getAllByText('Rappel : Préparer le congrès')).toHaveLength(1);

    act(() => layoutStore.set({ quickPanelOpen: false, settingsOpen: true }));
    expect(await screen.findByRole('dialog', { name: 'Réglages' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup')).toBeInTheDocument();
  });
});
