import { ComingLater } from '../coming-later.tsx';

/** /analytics: not built yet (issue #8). */
export function AnalyticsScreen() {
  return <ComingLater />;
}
