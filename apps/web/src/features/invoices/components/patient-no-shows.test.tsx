import { Suspense } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, i18nReady } from '../../../i18n/i18n.ts';
import { PatientNoShows } from './patient-no-shows.tsx';

// A patient's no-shows in the Facturation view: when, with whom, and the no-show fee (invoiced or to invoice).

vi.setConfig({ testTimeout: 30_000 });

const PATIENT_ID = '00000000-0000-4000-8000-00000000000b';
const NO_SHOWS = [
  { appointmentId: '00000000-0000-4000-8000-0000000000e1', startsAt: '2026-11-10T09:00:00.000Z', practitioner: 'Julien Moreau', invoiceId: null },
  { appointmentId: '00000000-0000-4000-8000-0000000000e2', startsAt: '2026-10-02T13:30:00.000Z', practitioner: 'Julien Moreau', invoiceId: '00000000-0000-4000-8000-0000000000f1' },
];
const asked: string[] = [];

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('fr');
  await i18n.loadNamespaces(['invoices']);
});
beforeEach(() => {
  asked.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) => {
      asked.push(new URL(String(input instanceof Request ? input.url : input), 'http://localhost').pathname);
      return new Response(JSON.stringify({ success: true, data: NO_SHOWS }), { headers: { 'content-type': 'application/json' } });
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("a patient's no-shows", () => {
  it('lists each missed appointment in the practice’s time, and invoices or opens its no-show fee', async () => {
    const onInvoice = vi.fn();
    const onOpen = vi.fn();
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <Suspense fallback={null}>
          <PatientNoShows patientId={PATIENT_ID} onInvoice={onInvoice} onOpen={onOpen} />
        </Suspense>
      </QueryClientProvider>,
    );
    const list = await screen.findByRole('list', { name: 'Absences (rendez-vous non honorés)' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('10/11/2026 10:00');
    expect(rows[0]!.textContent).toContain('Julien Moreau');
    expect(asked).toContain(`/api/invoices/no-shows/${PATIENT_ID}`);
    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Facturer des frais d’absence' }));
    expect(onInvoice).toHaveBeenCalledWith(NO_SHOWS[0]!.appointmentId);
    await userEvent.click(within(rows[1]!).getByRole('button', { name: 'Frais d’absence facturés' }));
    expect(onOpen).toHaveBeenCalledWith(NO_SHOWS[1]!.invoiceId);
  });

  it('offers no fee to invoice to a role that does not bill (no onInvoice), only the invoiced one to open', async () => {
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PatientNoShows patientId={PATIENT_ID} onOpen={() => {}} />
      </QueryClientProvider>,
    );
    await screen.findByRole('button', { name: 'Frais d’absence facturés' });
    expect(screen.queryByRole('button', { name: 'Facturer des frais d’absence' })).toBeNull();
  });

  it('says so when the patient missed no appointment', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ success: true, data: [] }), { headers: { 'content-type': 'application/json' } })));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <PatientNoShows patientId={PATIENT_ID} onOpen={() => {}} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Aucune absence pour ce patient.')).toBeTruthy();
  });
});
