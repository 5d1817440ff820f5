import { ComingLater } from '../coming-later.tsx';

/** /invoices: not built yet (issue #8). */
export function InvoicesScreen() {
  return <ComingLater />;
}
