import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useListState, type ListStateConfig } from './use-list-state.ts';

// The list pages keep search, page, page size, sort and filters in the URL.

const CONFIG: ListStateConfig<'archived' | 'action', 'name' | 'birthDate'> = {
  pageSizes: [25, 50],
  pageSize: 25,
  sorts: ['name', 'birthDate'],
  filters: ['archived', 'action'],
  textFilters: ['action'],
  debounceMs: 300,
};

function List() {
  const list = useListState(CONFIG);
  const location = useLocation();
  return (
    <div>
      <input aria-label="Rechercher" value={list.drafts.q} onChange={(e) => list.setDraft('q', e.target.value)} />
      <input aria-label="Action" value={list.drafts.action} onChange={(e) => list.setDraft('action', e.target.value)} />
      <button onClick={() => list.update({ page: list.page + 1 })}>Suivante</button>
      <button onClick={() => list.update({ pageSize: 50 })}>50 par page</button>
      <button onClick={() => list.toggleSort('birthDate')}>Trier par naissance</button>
      <button onClick={() => list.update({ filters: { archived: list.filters.archived ? '' : '1' } })}>Archivés</button>
      <button onClick={list.clear}>Effacer</button>
      <output aria-label="état">{JSON.stringify({ q: list.q, page: list.page, pageSize: list.pageSize, sort: list.sort, order: list.order, ...list.filters })}</output>
      <output aria-label="url">{location.search}</output>
      <output aria-label="en attente">{String(list.pending)}</output>
    </div>
  );
}

function renderAt(url: string) {
  const router = createMemoryRouter([{ path: '/liste', element: <List /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}
const state = () => JSON.parse(screen.getByLabelText('état').textContent!) as Record<string, unknown>;
const url = () => screen.getByLabelText('url').textContent;
const pending = () => screen.getByLabelText('en attente').textContent;

afterEach(() => vi.useRealTimers());

describe('useListState', () => {
  it('reads the whole state from the URL (what a reload does), defaults when absent or invalid', () => {
    renderAt('/liste?q=martin&page=3&pageSize=50&sort=birthDate&order=desc&archived=1&onglet=x');
    expect(state()).toEqual({ q: 'martin', page: 3, pageSize: 50, sort: 'birthDate', order: 'desc', archived: '1', action: '' });
    expect(screen.getByLabelText('Rechercher')).toHaveValue('martin');
    act(() => screen.getByText('Effacer').click());
    // Parameters the hook does not own stay.
    expect(url()).toBe('?pageSize=50&sort=birthDate&order=desc&onglet=x');
  });

  it('ignores values it does not accept', () => {
    renderAt('/liste?page=-4&pageSize=7&sort=password&order=sideways');
    expect(state()).toMatchObject({ page: 1, pageSize: 25, sort: 'name', order: 'asc' });
  });

  it('writes the typed search into the URL after the pause, from page 1, trimmed', () => {
    vi.useFakeTimers();
    renderAt('/liste?page=4');
    expect(pending()).toBe('false');
    fireEvent.change(screen.getByLabelText('Rechercher'), { target: { value: 'hélène ' } });
    // From the first key the rows answer an older search (the list says it is busy).
    expect(pending()).toBe('true');
    act(() => {
      vi.advanceTimersByTime(299);
    });
    expect(url()).toBe('?page=4');
    expect(pending()).toBe('true');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(url()).toBe('?q=h%C3%A9l%C3%A8ne');
    expect(state()).toMatchObject({ q: 'hélène', page: 1 });
    expect(screen.getByLabelText('Rechercher')).toHaveValue('hélène ');
    // Applied, trimmed: the trailing space typed is not a search still to come.
    expect(pending()).toBe('false');
  });

  it('a typed filter follows the same pause; paging keeps the filters, any other change goes back to page 1', () => {
    vi.useFakeTimers();
    renderAt('/liste');
    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'patient.read' } });
    act(() => {
      vi.advanceTimersByTime(300);
    });
    act(() => screen.getByText('Suivante').click());
    act(() => screen.getByText('Suivante').click());
    expect(state()).toMatchObject({ action: 'patient.read', page: 3 });
    act(() => screen.getByText('Archivés').click());
    expect(state()).toMatchObject({ action: 'patient.read', archived: '1', page: 1 });
    act(() => screen.getByText('Suivante').click());
    act(() => screen.getByText('50 par page').click());
    expect(state()).toMatchObject({ pageSize: 50, page: 1 });
  });

  it('a header click sorts ascending, a second click descending', () => {
    renderAt('/liste');
    act(() => screen.getByText('Trier par naissance').click());
    expect(state()).toMatchObject({ sort: 'birthDate', order: 'asc' });
    act(() => screen.getByText('Trier par naissance').click());
    expect(state()).toMatchObject({ sort: 'birthDate', order: 'desc' });
    expect(url()).toBe('?sort=birthDate&order=desc');
  });

  it('the back button brings the previous search back into the box', async () => {
    const router = renderAt('/liste?q=dupont');
    await act(() => router.navigate('/liste?q=martin'));
    expect(screen.getByLabelText('Rechercher')).toHaveValue('martin');
    await act(() => router.navigate(-1));
    expect(screen.getByLabelText('Rechercher')).toHaveValue('dupont');
    expect(state()).toMatchObject({ q: 'dupont' });
  });
});
