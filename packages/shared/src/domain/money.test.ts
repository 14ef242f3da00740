import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookTotals, centsToDecimalComma, decimalCommaToCents, formatEuros, invoiceNumber, lineTotalCents, PAYMENT_MODES } from './money.ts';

describe('money', () => {
  it('writes cents with a decimal comma and reads them back exactly', () => {
    expect(centsToDecimalComma(12345)).toBe('123,45');
    expect(centsToDecimalComma(5)).toBe('0,05');
    expect(centsToDecimalComma(-1000)).toBe('-10,00');
    fc.assert(fc.property(fc.integer({ min: -2_147_483_648, max: 2_147_483_647 }), (n) => decimalCommaToCents(centsToDecimalComma(n)) === n));
  });

  it('formats euros the French way and numbers invoices on six digits', () => {
    expect(formatEuros(123456).replace(/\s/g, ' ')).toBe('1 234,56 €');
    expect(invoiceNumber(2026, 1)).toBe('2026-000001');
    expect(lineTotalCents({ quantity: 3, unitPriceCents: 2500, discountCents: 500 })).toBe(7000);
  });

  it('totals a receipts book per mode and per month to the cent', () => {
    const payment = fc.record({ day: fc.date({ min: new Date('2025-01-01'), max: new Date('2027-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10)), mode: fc.constantFrom(...PAYMENT_MODES), amountCents: fc.integer({ min: 1, max: 1_000_000 }) });
    fc.assert(
      fc.property(fc.array(payment, { maxLength: 200 }), (payments) => {
        const t = bookTotals(payments);
        const sum = payments.reduce((s, p) => s + p.amountCents, 0);
        expect(t.totalCents).toBe(sum);
        expect(Object.values(t.byMode).reduce((a, b) => a + b, 0)).toBe(sum);
        expect(t.byMonth.reduce((s, m) => s + m.totalCents, 0)).toBe(sum);
        expect(t.byMonth.map((m) => m.month)).toEqual([...new Set(payments.map((p) => p.day.slice(0, 7)))].sort());
      }),
    );
  });
});
