import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DisclosureTable, exposedCells, suppress, type SumRule } from './disclosure.ts';

// The rule of /statistics' hidden counts: no count of 1 to 4 is shown, and none can be computed
// back from a shown total, row or column (by subtraction, or with the ranges the markers tell).

/** A table of rows × columns with its row totals, column totals and grand total, as cells and sums. */
function crossTable(inner: number[][]): { values: number[]; rules: SumRule[] } {
  const values: number[] = [];
  const cell = (v: number) => values.push(v) - 1;
  const ids = inner.map((row) => row.map(cell));
  const rowTotals = inner.map((row) => cell(row.reduce((a, b) => a + b, 0)));
  const columns = inner[0].map((_, c) => inner.reduce((s, row) => s + row[c], 0));
  const columnTotals = columns.map(cell);
  const grand = cell(columns.reduce((a, b) => a + b, 0));
  const rules: SumRule[] = [
    ...ids.map((row, r) => ({ total: rowTotals[r], parts: row })),
    ...columnTotals.map((total, c) => ({ total, parts: ids.map((row) => row[c]) })),
    { total: grand, parts: rowTotals },
    { total: grand, parts: columnTotals },
  ];
  return { values, rules };
}

/** Counts as a small practice has them: many zeros and counts under 5, some larger. */
const count = fc.oneof({ weight: 2, arbitrary: fc.constant(0) }, { weight: 4, arbitrary: fc.integer({ min: 1, max: 4 }) }, { weight: 3, arbitrary: fc.integer({ min: 5, max: 40 }) });

function assertProtected(values: number[], rules: SumRule[]) {
  const states = suppress(values, rules);
  values.forEach((v, i) => {
    // Every count of 1 to 4 is hidden; zeros and what is shown are exact.
    if (v >= 1 && v <= 4) expect(states[i]).not.toBe('shown');
    if (v === 0) expect(states[i]).toBe('shown');
  });
  // By subtraction: no sum leaves exactly one hidden member.
  for (const rule of rules) expect([rule.total, ...rule.parts].filter((i) => states[i] !== 'shown')).not.toHaveLength(1);
  // With every sum and the markers' ranges combined: no hidden value is pinned down.
  expect(exposedCells(values, states, rules)).toEqual([]);
}

describe('suppression of small counts', () => {
  it('the issue’s case: a total of 7 with 6 and "< 5" hides a second cell, so the 1 is not given back', () => {
    const table = new DisclosureTable();
    const total = table.cell(7);
    const months = [table.cell(6), table.cell(1)];
    table.sum(total, months);
    const shown = table.resolve();
    expect([total, ...months].map(shown)).toEqual([7, 'secret', 'secret']);
  });

  it('keeps "< 5" where the sums give nothing away, and shows a table with no small count whole', () => {
    const table = new DisclosureTable();
    const total = table.cell(10);
    const parts = [3, 4, 3].map((v) => table.cell(v));
    table.sum(total, parts);
    const shown = table.resolve();
    expect([total, ...parts].map(shown)).toEqual([10, '< 5', '< 5', '< 5']);

    const big = new DisclosureTable();
    const t2 = big.cell(30);
    const p2 = [10, 0, 20].map((v) => big.cell(v));
    big.sum(t2, p2);
    expect([t2, ...p2].map(big.resolve())).toEqual([30, 10, 0, 20]);
  });

  it('ranges count too: two "< 5" summing to 2 are both 1, so they are protected further', () => {
    const values = [7, 5, 1, 1];
    const rules = [{ total: 0, parts: [1, 2, 3] }];
    expect(exposedCells(values, ['shown', 'shown', 'masked', 'masked'], rules)).toEqual([2, 3]);
    assertProtected(values, rules);
  });

  it('a total of 4 over four periods of 1: the total is hidden too, nothing is pinned', () => {
    assertProtected([4, 1, 1, 1, 1], [{ total: 0, parts: [1, 2, 3, 4] }]);
  });

  it('property: any list and its total', () => {
    fc.assert(
      fc.property(fc.array(count, { minLength: 1, maxLength: 12 }), (parts) => {
        const values = [parts.reduce((a, b) => a + b, 0), ...parts];
        assertProtected(values, [{ total: 0, parts: parts.map((_, i) => i + 1) }]);
      }),
      { numRuns: 500 },
    );
  });

  it('property: any table with its row, column and grand totals', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 6 }).chain((columns) => fc.array(fc.array(count, { minLength: columns, maxLength: columns }), { minLength: 1, maxLength: 8 })),
        (inner) => {
          const { values, rules } = crossTable(inner);
          assertProtected(values, rules);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('property: one total broken down several ways (periods, practitioners, specialities)', () => {
    fc.assert(
      fc.property(fc.array(count, { minLength: 1, maxLength: 8 }), fc.array(count, { minLength: 1, maxLength: 5 }), (a, b) => {
        // Two breakdowns of the same total: b is rescaled so that both sum to it.
        const total = a.reduce((x, y) => x + y, 0);
        const sumB = b.reduce((x, y) => x + y, 0);
        const fitted = sumB === total ? b : [...b.slice(0, -1), Math.max(0, total - b.slice(0, -1).reduce((x, y) => x + y, 0))];
        if (fitted.reduce((x, y) => x + y, 0) !== total) return;
        const values = [total, ...a, ...fitted];
        const rules = [
          { total: 0, parts: a.map((_, i) => 1 + i) },
          { total: 0, parts: fitted.map((_, i) => 1 + a.length + i) },
        ];
        assertProtected(values, rules);
      }),
      { numRuns: 300 },
    );
  });
});
