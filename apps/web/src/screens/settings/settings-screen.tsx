import { ComingLater } from '../coming-later.tsx';

/** /settings: not built yet (issue #8). */
export function SettingsScreen() {
  return <ComingLater />;
}
