import { Alert, Box, LinearProgress, List, Table, TableBody, TableCell, TableContainer, TableHead, TablePagination, TableRow, TableSortLabel, Typography, useMediaQuery, useTheme } from '@mui/material';
import { useDeferredValue, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { WithLtr } from './ltr.tsx';
import styles from './paged-table.module.css';
import skeleton from './skeleton.module.css';

export interface PagedColumn {
  key: string;
  label: ReactNode;
  align?: 'right';
  /** The last column of actions stays in view while the rest of a wide table scrolls under it. */
  sticky?: boolean;
  /**
   * The column's share of the table (e.g. '20%'). When the columns have one, the table's layout is
   * fixed: the widths no longer follow the content, so nothing moves when the rows replace the
   * skeletons, and a long value wraps inside its cell.
   */
  width?: string;
  sx?: CSSProperties;
  /** A column the server sorts by: the header becomes a sort button. */
  sort?: { active: boolean; direction: 'asc' | 'desc'; onSort: () => void };
}

export interface PagedTableProps<T> {
  label: string;
  columns: PagedColumn[];
  /** undefined while nothing has loaded yet: neither rows nor the empty message then. */
  rows: T[] | undefined;
  renderRow: (row: T) => ReactNode;
  empty: ReactNode;
  loading: boolean;
  /**
   * The rows shown answer a previous request (a search being typed, the next page on its way):
   * they stay drawn, nothing moves, but take no click or focus until the answer (`inert`). A row
   * replaced under the pointer opened another patient's file than the one aimed at, and the
   * patient's access log showed it. Not while the same page is fetched again (after an action on
   * a row): the focus stays on its button.
   */
  stale?: boolean;
  error?: Error | null;
  /** 1-based page, as the APIs count it. */
  page: number;
  pageSize: number;
  pageSizes: number[];
  total: number;
  /** The server stopped counting at `total` (lib/keyset COUNT_CAP): shown "plus de 1 000". */
  totalCapped?: boolean;
  onPage: (page: number) => void;
  onPageSize: (pageSize: number) => void;
  /** On a phone, each row as a card of a list instead of a table scrolling sideways. */
  renderCard?: (row: T) => ReactNode;
  /** Height of a card on a phone (the skeleton shown before the first answer takes it). */
  cardHeight?: number;
  /** The narrowest a table of fixed widths gets before it scrolls sideways in its card (px). */
  minWidth?: number;
}

/**
 * Columns given their share of a table (any numbers: each one's part of their sum) as the widths
 * that fix its layout (PagedColumn.width): the shares need not add up to 100, and a column left
 * out (a role's) gives its part to the others.
 */
export function sharedWidths(columns: (PagedColumn & { share: number })[]): PagedColumn[] {
  const sum = columns.reduce((total, c) => total + c.share, 0);
  return columns.map(({ share, ...c }) => ({ ...c, width: `${((share / sum) * 100).toFixed(2)}%` }));
}

/**
 * Classes for a page's rows drawn in static CSS rather than MUI's TableRow, TableCell, ListItemButton
 * and Typography (the same look, no emotion work for each cell of 25 rows): `row` for a row that
 * opens its record, `hover` for one only tinted under the mouse, `cell` for each cell, with `end` (a
 * number), `nowrap`, `strong` or `sticky` (the last column of actions) beside it; `card` for a
 * phone's card (a button in the list's item), with its `cardTitle` and `cardLine`s.
 */
export const plainTable = {
  row: styles.row,
  hover: styles.hover,
  sticky: styles.sticky,
  cell: styles.cell,
  end: styles.end,
  nowrap: styles.nowrap,
  strong: styles.strong,
  card: styles.card,
  cardTitle: styles.cardTitle,
  cardLine: styles.cardLine,
} as const;

/** A row of a `size="small"` table: the skeleton rows take it, so nothing moves when the data arrives. */
export const ROW_HEIGHT = 33;

/**
 * A server-paged table (users, organisations, patients, journal): progress bar, error, header,
 * rows, the empty message, and the pagination. Wider than its card, it scrolls inside the card.
 */
export function PagedTable<T>({ label, columns, rows: answered, renderRow, renderCard, cardHeight = 84, minWidth = 760, empty, loading, stale = false, error, page, pageSize, pageSizes, total, totalCapped, onPage, onPageSize }: PagedTableProps<T>) {
  const { t } = useTranslation('common');
  // A page's rows are drawn from a deferred value: React renders them in slices the browser can
  // paint and answer input between, where react-query's update (an external store's) was rendered
  // in one task — 25 cards or rows of a phone's patient list, ~55 ms of a loaded machine's main
  // thread, four times that at Lighthouse's mobile slowdown (issue 31). The skeletons or the
  // previous page stay drawn meanwhile, so nothing moves.
  const rows = useDeferredValue(answered);
  // The answer arrived but its rows are not drawn yet: those on screen are still the previous ones.
  const inert = stale || rows !== answered;
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const cards = phone && !!renderCard;
  // Past the last page (rows deleted, a stale link), show the last one rather than an empty range.
  // A capped total: past it the count is unknown (-1) until a short page shows where the end is.
  const lastReached = !!rows && rows.length < pageSize;
  const count = totalCapped && !lastReached ? -1 : totalCapped && rows ? (page - 1) * pageSize + rows.length : total;
  const shownPage = count === -1 ? page - 1 : Math.min(page - 1, Math.max(0, Math.ceil(count / pageSize) - 1));
  // Before the first answer, skeletons of the final height hold the place (no layout shift).
  const skeletons = rows === undefined && !error ? Array.from({ length: pageSize }, (_, i) => i) : [];
  const fixed = columns.some((c) => c.width);
  return (
    <>
      <Box sx={{ height: 4 }}>{loading && <LinearProgress aria-label={t('table.loading')} />}</Box>
      {error && <Alert severity="error">{error.message}</Alert>}
      {cards ? (
        <List aria-label={label} aria-busy={loading} inert={inert} sx={{ display: 'grid', gap: 1, py: 1 }}>
          {skeletons.map((i) => (
            <li key={i} aria-hidden className={`${skeleton.bar} ${skeleton.rounded}`} style={{ height: cardHeight }} />
          ))}
          {rows?.map(renderCard)}
          {rows && rows.length === 0 && <Typography color="textSecondary" sx={{ py: 2, textAlign: 'center' }}>{empty}</Typography>}
        </List>
      ) : (
      // Focusable, named region: a table wider than a phone scrolls here, and a keyboard must reach
      // it even when its rows hold nothing focusable (the journal: axe's scrollable-region-focusable).
      <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={label}>
        <Table
          size="small"
          aria-label={label}
          aria-busy={loading}
          className={fixed ? styles.fixed : undefined}
          sx={{ '& .MuiTableCell-root': { px: 1.5 }, ...(fixed ? { tableLayout: 'fixed', minWidth, '& .MuiTableCell-body': { overflowWrap: 'anywhere' } } : {}) }}
        >
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell
                  key={c.key}
                  align={c.align}
                  sortDirection={c.sort?.active ? c.sort.direction : false}
                  // The header of a sticky actions column takes the rows' class: opaque, so the scrolled columns pass under it.
                  className={c.sticky ? styles.sticky : undefined}
                  sx={{ ...(c.width ? { width: c.width } : {}), ...c.sx }}
                >
                  {c.sort ? (
                    <TableSortLabel active={c.sort.active} direction={c.sort.active ? c.sort.direction : 'asc'} onClick={c.sort.onSort}>
                      {c.label}
                    </TableSortLabel>
                  ) : (
                    c.label
                  )}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody inert={inert}>
            {skeletons.map((i) => (
              <tr key={i} aria-hidden style={{ height: ROW_HEIGHT }}>
                {columns.map((c) => (
                  <td key={c.key} className={styles.cell}>
                    <span className={`${skeleton.bar} ${skeleton.text}`} />
                  </td>
                ))}
              </tr>
            ))}
            {rows?.map(renderRow)}
            {rows && rows.length === 0 && (
              <TableRow>
                <TableCell colSpan={columns.length}>
                  <Typography color="textSecondary" sx={{ py: 2, textAlign: 'center' }}>
                    {empty}
                  </Typography>
                </TableCell>
              </TableRow>
            )}
          </TableBody>
        </Table>
      </TableContainer>
      )}
      <TablePagination
        component="div"
        // The range's width held from the skeletons' « 0–0 sur 0 » to « 1–25 sur 1 200 »: its growth
        // moved the page size beside it. On a phone, the page size's label (still the select's name,
        // by aria-labelledby) gives its place to the arrows, which were scrolled out of the bar.
        sx={{
          '& .MuiTablePagination-displayedRows': { minWidth: { sm: '8.5em' }, textAlign: 'end' },
          '& .MuiTablePagination-selectLabel': { display: { xs: 'none', sm: 'block' } },
        }}
        count={count}
        page={shownPage}
        rowsPerPage={pageSize}
        rowsPerPageOptions={pageSizes}
        onPageChange={(_, p) => onPage(p + 1)}
        onRowsPerPageChange={(e) => onPageSize(Number(e.target.value))}
        labelRowsPerPage={t('table.rowsPerPage')}
        // The range isolated left to right: in Arabic, « 1–11 » read « 11–1 ».
        labelDisplayedRows={({ from, to, count: shown }) => (
          <WithLtr text={(range) => (shown === -1 ? t('table.displayedRowsMore', { range, count: total }) : t('table.displayedRows', { range, count: shown }))} value={`${from}–${to}`} />
        )}
      />
    </>
  );
}
