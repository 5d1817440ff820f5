import { ComingLater } from '../coming-later.tsx';

/** /reports: not built yet (issue #8). */
export function ReportsScreen() {
  return <ComingLater />;
}
