import { Suspense, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PrescriptionLine } from '@wellbe/shared/schemas/clinical-documents';
import { i18nReady } from '../../../i18n/i18n.ts';
import { createQueryClient } from '../../../lib/query-client.ts';
import { setSession } from '../../../lib/session.ts';
import { fakeUser } from '../../../test/fixtures.ts';
import { emptyLine, OrdonnanceLines } from './ordonnance-lines.tsx';

// The ordonnance editor's medicine suggestions, against a fake of GET /api/medicines.

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
const DOLIPRANE = { id: '60234100', name: 'DOLIPRANE 1000 mg, comprimé', form: 'comprimé', routes: ['orale'], substances: 'PARACÉTAMOL 1000 mg', holder: 'OPELLA HEALTHCARE FRANCE' };
let asked: string[] = [];

beforeAll(async () => {
  await i18nReady;
});
beforeEach(() => {
  asked = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/api/medicines') {
        asked.push(url.searchParams.get('q') ?? '');
        return Promise.resolve(json({ success: true, data: [DOLIPRANE] }));
      }
      return Promise.resolve(new Response('{}', { status: 404 }));
    }),
  );
  act(() => setSession(fakeUser('PR'), 'header.payload.signature'));
});
afterEach(() => vi.unstubAllGlobals());

let latest: PrescriptionLine[] = [];
function Editor() {
  const [lines, setLines] = useState<PrescriptionLine[]>([emptyLine()]);
  latest = lines;
  return <OrdonnanceLines lines={lines} onChange={setLines} />;
}

function renderEditor() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Suspense fallback={null}>
        <Editor />
      </Suspense>
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('ordonnance lines', () => {
  it('suggests BDPM medicines as the practitioner types; picking one fills the name and the form', async () => {
    const user = renderEditor();
    await user.type(await screen.findByRole('combobox', { name: 'Ligne 1' }, { timeout: 5000 }), 'dolip');
    await user.click(await screen.findByRole('option', { name: /DOLIPRANE 1000 mg, comprimé/ }, { timeout: 5000 }));
    expect(asked).toContain('dolip');
    expect(screen.getByRole('combobox', { name: 'Ligne 1' })).toHaveValue('DOLIPRANE 1000 mg, comprimé');
    expect(screen.getByRole('textbox', { name: 'Forme' })).toHaveValue('comprimé');
    expect(latest[0]).toMatchObject({ type: 'medicine', text: 'DOLIPRANE 1000 mg, comprimé', form: 'comprimé' });
  });

  it('keeps free text when nothing is picked, and shows the BDPM source with the suggestions', async () => {
    const user = renderEditor();
    await user.type(await screen.findByRole('combobox', { name: 'Ligne 1' }, { timeout: 5000 }), 'Préparation magistrale');
    expect(await screen.findByText(/Source : Base de données publique des médicaments \(ANSM\)/, undefined, { timeout: 5000 })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(latest[0].text).toBe('Préparation magistrale');
  });
});
