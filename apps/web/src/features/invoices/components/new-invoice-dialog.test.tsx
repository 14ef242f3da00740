import { Suspense } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Act } from '@wellbe/shared/schemas/invoices';
import { formatEuros } from '@wellbe/shared/domain/money';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, i18nReady } from '../../../i18n/i18n.ts';
import { setSession } from '../../../lib/session.ts';
import { fakeUser } from '../../../test/fixtures.ts';
import { NewInvoiceDialog } from './new-invoice-dialog.tsx';

// 'Facturer' from an appointment: the line starts as the default act of the appointment's type.

vi.setConfig({ testTimeout: 30_000 });

const TYPE_ID = '00000000-0000-4000-8000-0000000000d1';
const APPOINTMENT_ID = '00000000-0000-4000-8000-0000000000e1';
const PATIENT = { idPatient: '00000000-0000-4000-8000-00000000000b', FullName: 'Hélène Martin' };
const base = { practitionerId: null, code: null, durationMinutes: null, vatRateBp: null };
const ACTS: Act[] = [
  { ...base, id: '00000000-0000-4000-8000-0000000000c1', label: 'Consultation de suivi', priceCents: 3500, appointmentTypeId: null },
  { ...base, id: '00000000-0000-4000-8000-0000000000c2', label: 'Bilan diététique initial', priceCents: 6250, appointmentTypeId: TYPE_ID },
];
const posted: unknown[] = [];

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('fr');
  await i18n.loadNamespaces(['invoices']);
});
beforeEach(() => {
  posted.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input instanceof Request ? input.url : input), 'http://localhost').pathname;
      const json = (data: unknown, status = 200) => new Response(JSON.stringify({ success: true, data }), { status, headers: { 'content-type': 'application/json' } });
      if (init?.method === 'POST') {
        posted.push(JSON.parse(String(init.body)));
        return json({ id: '00000000-0000-4000-8000-0000000000f1', number: '2026-000001', status: 'issued', totalCents: 6250, balanceCents: 6250 }, 201);
      }
      if (path === `/api/agenda/appointments/${APPOINTMENT_ID}`) return json({ id: APPOINTMENT_ID, typeId: TYPE_ID });
      return json(ACTS);
    }),
  );
  act(() => setSession(fakeUser('PR'), 'header.payload.signature'));
});
afterEach(() => {
  vi.unstubAllGlobals();
});

function open(appointmentId?: string) {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Suspense fallback={null}>
        <NewInvoiceDialog start={{ patient: PATIENT, appointmentId }} onClose={() => {}} onIssued={() => {}} />
      </Suspense>
    </QueryClientProvider>,
  );
}

describe("'Facturer' dialog", () => {
  it("starts an appointment's invoice with its type's default act, and issues it with that act", async () => {
    open(APPOINTMENT_ID);
    const dialog = await screen.findByRole('dialog', { name: 'Facturer' });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: /Libellé/ })).toHaveValue('Bilan diététique initial'));
    expect(within(dialog).getByRole('textbox', { name: /Prix unitaire/ })).toHaveValue('62,50');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Émettre la facture' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toMatchObject({ appointmentId: APPOINTMENT_ID, lines: [{ actId: ACTS[1]!.id, label: 'Bilan diététique initial', quantity: 1, unitPriceCents: 6250 }] });
  });

  it('leaves the line empty for an invoice by hand', async () => {
    open();
    const dialog = await screen.findByRole('dialog', { name: 'Facturer' });
    await screen.findByRole('combobox', { name: 'Acte' });
    expect(within(dialog).getByRole('textbox', { name: /Libellé/ })).toHaveValue('');
  });

  // The acts' prices went through a formatter of their own with « € » glued after: right to left,
  // the sign landed on the wrong side. They are the app's amounts now (Money), isolated left to right.
  it('lists each act with its price as the app formats amounts, kept left to right', async () => {
    open();
    await userEvent.click(await screen.findByRole('combobox', { name: 'Acte' }));
    const option = await screen.findByRole('option', { name: /Bilan diététique initial/ });
    const price = option.querySelector('bdi[dir="ltr"]');
    expect(price?.textContent).toBe(formatEuros(6250));
  });
});
