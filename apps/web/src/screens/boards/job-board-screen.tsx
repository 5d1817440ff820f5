import { ComingLater } from '../coming-later.tsx';

/** Job board (/job_board) — built by issue 7; until then the shell's honest empty state. */
export function JobBoardScreen() {
  return <ComingLater />;
}
