import { describe, expect, it, vi } from 'vitest';
import { fetchPage } from './page-cursors.ts';

describe('fetchPage (keyset paging behind page numbers)', () => {
  it('asks for the page after a shown one by its cursor, any other page by number', async () => {
    const get = vi.fn(async (cursor: string | undefined) => ({ nextCursor: `after-${cursor ?? 'start'}` }));
    await fetchPage(['users', { q: 'a' }], 1, get);
    await fetchPage(['users', { q: 'a' }], 2, get);
    await fetchPage(['users', { q: 'a' }], 3, get);
    // Another search, or a page jumped to: no cursor.
    await fetchPage(['users', { q: 'b' }], 2, get);
    await fetchPage(['users', { q: 'a' }], 7, get);
    expect(get.mock.calls.map(([cursor]) => cursor)).toEqual([undefined, 'after-start', 'after-after-start', undefined, undefined]);
  });

  it('remembers nothing from the last page (no nextCursor)', async () => {
    const get = vi.fn(async () => ({ nextCursor: null }));
    await fetchPage(['journal'], 1, get);
    await fetchPage(['journal'], 2, get);
    expect(get.mock.calls).toEqual([[undefined], [undefined]]);
  });
});
