import { formatHoursHmm } from './hours.ts';

/*
 * A job's quotes and invoices (issue #9): lines and totals in integer cents, GST from the company
 * document's `gst_value` (percent). Shown as decimals with 2 places.
 */

/** A ledger line: `unit_price` and `amount` in cents; `quantity` may be fractional (hours, m³). */
export type LedgerLine = { description: string; quantity: number; unit_price: number; amount: number };

export type LedgerTotals = { subtotal: number; gst_rate: number; gst: number; total: number };

/** A line's amount: quantity × unit price, rounded to the cent (half away from zero). */
export function lineAmount(quantity: number, unitPrice: number): number {
  const raw = quantity * unitPrice;
  return Math.sign(raw) * Math.round(Math.abs(raw) + 1e-9);
}

/** A line with its amount worked out. */
export function ledgerLine(description: string, quantity: number, unitPrice: number): LedgerLine {
  return { description, quantity, unit_price: unitPrice, amount: lineAmount(quantity, unitPrice) };
}

/**
 * Subtotal (sum of line amounts), GST at `gstRate` percent of the subtotal rounded to the cent,
 * and the total. A missing or non-numeric rate is 0 (no GST).
 */
export function ledgerTotals(lines: readonly LedgerLine[], gstRate: number): LedgerTotals {
  const rate = Number.isFinite(gstRate) && gstRate > 0 ? gstRate : 0;
  const subtotal = lines.reduce((s, l) => s + l.amount, 0);
  const gst = lineAmount(subtotal, rate / 100);
  return { subtotal, gst_rate: rate, gst, total: subtotal + gst };
}

/** Cents as a decimal string with 2 places: 12345 → "123.45", -5 → "-0.05". */
export function formatCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.round(cents));
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A decimal amount (dollars) in cents: 12.5 → 1250. */
export function toCents(amount: number): number {
  return lineAmount(amount, 100);
}

/** A price given as the catalogue's string number ("40") or a number, in cents; 0 when unusable. */
export function priceCents(price: unknown): number {
  const n = typeof price === 'number' ? price : typeof price === 'string' ? Number(price) : Number.NaN;
  return Number.isFinite(n) ? toCents(n) : 0;
}

export type TimeLineInput = { name: string; worked_seconds: number; rate_hr: number | null | undefined };
export type InventoryLineInput = { name: string; quantity: number; volume: number; price: unknown };
export type PurchaseLineInput = { description: string; amount: number };

/**
 * The lines of a job's invoice built from what was recorded: each resource's worked hours × their
 * hourly rate (`rate_hr`, dollars; hours to 2 decimals), each inventory item's price × quantity
 * with its volume in the description (moving jobs), and each purchase at its amount. Resources
 * without worked time are left out; a resource without a rate gets a line at 0 to fill in.
 */
export function linesFromJob(input: {
  time: readonly TimeLineInput[];
  inventory?: readonly InventoryLineInput[];
  purchases?: readonly PurchaseLineInput[];
}): LedgerLine[] {
  const lines: LedgerLine[] = [];
  for (const t of input.time) {
    if (t.worked_seconds <= 0) continue;
    const hours = Math.round((t.worked_seconds / 3600) * 100) / 100;
    lines.push(
      ledgerLine(`Labour: ${t.name} (${formatHoursHmm(t.worked_seconds)} h)`, hours, toCents(t.rate_hr ?? 0)),
    );
  }
  for (const i of input.inventory ?? []) {
    if (i.quantity <= 0) continue;
    const volume = Math.round(i.volume * i.quantity * 1000) / 1000;
    lines.push(ledgerLine(`${i.name} (${volume} m³)`, i.quantity, priceCents(i.price)));
  }
  for (const p of input.purchases ?? []) lines.push(ledgerLine(p.description, 1, p.amount));
  return lines;
}
