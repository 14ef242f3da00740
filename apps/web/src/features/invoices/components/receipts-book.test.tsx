import { Suspense } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, i18nReady } from '../../../i18n/i18n.ts';
import { setSession } from '../../../lib/session.ts';
import { fakeUser } from '../../../test/fixtures.ts';
import { ReceiptsBook } from './receipts-book.tsx';

// The receipts book's period: the project's DD/MM/YYYY date pickers (not the browser's native date
// field, which shows mm/dd/yyyy in an English browser), this month by default.

vi.setConfig({ testTimeout: 30_000 });

const asked: URL[] = [];
const EMPTY_BOOK = { rows: [], byMode: { cash: 0, cheque: 0, card: 0, transfer: 0 }, byMonth: [], totalCents: 0 };

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('fr');
  await i18n.loadNamespaces(['invoices']);
});
beforeEach(() => {
  // Only the date is fixed (mid-November in Paris, whatever the day the test runs); timers stay real for waitFor.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-15T10:00:00Z'));
  asked.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      asked.push(new URL(String(input instanceof Request ? input.url : input), 'http://localhost'));
      return new Response(JSON.stringify({ success: true, data: EMPTY_BOOK }), { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const shownDay = async (label: string) => (await screen.findByRole('group', { name: label })).parentElement!.querySelector('input')!.value;

describe('receipts book period', () => {
  it('shows this month as DD/MM/YYYY pickers and asks the book for those days', async () => {
    act(() => setSession(fakeUser('PR'), 'header.payload.signature'));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Suspense fallback={null}>
          <ReceiptsBook />
        </Suspense>
      </QueryClientProvider>,
    );
    expect(await shownDay('Du')).toBe('01/11/2026');
    expect(await shownDay('Au')).toBe('15/11/2026');
    expect(document.querySelector('input[type="date"]')).toBeNull();
    await waitFor(() => expect(asked.some((u) => u.pathname === '/api/invoices/receipts-book')).toBe(true));
    const book = asked.find((u) => u.pathname === '/api/invoices/receipts-book')!;
    expect([book.searchParams.get('from'), book.searchParams.get('to')]).toEqual(['2026-11-01', '2026-11-15']);
    expect(await screen.findByText('Aucune recette sur la période.')).toBeTruthy();
  });
});
