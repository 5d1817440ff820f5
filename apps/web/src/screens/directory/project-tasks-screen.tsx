import { ComingLater } from '../coming-later.tsx';

/** /projecttasks: not built yet (issue #8). */
export function ProjectTasksScreen() {
  return <ComingLater />;
}
