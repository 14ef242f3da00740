import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHAT_PANEL_WIDTH } from '@wellbe/shared/constants';
import { i18nReady } from '../../i18n/i18n.ts';
import { TOASTS_CLASS } from '../../lib/notify.ts';
import { setSession } from '../../lib/session.ts';
import { fakeUser } from '../../test/fixtures.ts';
import { ChatPanel } from './chat-panel.tsx';
import { layoutStore } from './layout-store.ts';

beforeAll(async () => {
  await i18nReady;
});
afterEach(() => {
  act(() => layoutStore.set({ chatOpen: false }));
  vi.unstubAllGlobals();
});

/** The text of the style rules emotion wrote into the document. */
const rules = () =>
  [...document.querySelectorAll('style')]
    .flatMap((style) => (style.sheet ? [...style.sheet.cssRules].map((rule) => rule.cssText) : [style.textContent ?? '']))
    .join('\n');

// While the chat panel is open, the bottom-right toasts (components/toaster.tsx) leave its
// conversation and composer free: beside it where the window has room, above the composer elsewhere.
describe('the chat panel and the toasts', () => {
  it('moves the toasts off the open panel, and lets them be once it is closed', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ success: true, data: [] }), { headers: { 'content-type': 'application/json' } })));
    act(() => setSession(fakeUser('SA'), 'header.payload.signature'));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <MemoryRouter>
          <ChatPanel />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(rules()).not.toContain(TOASTS_CLASS);
    act(() => layoutStore.set({ chatOpen: true }));
    expect(await screen.findByRole('dialog', { name: 'Discussions' })).toBeInTheDocument();
    const open = rules();
    expect(open).toMatch(new RegExp(`body \\.${TOASTS_CLASS}\\s*\\{\\s*bottom:\\s*80px !important`));
    expect(open).toContain(`min-width: ${CHAT_PANEL_WIDTH + 344 + 48}px`);
    expect(open).toMatch(new RegExp(`html\\[dir="ltr"\\] body \\.${TOASTS_CLASS}\\s*\\{\\s*right:\\s*${CHAT_PANEL_WIDTH + 24}px !important`));
    act(() => layoutStore.set({ chatOpen: false }));
    expect(rules()).not.toContain(TOASTS_CLASS);
  });
});
