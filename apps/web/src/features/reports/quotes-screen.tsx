import { LedgerList } from './ledger-list.tsx';

/** /quotes: the organisation's quotes (ledger entries of type quote). */
export function QuotesScreen() {
  return <LedgerList type="quote" />;
}
