import { Suspense } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18nReady } from '../../../i18n/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { setSession } from '../../../lib/session.ts';
import { fakeUser } from '../../../test/fixtures.ts';
import { LinePicker } from './line-picker.tsx';

// The food and recipe picker of menus, recipes and programs, against a small fake of the API.

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const SPINACH = { id: 7, nameFr: 'Épinard, cuit', groupCode: 'fruits, vegetables, legumes and nuts', organizationId: null, ciqualCode: '20124', energyKcal: 19.6, proteinsG: 2.6, carbohydratesG: 0.9, fatG: 0.4, fibresG: 2.7 };
const SOUP = { id: 'r1', name: 'Velouté d’épinards', category: 'entrée', portions: 4, tags: [], perPortion: { energyKcal: 121.4, proteinsG: 4, carbohydratesG: 12, fatG: 6, fibresG: 2 } };

beforeAll(async () => {
  await i18nReady;
});
beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/api/dietetics/foods') return Promise.resolve(json({ success: true, data: [SPINACH] }));
      if (url.pathname === '/api/dietetics/recipes') return Promise.resolve(json({ success: true, data: [SOUP] }));
      return Promise.resolve(new Response('{}', { status: 404 }));
    }),
  );
  act(() => setSession(fakeUser('PR'), 'header.payload.signature'));
});
afterEach(() => vi.unstubAllGlobals());

describe('line picker', () => {
  it('shows the energy of a food and a recipe with a French decimal comma', async () => {
    render(
      <QueryClientProvider client={createQueryClient()}>
        <Suspense fallback={null}>
          <LinePicker idPrefix="lunch" onAdd={() => {}} />
        </Suspense>
      </QueryClientProvider>,
    );
    await userEvent.setup().type(await screen.findByRole('combobox', undefined, { timeout: 5000 }), 'epinard');
    expect(await screen.findByText(/19,6 kcal pour 100 g/, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('121 kcal par portion')).toBeInTheDocument();
    expect(screen.queryByText(/19\.6/)).toBeNull();
  });
});
