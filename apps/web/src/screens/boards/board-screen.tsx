import { ComingLater } from '../coming-later.tsx';

/** Status board (/board) — built by issue 7; until then the shell's honest empty state. */
export function BoardScreen() {
  return <ComingLater />;
}
