import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useDebouncedValue } from './use-debounced-value.ts';

// The state of a list page (search, page, page size, sort, filters) lives in the URL: a reload, the
// back button or a shared link shows the same selection. Every list page (users, organisations,
// journal, patients) reads and writes it through this one hook. Values equal to their default stay
// out of the URL; parameters the hook does not own (e.g. an `onglet`) are kept as they are.

export type SortOrder = 'asc' | 'desc';

export interface ListStateConfig<F extends string = never, S extends string = string> {
  pageSizes: readonly number[];
  /** Default page size; must be one of `pageSizes`. */
  pageSize: number;
  /** Accepted sort columns; the first is the default. Without it, the list has no sort. */
  sorts?: readonly S[];
  /** Default order (ascending unless told). */
  order?: SortOrder;
  /** Filter parameters kept in the URL, '' meaning "no filter". */
  filters?: readonly F[];
  /** Filters typed as text: like the search, applied after a pause rather than at each key. */
  textFilters?: readonly F[];
  /** The typing pause, 300 ms by default. */
  debounceMs?: number;
}

export interface ListParams<F extends string, S extends string> {
  q: string;
  page: number;
  pageSize: number;
  sort: S;
  order: SortOrder;
  filters: Record<F, string>;
}

export type ListPatch<F extends string, S extends string> = Partial<Omit<ListParams<F, S>, 'filters'>> & { filters?: Partial<Record<F, string>> };

export interface ListState<F extends string, S extends string> extends ListParams<F, S> {
  /** What the search box and the text filters show while typing (`q` and the text filters of the URL follow after the pause). */
  drafts: Record<'q' | F, string>;
  /** A typed search or filter not yet applied: the rows on screen answer an older one. */
  pending: boolean;
  setDraft: (key: 'q' | F, value: string) => void;
  /** Changes the URL state; any change but the page itself goes back to page 1. */
  update: (patch: ListPatch<F, S>) => void;
  /** A click on a column header: that column ascending, or the other order if it already sorts. */
  toggleSort: (column: S) => void;
  /** Clears search and filters (page size and sort stay). */
  clear: () => void;
}

export function readListParams<F extends string, S extends string>(search: URLSearchParams, config: ListStateConfig<F, S>): ListParams<F, S> {
  const pageSize = Number(search.get('pageSize'));
  const sort = search.get('sort') ?? '';
  const filters = {} as Record<F, string>;
  for (const key of config.filters ?? []) filters[key] = search.get(key) ?? '';
  return {
    q: search.get('q') ?? '',
    page: Math.max(1, Math.floor(Number(search.get('page'))) || 1),
    pageSize: config.pageSizes.includes(pageSize) ? pageSize : config.pageSize,
    sort: (config.sorts?.includes(sort as S) ? sort : (config.sorts?.[0] ?? '')) as S,
    order: search.get('order') === 'desc' ? 'desc' : search.get('order') === 'asc' ? 'asc' : (config.order ?? 'asc'),
    filters,
  };
}

function writeListParams<F extends string, S extends string>(previous: URLSearchParams, next: ListParams<F, S>, config: ListStateConfig<F, S>): URLSearchParams {
  const out = new URLSearchParams(previous);
  const put = (key: string, value: string, fallback: string) => (value && value !== fallback ? out.set(key, value) : out.delete(key));
  put('q', next.q, '');
  put('page', String(next.page), '1');
  put('pageSize', String(next.pageSize), String(config.pageSize));
  if (config.sorts) {
    put('sort', next.sort, config.sorts[0] ?? '');
    put('order', next.order, config.order ?? 'asc');
  }
  for (const key of config.filters ?? []) put(key, next.filters[key] ?? '', '');
  return out;
}

/** Pass a config defined once at module level (its identity keeps the callbacks stable). */
export function useListState<F extends string = never, S extends string = string>(config: ListStateConfig<F, S>): ListState<F, S> {
  const [search, setSearch] = useSearchParams();
  const params = useMemo(() => readListParams(search, config), [search, config]);
  const textKeys = useMemo(() => ['q', ...(config.textFilters ?? [])] as ('q' | F)[], [config]);
  const urlText = (p: ListParams<F, S>, key: 'q' | F) => (key === 'q' ? p.q : p.filters[key as F]);

  const update = useCallback(
    (patch: ListPatch<F, S>) =>
      setSearch(
        (previous) => {
          const current = readListParams(previous, config);
          const next: ListParams<F, S> = { ...current, ...patch, filters: { ...current.filters, ...patch.filters } };
          if (patch.page === undefined) next.page = 1;
          return writeListParams(previous, next, config);
        },
        { replace: true },
      ),
    [setSearch, config],
  );

  // The text boxes show drafts; after the pause, the trimmed drafts become the URL state.
  const [drafts, setDrafts] = useState(() => Object.fromEntries(textKeys.map((key) => [key, urlText(params, key)])) as Record<'q' | F, string>);
  const settled = useDebouncedValue(drafts, config.debounceMs ?? 300);
  const pushed = useRef(settled);
  useEffect(() => {
    if (settled === pushed.current) return;
    pushed.current = settled;
    const patch: ListPatch<F, S> = { filters: {} };
    let changed = false;
    for (const key of textKeys) {
      const value = settled[key].trim();
      if (value === urlText(params, key)) continue;
      changed = true;
      if (key === 'q') patch.q = value;
      else patch.filters![key as F] = value;
    }
    if (changed) update(patch);
    // Only a settled draft pushes (deps: settled alone): the URL changing on its own must not push old drafts back.
  }, [settled]);
  // The URL changed from elsewhere (back button, 'Effacer les filtres', a link): the boxes follow.
  const urlTexts = textKeys.map((key) => urlText(params, key)).join('\u0000');
  useEffect(() => {
    setDrafts((current) => {
      const next = { ...current };
      let changed = false;
      for (const key of textKeys) {
        const value = urlText(params, key);
        if (current[key].trim() !== value) {
          next[key] = value;
          changed = true;
        }
      }
      return changed ? next : current;
    });
  }, [urlTexts]);

  const setDraft = useCallback((key: 'q' | F, value: string) => setDrafts((d) => ({ ...d, [key]: value })), []);
  const toggleSort = useCallback(
    (column: S) => update({ sort: column, order: params.sort === column && params.order === 'asc' ? 'desc' : 'asc' }),
    [update, params.sort, params.order],
  );
  const clear = useCallback(() => {
    const empty = Object.fromEntries((config.filters ?? []).map((key) => [key, ''])) as Record<F, string>;
    setDrafts(Object.fromEntries(textKeys.map((key) => [key, ''])) as Record<'q' | F, string>);
    update({ q: '', filters: empty });
  }, [config, textKeys, update]);

  const pending = textKeys.some((key) => drafts[key].trim() !== urlText(params, key));
  return { ...params, drafts, pending, setDraft, update, toggleSort, clear };
}
