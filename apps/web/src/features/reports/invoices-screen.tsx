import { LedgerList } from './ledger-list.tsx';

/** /invoices: the organisation's invoices (ledger entries; `type` invoice is the default). */
export function InvoicesScreen() {
  return <LedgerList type="invoice" />;
}
