import { ComingLater } from '../coming-later.tsx';

/** /customers: not built yet (issue #8). */
export function CustomersScreen() {
  return <ComingLater />;
}
