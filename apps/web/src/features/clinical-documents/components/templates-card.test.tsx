import { Suspense } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '../../../i18n/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { setSession } from '../../../lib/session.ts';
import { fakeUser } from '../../../test/fixtures.ts';
import { TemplatesCard } from './templates-card.tsx';

// "Modèles de documents" against a fake of the templates API: what is sent for each action.

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const PRACTICE = { id: 't1', kind: 'certificat', name: 'Absence de contre-indication au sport', content: { certificateType: 'sport' }, shared: true, active: true, editable: false };
const MINE = { id: 't2', kind: 'courrier', name: 'Lettre à un confrère', content: { text: 'Cher confrère' }, shared: false, active: true, editable: true };
let sent: { method: string; path: string; body: unknown }[] = [];

beforeAll(async () => {
  await i18nReady;
});
beforeEach(() => {
  sent = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const method = init?.method ?? 'GET';
      if (method === 'GET' && url.pathname === '/api/clinical-document-templates') return Promise.resolve(json({ success: true, data: [PRACTICE, MINE] }));
      sent.push({ method, path: url.pathname, body: init?.body ? JSON.parse(init.body as string) : null });
      return Promise.resolve(json({ success: true, data: MINE }));
    }),
  );
  act(() => setSession(fakeUser('PR'), 'header.payload.signature'));
});
afterEach(() => vi.unstubAllGlobals());

function renderCard() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Suspense fallback={null}>
        <TemplatesCard />
      </Suspense>
    </QueryClientProvider>,
  );
}

describe('Modèles de documents', () => {
  it('lists the practice’s and my templates; mine is edited and deactivated, the practice’s only duplicated', async () => {
    renderCard();
    const user = userEvent.setup();
    const practice = (await screen.findByText(PRACTICE.name, undefined, { timeout: 5000 })).closest('li')!;
    expect(within(practice).getByText('Modèle du cabinet')).toBeInTheDocument();
    expect(within(practice).queryByRole('button', { name: /Modifier/ })).toBeNull();
    await user.click(within(practice).getByRole('button', { name: /Dupliquer/ }));
    await waitFor(() => expect(sent).toContainEqual({ method: 'POST', path: '/api/clinical-document-templates/t1/duplicate', body: {} }));

    await user.click(screen.getByRole('button', { name: `Désactiver : ${MINE.name}` }));
    await waitFor(() => expect(sent).toContainEqual({ method: 'PUT', path: '/api/clinical-document-templates/t2', body: { kind: 'courrier', name: MINE.name, content: MINE.content, active: false } }));
  });

  it('creates a template with a field inserted from the list of allowed fields', async () => {
    renderCard();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Nouveau modèle' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: 'Nouveau modèle' });
    await user.type(within(dialog).getByRole('textbox', { name: /Nom du modèle/ }), 'Certificat de présence');
    await user.type(within(dialog).getByRole('textbox', { name: 'Texte' }), 'Je certifie que ');
    await user.click(within(dialog).getByRole('combobox', { name: 'Insérer un champ' }));
    await user.click(await screen.findByRole('option', { name: /Nom du patient/ }));
    expect(within(dialog).getByRole('textbox', { name: 'Texte' })).toHaveValue('Je certifie que {{patient}}');
    await user.click(within(dialog).getByRole('button', { name: 'Enregistrer le modèle' }));
    await waitFor(() =>
      expect(sent).toContainEqual({ method: 'POST', path: '/api/clinical-document-templates', body: { kind: 'certificat', name: 'Certificat de présence', content: { text: 'Je certifie que {{patient}}' }, shared: false } }),
    );
  });
});
