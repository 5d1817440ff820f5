import { ComingLater } from '../coming-later.tsx';

/** Rostered board (/rostered_board) — built by issue 7; until then the shell's honest empty state. */
export function RosteredBoardScreen() {
  return <ComingLater />;
}
