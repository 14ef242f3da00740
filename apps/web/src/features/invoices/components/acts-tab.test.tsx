import { Suspense } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Act } from '@wellbe/shared/schemas/invoices';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n, i18nReady } from '../../../i18n/i18n.ts';
import { setSession } from '../../../lib/session.ts';
import { fakeUser } from '../../../test/fixtures.ts';
import { ActsTab } from './acts-tab.tsx';

// 'Actes et tarifs' as a practitioner uses it: prices typed the French way reach the API in integer
// cents, a VAT rate in basis points, a health act exempt; an act is archived after a confirmation.

vi.setConfig({ testTimeout: 30_000 });

const CONSULT: Act = { id: '00000000-0000-4000-8000-0000000000c1', practitionerId: null, label: 'Consultation diététique', code: null, priceCents: 4500, durationMinutes: 45, vatRateBp: null, appointmentTypeId: null };
const TYPE = { id: '00000000-0000-4000-8000-0000000000d1', label: 'Bilan diététique', durationMinutes: 60, colour: '#1565c0', jobSpecialistId: null, bookable: true, active: true };
const sent: { method: string; path: string; body: unknown }[] = [];

beforeAll(async () => {
  await i18nReady;
  await i18n.changeLanguage('fr');
  await i18n.loadNamespaces(['invoices', 'consultations']);
});
beforeEach(() => {
  sent.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost');
      const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      if (method !== 'GET') sent.push({ method, path: url.pathname, body });
      if (method === 'DELETE') return new Response(null, { status: 204 });
      const data = method === 'GET' ? (url.pathname === '/api/agenda/types' ? [TYPE] : [CONSULT]) : { ...CONSULT, ...body, id: CONSULT.id };
      return new Response(JSON.stringify({ success: true, data }), { status: method === 'POST' ? 201 : 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  act(() => setSession(fakeUser('PR'), 'header.payload.signature'));
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Suspense fallback={null}>
        <ActsTab />
      </Suspense>
    </QueryClientProvider>,
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('acts and prices', () => {
  it('lists the acts with their price in euros and their VAT regime', async () => {
    const row = (await screen.findByRole('cell', { name: 'Consultation diététique' })).closest('tr')!;
    expect(row.textContent).toContain('45,00');
    expect(within(row).getByText('Exonéré (acte de santé)')).toBeTruthy();
  });

  it('creates an exempt health act from a price typed with a comma, sent in cents', async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Nouvel acte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvel acte' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Libellé/ }), 'Bilan initial');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Prix/ }), '62,50');
    // The legal mention stays French in every language: marked so (screen readers, Arabic's bidi).
    expect(within(dialog).getByText('TVA non applicable, article 261-4-1° du CGI')).toHaveAttribute('lang', 'fr');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/api/invoices/acts', body: { label: 'Bilan initial', priceCents: 6250, vatRateBp: null, personal: false } });
  });

  it('refuses an unreadable price in French and sends nothing', async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Nouvel acte' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouvel acte' });
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Libellé/ }), 'Bilan initial');
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Prix/ }), '62,505');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findByText('Montant invalide (ex. 25,00).')).toBeTruthy();
    expect(sent).toHaveLength(0);
  });

  it('edits an act into a non-health service with a 5,5 % VAT rate, sent as 550 basis points', async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Modifier Consultation diététique' }));
    const dialog = await screen.findByRole('dialog', { name: "Modifier l'acte" });
    expect((within(dialog).getByRole('textbox', { name: /Prix/ }) as HTMLInputElement).value).toBe('45,00');
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'TVA' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Taux de TVA' }));
    await userEvent.type(within(dialog).getByRole('textbox', { name: /Taux de TVA/ }), '5,5');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'PUT', path: `/api/invoices/acts/${CONSULT.id}`, body: { priceCents: 4500, vatRateBp: 550 } });
  });

  it('makes an act the default of an appointment type', async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Modifier Consultation diététique' }));
    const dialog = await screen.findByRole('dialog', { name: "Modifier l'acte" });
    await userEvent.click(within(dialog).getByRole('combobox', { name: 'Acte par défaut du type de rendez-vous' }));
    await userEvent.click(await screen.findByRole('option', { name: 'Bilan diététique' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toMatchObject({ method: 'PUT', body: { appointmentTypeId: TYPE.id } });
  });

  it('archives an act once confirmed', async () => {
    await userEvent.click(await screen.findByRole('button', { name: 'Archiver Consultation diététique' }));
    const confirm = await screen.findByRole('dialog', { name: 'Archiver' });
    await userEvent.click(within(confirm).getByRole('button', { name: 'Archiver' }));
    await waitFor(() => expect(sent).toEqual([{ method: 'DELETE', path: `/api/invoices/acts/${CONSULT.id}`, body: undefined }]));
  });
});
