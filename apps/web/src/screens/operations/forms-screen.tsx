import { ComingLater } from '../coming-later.tsx';

/** /forms: not built yet (issue #8). */
export function FormsScreen() {
  return <ComingLater />;
}
