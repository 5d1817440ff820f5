import { ComingLater } from '../coming-later.tsx';

/** Bid board (/bid_board) — built by issue 7; until then the shell's honest empty state. */
export function BidBoardScreen() {
  return <ComingLater />;
}
