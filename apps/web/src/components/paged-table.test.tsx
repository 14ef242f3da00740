import { TableCell, TableRow } from '@mui/material';
import { render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { i18nReady } from '../i18n/i18n.ts';
import { PagedTable, sharedWidths } from './paged-table.tsx';

beforeAll(async () => {
  await i18nReady;
});

const rows = [
  { id: 'a', name: 'Cabinet Démo' },
  { id: 'b', name: 'Centre Santé Nord' },
];

function Table({ loaded, stale = false, onOpen = () => {} }: { loaded: boolean; stale?: boolean; onOpen?: (id: string) => void }) {
  return (
    <PagedTable
      label="Organisations"
      columns={sharedWidths([
        { key: 'name', label: 'Nom', share: 3 },
        { key: 'city', label: 'Ville', share: 1 },
      ])}
      rows={loaded ? rows : undefined}
      renderRow={(r) => (
        <TableRow key={r.id}>
          <TableCell>
            <button type="button" onClick={() => onOpen(r.id)}>
              {r.name}
            </button>
          </TableCell>
          <TableCell>Lyon</TableCell>
        </TableRow>
      )}
      empty="Aucune organisation"
      loading={!loaded || stale}
      stale={stale}
      page={1}
      pageSize={25}
      pageSizes={[10, 25]}
      total={loaded ? 2 : 0}
      onPage={() => {}}
      onPageSize={() => {}}
    />
  );
}

describe('PagedTable', () => {
  it('gives the columns their shares of a fixed layout, the same before and after the rows arrive', () => {
    const { rerender } = render(<Table loaded={false} />);
    const widths = () => screen.getAllByRole('columnheader').map((th) => th.style.width || getComputedStyle(th).width);
    const before = widths();
    expect(before).toEqual(['75.00%', '25.00%']);
    rerender(<Table loaded />);
    expect(screen.getByRole('button', { name: 'Centre Santé Nord' })).toBeInTheDocument();
    expect(widths()).toEqual(before);
  });

  it('isolates the range left to right (Arabic read « 1–11 » as « 11–1 ») and keeps the page size named', () => {
    render(<Table loaded />);
    const range = screen.getByText('1–2');
    expect(range.tagName).toBe('BDI');
    expect(range).toHaveAttribute('dir', 'ltr');
    expect(range.parentElement).toHaveTextContent('1–2 sur 2');
    expect(screen.getByRole('combobox', { name: 'Lignes par page' })).toHaveTextContent('25');
  });

  it('keeps the previous rows drawn but out of reach while they answer a previous request, and gives them back with the answer', () => {
    const opened: string[] = [];
    const { rerender } = render(<Table loaded stale onOpen={(id) => opened.push(id)} />);
    const body = screen.getByRole('button', { name: 'Centre Santé Nord' }).closest('tbody')!;
    expect(body).toHaveAttribute('inert');
    expect(screen.getByRole('table', { name: 'Organisations' })).toHaveAttribute('aria-busy', 'true');
    rerender(<Table loaded onOpen={(id) => opened.push(id)} />);
    expect(body).not.toHaveAttribute('inert');
    screen.getByRole('button', { name: 'Centre Santé Nord' }).click();
    expect(opened).toEqual(['b']);
  });
});
