// Statistical disclosure control of /statistics: no count of 1 to 4 leaves the server, and none can
// be computed back from what is shown. Hiding a small cell ("< 5", primary suppression) is not
// enough when a total or a row of the same table is shown: a total of 7 with cells 6 and "< 5" gives
// the hidden 1 back. So the cells are tied by their sums ("this total is the sum of these cells",
// rows and columns alike), and more cells are hidden ("secret", secondary suppression) until no
// hidden value can be deduced from the shown ones, the sums and the known ranges of hidden cells.

/** Below this, a count is hidden (issue: "fewer than 5 patients in a cell shows '< 5'"). */
export const STAT_MASK_BELOW = 5;
/** A count of 1 to 4: its range (1–4) is public, its value is not. */
export const STAT_MASKED = '< 5' as const;
/**
 * A count hidden so that no "< 5" can be computed back from the sums around it (any value from 1
 * up: a count of 1 to 4 also shows so when its table needs it, so the word says nothing of size).
 */
export const STAT_SECRET = 'secret' as const;

/** A count as the API answers it: the number, "< 5" (1 to 4), or "secret" (hidden to protect another). */
export type StatCount = number | typeof STAT_MASKED | typeof STAT_SECRET;

export type Disclosure = 'shown' | 'masked' | 'secret';

/** Primary suppression alone (a figure tied to no sum): the number, or "< 5" when 1 to 4. */
export function maskCount(n: number): typeof STAT_MASKED | number {
  return n > 0 && n < STAT_MASK_BELOW ? STAT_MASKED : n;
}

/** Whether a count as answered is a number one may compute with (a rate, a change). */
export function isShown(c: StatCount): c is number {
  return typeof c === 'number';
}

/** `total` (a cell) is the sum of `parts` (cells): a row, a column, or a list and its total. */
export interface SumRule {
  total: number;
  parts: number[];
}

function initialState(value: number): Disclosure {
  return maskCount(value) === STAT_MASKED ? 'masked' : 'shown';
}

/** What a reader knows of each cell: its value when shown, else the range its marker tells. */
function publicRanges(values: number[], states: Disclosure[]): { lo: number[]; hi: number[] } {
  const lo = values.map((v, i) => (states[i] === 'shown' ? v : 1));
  const hi = values.map((v, i) => (states[i] === 'shown' ? v : states[i] === 'masked' ? STAT_MASK_BELOW - 1 : Infinity));
  return { lo, hi };
}

/**
 * The ranges a reader deduces from the public ranges and every sum, combined (interval propagation
 * to a fixed point: a row's bound tightens a column, and so on).
 */
export function deducedRanges(values: number[], states: Disclosure[], rules: SumRule[]): { lo: number[]; hi: number[] } {
  const { lo, hi } = publicRanges(values, states);
  for (let round = 0; round < 4 * values.length + 8; round++) {
    let changed = false;
    const tighten = (i: number, newLo: number, newHi: number) => {
      if (newLo > lo[i]) {
        lo[i] = newLo;
        changed = true;
      }
      if (newHi < hi[i]) {
        hi[i] = newHi;
        changed = true;
      }
    };
    for (const { total, parts } of rules) {
      const sumLo = parts.reduce((s, p) => s + lo[p], 0);
      const infinite = parts.filter((p) => hi[p] === Infinity).length;
      const finiteHi = parts.reduce((s, p) => s + (hi[p] === Infinity ? 0 : hi[p]), 0);
      tighten(total, sumLo, infinite > 0 ? Infinity : finiteHi);
      for (const p of parts) {
        const unbounded = hi[p] === Infinity;
        const othersHi = infinite - (unbounded ? 1 : 0) > 0 ? Infinity : finiteHi - (unbounded ? 0 : hi[p]);
        tighten(p, lo[total] - othersHi, hi[total] - (sumLo - lo[p]));
      }
    }
    if (!changed) break;
  }
  return { lo, hi };
}

/** Hidden cells whose value a reader can deduce exactly (empty when the table is safe). */
export function exposedCells(values: number[], states: Disclosure[], rules: SumRule[]): number[] {
  const { lo, hi } = deducedRanges(values, states, rules);
  return values.map((_, i) => i).filter((i) => states[i] !== 'shown' && lo[i] >= hi[i]);
}

/**
 * Primary then secondary suppression. While a hidden cell can be deduced, one of its sums is
 * strengthened: its "< 5" cells become "secret" (their 1–4 range no longer bounds the others),
 * else its smallest shown non-zero part is hidden, else its total. Zeros stay shown (a hidden zero
 * would tell nothing the list does not).
 */
export function suppress(values: number[], rules: SumRule[]): Disclosure[] {
  const states = values.map(initialState);
  const rulesOf = (cell: number) => rules.filter((r) => r.total === cell || r.parts.includes(cell));
  // Each step hides a shown cell or turns a "< 5" into "secret": at most two per cell.
  for (let round = 0; round <= 2 * values.length; round++) {
    const exposed = exposedCells(values, states, rules);
    if (exposed.length === 0) break;
    // A cell or a "< 5" of any of its sums first; a total (a headline figure) only when none is left.
    const step = (hideTotal: boolean) => exposed.some((cell) => rulesOf(cell).some((rule) => strengthen(values, states, rule, hideTotal)));
    if (!step(false) && !step(true)) break;
  }
  return states;
}

function strengthen(values: number[], states: Disclosure[], rule: SumRule, hideTotal: boolean): boolean {
  const members = [rule.total, ...rule.parts];
  const masked = members.filter((i) => states[i] === 'masked');
  if (masked.length > 0) {
    for (const i of masked) states[i] = 'secret';
    return true;
  }
  const candidates = rule.parts.filter((i) => states[i] === 'shown' && values[i] > 0).sort((a, b) => values[a] - values[b]);
  const next = candidates[0] ?? (hideTotal && states[rule.total] === 'shown' && values[rule.total] > 0 ? rule.total : undefined);
  if (next === undefined) return false;
  states[next] = 'secret';
  return true;
}

/**
 * Collects the counts of one answer and the sums that tie them, then tells how each is shown:
 * `cell` registers a count, `sum` a total and its parts, `resolve` runs the suppression.
 */
export class DisclosureTable {
  private readonly values: number[] = [];
  private readonly rules: SumRule[] = [];

  cell(value: number): number {
    this.values.push(value);
    return this.values.length - 1;
  }

  sum(total: number, parts: number[]): void {
    if (parts.length > 0) this.rules.push({ total, parts });
  }

  resolve(): (cell: number) => StatCount {
    const states = suppress(this.values, this.rules);
    return (cell) => (states[cell] === 'shown' ? this.values[cell] : states[cell] === 'masked' ? STAT_MASKED : STAT_SECRET);
  }
}
