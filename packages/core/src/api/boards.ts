import { z } from 'zod';
import { bookingRecord, conflictError } from './bookings.ts';
import { SECONDS } from './common.ts';

/*
 * The job board and bid board API (spec §2 boards; shell §2 job_board, bid_board): the window's
 * query, an open job as the boards answer it (only what a resource needs to decide), a bid, the
 * bid board's two views and the acceptance of a bid. The server validates and answers with these;
 * the boards take their types from them.
 */

/** `GET /job-board` and `GET /bid-board`: the window (at most 62 days). */
export const boardWindowQuery = z.strictObject({
  from: z.coerce.number().pipe(SECONDS).describe('jobs overlapping: ending after (wall-clock seconds)'),
  to: z.coerce.number().pipe(SECONDS).describe('jobs overlapping: beginning before (wall-clock seconds)'),
});

/** A bid as stored (`GET` and `POST /bookings/:id/bids`). */
export const bid = z.object({
  _id: z.string(),
  bk_id: z.string(),
  uid: z.string(),
  resourceId: z.string().nullable(),
  amount: z.number().nullable(),
  note: z.string().nullable(),
  _qa_create_utc: z.number(),
});
export type Bid = z.infer<typeof bid>;
export const bidList = z.object({ items: z.array(bid) });

/** `POST /bookings/:id/bids`: what the bidder offers (both optional). */
export const bidBody = z.strictObject({
  amount: z.number().min(0).max(1e9).optional(),
  note: z.string().max(2000).optional(),
});
export type BidInput = z.input<typeof bidBody>;

/** A bid on a board: with its bidder's resource name (null when the bidder is no resource here). */
export const boardBid = bid.extend({ resource_name: z.string().nullable() });
export type BoardBid = z.infer<typeof boardBid>;

/** Who and where of a board job (never notes or the readers list). */
const jobSummary = {
  _id: z.string(),
  utc_begin_plus_tz: z.number(),
  utc_end_plus_tz: z.number(),
  customer_first_name: z.string().nullable(),
  customer_last_name: z.string().nullable(),
  suburb: z.string().nullable(),
};

/** An open job of the job board. */
export const boardJob = z.object({
  ...jobSummary,
  status: z.string(),
  all_location: z.string().nullable(),
  labels: z.array(z.string()),
  version: z.number(),
  bid_count: z.number(),
  /** The caller's own bid (resources), else null. */
  my_bid: boardBid.nullable(),
});
export type BoardJob = z.infer<typeof boardJob>;

/** `GET /job-board`: the open jobs of the window, in time order (at most 500: `truncated`). */
export const jobBoard = z.object({ items: z.array(boardJob), truncated: z.boolean() });
export type JobBoard = z.infer<typeof jobBoard>;

/** What became of a resource's bid: still open, accepted (theirs), or taken by someone else. */
export const BID_OUTCOMES = ['open', 'accepted', 'taken'] as const;
export type BidOutcome = (typeof BID_OUTCOMES)[number];

/** A resource's own bid on the bid board, with its job and outcome. */
export const ownBid = z.object({
  bid: boardBid,
  outcome: z.enum(BID_OUTCOMES),
  job: z.object(jobSummary),
});
export type OwnBid = z.infer<typeof ownBid>;

/** A job of the dispatcher's bid board: with every bid on it. */
export const bidBoardJob = boardJob.extend({ bids: z.array(boardBid) });
export type BidBoardJob = z.infer<typeof bidBoardJob>;

/**
 * `GET /bid-board`: for dispatchers the open jobs with bids (`my_bids` empty), for resources
 * their own bids (`jobs` empty).
 */
export const bidBoard = z.object({ jobs: z.array(bidBoardJob), my_bids: z.array(ownBid) });
export type BidBoard = z.infer<typeof bidBoard>;

/** `POST /bookings/:id/bids/:bid_id/accept`: the booking allocated, and any conflict found. */
export const acceptAnswer = z.object({
  record: bookingRecord,
  isConflict: z.boolean(),
  errors: z.array(conflictError),
});
export type AcceptAnswer = z.infer<typeof acceptAnswer>;
