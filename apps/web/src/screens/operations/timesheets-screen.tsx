import { ComingLater } from '../coming-later.tsx';

/** /timesheets: not built yet (issue #8). */
export function TimesheetsScreen() {
  return <ComingLater />;
}
