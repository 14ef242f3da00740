import { Suspense } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReferenceItem } from '@wellbe/shared/schemas/reference';
import { i18nReady } from '../i18n/i18n.ts';
import type * as ApiModule from '../lib/api.ts';
import type { RequestOptions } from '../lib/api.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { ReferenceTable } from './reference-table.tsx';

// The reference-table kit against a fake of its REST contract (GET/POST /api/<name>,
// PATCH /api/<name>/:id, POST /api/<name>/order), through a mocked API client.

vi.mock('../lib/notify.ts', () => ({ notify: vi.fn() }));
vi.mock('../lib/api.ts', async (original) => ({ ...(await original<typeof ApiModule>()), api: vi.fn() }));
const { api } = await import('../lib/api.ts');
const { notify } = await import('../lib/notify.ts');

type Group = ReferenceItem & { seasonal: boolean };
const labels = (fr: string) => ({ fr, en: `${fr} (en)`, tr: `${fr} (tr)`, ar: `${fr} (ar)` });
let rows: Group[];
let requests: { path: string; method?: string; body?: unknown }[];

function fakeServer(path: string, options: RequestOptions = {}): Promise<unknown> {
  requests.push({ path, method: options.method, body: options.body });
  if (path === '/food-groups' && !options.method) return Promise.resolve({ success: true, data: rows });
  if (path === '/food-groups/order') {
    const { ids } = options.body as { ids: number[] };
    rows = ids.map((id, position) => ({ ...rows.find((r) => r.id === id)!, position }));
    return Promise.resolve({ success: true, data: rows });
  }
  if (path === '/food-groups' && options.method === 'POST') {
    const body = options.body as { labels: Group['labels']; seasonal: boolean };
    const row: Group = { id: rows.length + 1, label: body.labels.fr, labels: body.labels, position: rows.length, active: true, seasonal: body.seasonal };
    rows = [...rows, row];
    return Promise.resolve({ success: true, data: row });
  }
  const id = Number(/^\/food-groups\/(\d+)$/.exec(path)?.[1]);
  if (id && options.method === 'PATCH') {
    const patch = options.body as Partial<Group>;
    rows = rows.map((r) => (r.id === id ? { ...r, ...patch, label: patch.labels?.fr ?? r.label } : r));
    return Promise.resolve({ success: true, data: rows.find((r) => r.id === id) });
  }
  return Promise.reject(new Error(`unexpected ${options.method ?? 'GET'} ${path}`));
}

beforeAll(async () => {
  await i18nReady;
});
beforeEach(() => {
  rows = [
    { id: 1, label: 'Légumes', labels: labels('Légumes'), position: 0, active: true, seasonal: true },
    { id: 2, label: 'Féculents', labels: labels('Féculents'), position: 1, active: true, seasonal: false },
    { id: 3, label: 'Sucres', labels: labels('Sucres'), position: 2, active: false, seasonal: false },
  ];
  requests = [];
  vi.mocked(api).mockImplementation(fakeServer as typeof api);
  vi.mocked(notify).mockClear();
});
afterEach(() => vi.mocked(api).mockReset());

function renderKit(mayEdit?: (row: Group) => boolean) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Suspense fallback="…">
        <ReferenceTable<Group>
          resource="food-groups"
          title="Groupes d’aliments"
          createLabel="Ajouter un groupe"
          titleCreate="Ajouter un groupe"
          titleEdit="Modifier le groupe"
          flags={[{ name: 'seasonal', column: 'De saison', label: 'Produit de saison', defaultValue: false, locked: (row) => row?.id === 1, lockedLabel: 'Toujours de saison' }]}
          mayDeactivate={(row) => row.id !== 1}
          mayEdit={mayEdit}
        />
      </Suspense>
    </QueryClientProvider>,
  );
}

const table = () => screen.getByRole('table', { name: 'Groupes d’aliments' });
const frenchLabels = () =>
  within(table())
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[1]!.textContent);

