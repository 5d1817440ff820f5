import { describe, expect, it } from 'vitest';
import { formatHoursHmm } from './hours.ts';
import { formatCents, ledgerLine, ledgerTotals, linesFromJob, priceCents, toCents } from './money.ts';

describe('ledger totals with GST in cents', () => {
  it('GST is the rate percent of the subtotal, rounded to the cent', () => {
    const lines = [ledgerLine('Labour', 2.5, 4500), ledgerLine('Parking', 1, 1333)];
    expect(lines.map((l) => l.amount)).toEqual([11250, 1333]);
    expect(ledgerTotals(lines, 10)).toEqual({ subtotal: 12583, gst_rate: 10, gst: 1258, total: 13841 });
  });
  it('half a cent rounds up', () => {
    expect(ledgerTotals([ledgerLine('x', 1, 5)], 10).gst).toBe(1);
    expect(ledgerTotals([ledgerLine('x', 1, 4)], 10).gst).toBe(0);
  });
  it('no or a bad rate means no GST', () => {
    expect(ledgerTotals([ledgerLine('x', 1, 1000)], 0)).toMatchObject({ gst: 0, total: 1000 });
    expect(ledgerTotals([ledgerLine('x', 1, 1000)], Number.NaN)).toMatchObject({ gst_rate: 0, gst: 0 });
    expect(ledgerTotals([], 10)).toEqual({ subtotal: 0, gst_rate: 10, gst: 0, total: 0 });
  });
  it('shows cents as decimals and reads decimals and catalogue prices as cents', () => {
    expect(formatCents(12345)).toBe('123.45');
    expect(formatCents(-5)).toBe('-0.05');
    expect(formatCents(0)).toBe('0.00');
    expect(toCents(12.5)).toBe(1250);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(priceCents('40')).toBe(4000);
    expect(priceCents('abc')).toBe(0);
  });
});

describe('lines from a job', () => {
  it("bills worked hours at the resource's rate, the inventory by price with its volume, and purchases", () => {
    const lines = linesFromJob({
      time: [
        { name: 'Ann Lee', worked_seconds: 2 * 3600 + 30 * 60, rate_hr: 40 },
        { name: 'Bob Ray', worked_seconds: 0, rate_hr: 50 },
      ],
      inventory: [{ name: 'Armchair', quantity: 2, volume: 0.612, price: '10' }],
      purchases: [{ description: 'Tape', amount: 550 }],
    });
    expect(lines).toEqual([
      { description: 'Labour: Ann Lee (2.30 h)', quantity: 2.5, unit_price: 4000, amount: 10000 },
      { description: 'Armchair (1.224 m³)', quantity: 2, unit_price: 1000, amount: 2000 },
      { description: 'Tape', quantity: 1, unit_price: 550, amount: 550 },
    ]);
  });
});

describe('hours as h.mm', () => {
  it('is hours plus minutes/100 with 2 decimals', () => {
    expect(formatHoursHmm(7 * 3600 + 30 * 60)).toBe('7.30');
    expect(formatHoursHmm(45 * 60 + 59)).toBe('0.45');
    expect(formatHoursHmm(10 * 3600 + 5 * 60)).toBe('10.05');
    expect(formatHoursHmm(0)).toBe('0.00');
  });
});
