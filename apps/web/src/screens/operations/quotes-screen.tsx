import { ComingLater } from '../coming-later.tsx';

/** /quotes: not built yet (issue #8). */
export function QuotesScreen() {
  return <ComingLater />;
}
