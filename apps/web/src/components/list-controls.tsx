import { InputAdornment, TextField } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import { isStale } from '../lib/typed-search.ts';
import type { ListState } from '../lib/use-list-state.ts';
import type { PagedTableProps } from './paged-table.tsx';

// The set-up every paged list shares (users, organisations, patients, journal): the search box
// bound to the list state of the URL, and the table's paging wired to the same state.

/** The list's search box: it shows the draft while typing, the URL follows after the pause. */
export function ListSearchField<F extends string, S extends string>({ list, label }: { list: ListState<F, S>; label: string }) {
  return (
    <TextField
      size="small"
      label={label}
      value={list.drafts.q}
      onChange={(e) => list.setDraft('q', e.target.value)}
      sx={{ minWidth: 280, flex: 1 }}
      slotProps={{ input: { startAdornment: <InputAdornment position="start"><SearchIcon /></InputAdornment> } }}
    />
  );
}

type Paging = Pick<PagedTableProps<unknown>, 'loading' | 'stale' | 'error' | 'page' | 'pageSize' | 'pageSizes' | 'total' | 'totalCapped' | 'onPage' | 'onPageSize'>;

/** PagedTable's paging props for a list state and the query of its page (any page changes the URL). */
export function listPaging<F extends string, S extends string>(
  list: ListState<F, S>,
  query: { isFetching: boolean; isPlaceholderData: boolean; error: Error | null; data?: { total: number; totalCapped?: boolean } },
  pageSizes: number[],
): Paging {
  return {
    // Busy from the first key typed: during the pause, and while the router renders the new URL (a
    // transition), the rows still answer the previous search; a click on one could miss.
    loading: query.isFetching || list.pending,
    // The rows answer the previous search or page (react-query keeps them while the next loads).
    stale: isStale(!list.pending, query),
    error: query.error,
    page: list.page,
    pageSize: list.pageSize,
    pageSizes,
    total: query.data?.total ?? 0,
    totalCapped: query.data?.totalCapped,
    onPage: (page) => list.update({ page } as Parameters<ListState<F, S>['update']>[0]),
    onPageSize: (pageSize) => list.update({ pageSize } as Parameters<ListState<F, S>['update']>[0]),
  };
}
