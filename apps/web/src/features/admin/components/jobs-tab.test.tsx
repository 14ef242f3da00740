import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from '../../../components/toaster.tsx';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '../../../i18n/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { JobsTab } from './jobs-tab.tsx';

const FAILED = {
  id: '42',
  task: 'send_mail',
  attempts: 8,
  maxAttempts: 8,
  lastError: 'connect ECONNREFUSED 127.0.0.1:587',
  createdAt: '2026-11-23T08:00:00.000Z',
  updatedAt: '2026-11-23T08:30:00.000Z',
};

let jobs: (typeof FAILED)[];
let fetchMock: ReturnType<typeof vi.fn>;
beforeAll(async () => {
  await i18nReady;
});
beforeEach(() => {
  jobs = [FAILED];
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    if (url === '/api/admin/jobs/42/retry' && init?.method === 'POST') {
      jobs = [];
      return Promise.resolve(new Response(JSON.stringify({ success: true })));
    }
    if (url === '/api/admin/jobs') return Promise.resolve(new Response(JSON.stringify({ success: true, data: jobs })));
    return Promise.resolve(new Response('{}', { status: 500 }));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("/admin 'Tâches en échec'", () => {
  it('lists a failed mail job with its error, and Relancer retries it and empties the list', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <>
          <Toaster />
          <JobsTab />
        </>
      </QueryClientProvider>,
    );
    const table = await screen.findByRole('table', { name: 'Tâches en échec' });
    const row = (await within(table).findByText("Envoi d’un mail")).closest('tr')!;
    expect(row).toHaveTextContent('connect ECONNREFUSED 127.0.0.1:587');
    expect(row).toHaveTextContent('8 / 8');
    // Its dates as DD/MM/YYYY HH:MM, in the organisation's zone (lib/format, SPEC §1).
    expect(row).toHaveTextContent(/23\/11\/2026 \d\d:00/);
    await userEvent.setup().click(within(row).getByRole('button', { name: 'Relancer' }));
    expect(await within(table).findByText('Aucune tâche en échec.')).toBeInTheDocument();
    expect(await screen.findByText('Tâche relancée')).toBeInTheDocument();
    await waitFor(() => expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/admin/jobs/42/retry' && (init as RequestInit).method === 'POST')).toBe(true));
  });
});
