import { ComingLater } from '../coming-later.tsx';

/** /announcements: not built yet (issue #8). */
export function AnnouncementsScreen() {
  return <ComingLater />;
}