describe('reference-table kit', () => {
  it('lists the labels in the four languages, the resource’s own field and the active flag, in order', async () => {
    renderKit();
    await waitFor(() => expect(frenchLabels()).toEqual(['Légumes', 'Féculents', 'Sucres']));
    const first = within(table()).getAllByRole('row')[1]!;
    expect(within(first).getByText('Légumes (ar)')).toHaveAttribute('dir', 'rtl');
    expect(within(first).getByText('Oui')).toBeInTheDocument();
    expect(within(first).getByText('En service')).toBeInTheDocument();
    expect(within(within(table()).getAllByRole('row')[3]!).getByText('Hors service')).toBeInTheDocument();
    // The protected row cannot be taken out of service; the first cannot go up, the last not down.
    expect(screen.queryByRole('button', { name: 'Mettre hors service : Légumes' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Monter Légumes' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Descendre Sucres' })).toBeDisabled();
  });

  it('moves a row down: POST /order with every id in the new order', async () => {
    renderKit();
    fireEvent.click(await screen.findByRole('button', { name: 'Descendre Légumes' }));
    await waitFor(() => expect(frenchLabels()).toEqual(['Féculents', 'Légumes', 'Sucres']));
    expect(requests).toContainEqual({ path: '/food-groups/order', method: 'POST', body: { ids: [2, 1, 3] } });
    expect(notify).toHaveBeenCalledWith('Ordre enregistré.', 'success');
  });

  it('shows the rows the user may not change read-only, and orders only the others (sport catalogs: the shared WellBe entries)', async () => {
    renderKit((row) => row.id !== 1);
    await screen.findByRole('button', { name: 'Descendre Féculents' });
    const shared = within(table()).getAllByRole('row').find((r) => within(r).queryByText('Légumes'))!;
    expect(within(shared).getByText('Commun WellBe')).toBeInTheDocument();
    expect(within(shared).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: 'Monter Féculents' })).toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Descendre Féculents' }));
    await waitFor(() => expect(requests).toContainEqual({ path: '/food-groups/order', method: 'POST', body: { ids: [3, 2] } }));
  });

  it('a refused reorder puts the rows back where they were', async () => {
    renderKit();
    await screen.findByRole('button', { name: 'Monter Sucres' });
    vi.mocked(api).mockImplementation(((path: string, options: RequestOptions = {}) =>
      path.endsWith('/order') ? Promise.reject(new Error('Ordre refusé.')) : fakeServer(path, options)) as typeof api);
    fireEvent.click(screen.getByRole('button', { name: 'Monter Sucres' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('Ordre refusé.', 'error'));
    await waitFor(() => expect(frenchLabels()).toEqual(['Légumes', 'Féculents', 'Sucres']));
  });

  it('creates a row: the four labels are required, with the French message', async () => {
    renderKit();
    fireEvent.click(await screen.findByRole('button', { name: 'Ajouter un groupe' }));
    const dialog = screen.getByRole('dialog', { name: 'Ajouter un groupe' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    expect(await within(dialog).findAllByText('Le libellé est obligatoire.')).toHaveLength(4);
    expect(requests.some((r) => r.method === 'POST' && r.path === '/food-groups')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText(/Libellé \(Français\)/), { target: { value: 'Fruits' } });
    fireEvent.change(within(dialog).getByLabelText(/Libellé \(English\)/), { target: { value: 'Fruit' } });
    fireEvent.change(within(dialog).getByLabelText(/Libellé \(Türkçe\)/), { target: { value: 'Meyve' } });
    fireEvent.change(within(dialog).getByLabelText(/Libellé \(العربية\)/), { target: { value: 'فواكه' } });
    fireEvent.click(within(dialog).getByRole('switch', { name: 'Produit de saison' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(frenchLabels()).toEqual(['Légumes', 'Féculents', 'Sucres', 'Fruits']));
    expect(requests).toContainEqual({ path: '/food-groups', method: 'POST', body: { labels: { fr: 'Fruits', en: 'Fruit', tr: 'Meyve', ar: 'فواكه' }, seasonal: true } });
    expect(notify).toHaveBeenCalledWith('Ajout effectué : Fruits.', 'success');
  });

  it('edits a row (PATCH) and keeps a locked field as it is', async () => {
    renderKit();
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier Légumes' }));
    const dialog = screen.getByRole('dialog', { name: 'Modifier le groupe' });
    expect(within(dialog).getByRole('switch', { name: 'Toujours de saison' })).toBeDisabled();
    const fr = within(dialog).getByLabelText(/Libellé \(Français\)/);
    fireEvent.change(fr, { target: { value: 'Légumes verts' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Enregistrer' }));
    await waitFor(() => expect(frenchLabels()[0]).toBe('Légumes verts'));
    expect(requests).toContainEqual({ path: '/food-groups/1', method: 'PATCH', body: { labels: { ...labels('Légumes'), fr: 'Légumes verts' }, seasonal: true } });
  });

  it('asks for confirmation before taking a row out of service; searches the labels without accents', async () => {
    renderKit();
    fireEvent.click(await screen.findByRole('button', { name: 'Mettre hors service : Féculents' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmation' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Mettre hors service : Féculents' }));
    fireEvent.click(within(await screen.findByRole('dialog', { name: 'Confirmation' })).getByRole('button', { name: 'Mettre hors service' }));
    await waitFor(() => expect(requests).toContainEqual({ path: '/food-groups/2', method: 'PATCH', body: { active: false } }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.change(screen.getByRole('searchbox', { name: 'Rechercher' }), { target: { value: 'FECUL' } });
    await waitFor(() => expect(frenchLabels()).toEqual(['Féculents']));
    expect(screen.getAllByText('4/4 langues').length).toBe(1);
  });

  it('takes a row out of service and back (PATCH active)', async () => {
    renderKit();
    fireEvent.click(await screen.findByRole('button', { name: 'Remettre en service : Sucres' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Mettre hors service : Sucres' })).toBeInTheDocument());
    expect(requests).toContainEqual({ path: '/food-groups/3', method: 'PATCH', body: { active: true } });
  });
});
