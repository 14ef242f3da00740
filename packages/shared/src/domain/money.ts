// Money rules shared by the server and the web (DESIGN §9 "Money"): amounts are integer cents in
// the database, the API and the UI's state; formatting happens only at display.

export const PAYMENT_MODES = ['cash', 'cheque', 'card', 'transfer'] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

export const PAYMENT_MODE_LABELS: Record<PaymentMode, string> = {
  cash: 'Espèces',
  cheque: 'Chèque',
  card: 'Carte bancaire',
  transfer: 'Virement',
};

/** The mention of a health act (CGI art. 261-4-1°): exempt from VAT. */
export const VAT_EXEMPT_MENTION = 'TVA non applicable, article 261-4-1° du CGI';

// Made on first use, not as the module is evaluated: a page that imports this module for its
// constants (the dashboard's invoices card) does not pay for a formatter it may not draw (issue 31).
let euros: Intl.NumberFormat | undefined;

/** 12345 → "123,45 €" (display only). */
export function formatEuros(cents: number): string {
  euros ??= new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });
  return euros.format(cents / 100);
}

/**
 * 12345 → "123,45", -5 → "-0,05": a decimal comma and no grouping, what French Excel reads as a
 * number in a CSV cell. Integer arithmetic: no float ever touches a cent.
 */
export function centsToDecimalComma(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** The inverse, for tests and imports: "123,45" → 12345. */
export function decimalCommaToCents(text: string): number {
  const m = /^(-?)(\d+),(\d{2})$/.exec(text.trim());
  if (!m) throw new Error(`Montant illisible : ${text}`);
  return (m[1] ? -1 : 1) * (Number(m[2]) * 100 + Number(m[3]));
}

export interface LineAmounts {
  quantity: number;
  unitPriceCents: number;
  discountCents?: number;
}

/** A line's total: quantity × unit price − discount (the discount never exceeds the line). */
export function lineTotalCents(line: LineAmounts): number {
  return line.quantity * line.unitPriceCents - (line.discountCents ?? 0);
}

/** VAT included in a total at a rate in basis points (2000 = 20 %), rounded to the cent. */
export function vatOfTotal(totalCents: number, rateBp: number): number {
  return Math.round((totalCents * rateBp) / (10_000 + rateBp));
}

/** "2026-000001": the year and the rank in the issuer's series, six digits. */
export function invoiceNumber(year: number, rank: number, prefix = ''): string {
  return `${prefix}${year}-${String(rank).padStart(6, '0')}`;
}

export interface BookPayment {
  /** The day of the payment in the organisation's time zone, YYYY-MM-DD. */
  day: string;
  mode: PaymentMode;
  amountCents: number;
}

export interface BookTotals {
  totalCents: number;
  byMode: Record<PaymentMode, number>;
  /** Per month 'YYYY-MM', in calendar order. */
  byMonth: { month: string; totalCents: number }[];
}

/** The totals of a receipts book (livre des recettes): overall, per mode, per month. */
export function bookTotals(payments: readonly BookPayment[]): BookTotals {
  const byMode: Record<PaymentMode, number> = { cash: 0, cheque: 0, card: 0, transfer: 0 };
  const months = new Map<string, number>();
  let totalCents = 0;
  for (const p of payments) {
    totalCents += p.amountCents;
    byMode[p.mode] += p.amountCents;
    const month = p.day.slice(0, 7);
    months.set(month, (months.get(month) ?? 0) + p.amountCents);
  }
  const byMonth = [...months.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([month, cents]) => ({ month, totalCents: cents }));
  return { totalCents, byMode, byMonth };
}

/** What a user types in an amount field ("25", "25,5", "25.50", "1 200,00") → cents; null when it is not an amount. */
export function eurosInputToCents(text: string): number | null {
  const m = /^(\d{1,8})(?:[.,](\d{1,2}))?$/.exec(text.replace(/[\s\u00a0\u202f€]/g, ''));
  if (!m) return null;
  return Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
}
