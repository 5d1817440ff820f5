import {
  acceptAnswer,
  type BoardBid,
  type BoardJob,
  bidBoard,
  boardWindowQuery,
  jobBoard,
  type OwnBid,
} from '@rostra/core/api/boards';
import { screensReaching } from '@rostra/core/shell/screen-access';
import { acceptBid, type BidRefusal, isBidRefusal } from '@rostra/db/boards/accept-bid';
import { bidsOf } from '@rostra/db/boards/bids-of';
import { type BidRow, type BoardJobRow, openJobs } from '@rostra/db/boards/open-jobs';
import { z } from 'zod';
import { type Access, DISPATCHERS, requireAuth, screenAccess, withRecord } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { HttpError } from '../http/errors.ts';
import { CONFLICT, ID, requireWindow, withETag, written } from '../http/kit.ts';

/*
 * The job board and the bid board (spec §2 boards, shell §2 job_board / bid_board):
 * - the job board lists the open jobs resources may take: bookings nobody is assigned to, neither
 *   draft nor cancelled nor inactive (the rule `isOnJobBoard` applies to a bid). Resources see
 *   these whatever the readers list says — only the fields needed to decide (when, where, for
 *   whom, which labels), never notes or other people's bids;
 * - the bid board: dispatchers see the open jobs that have bids, every bid with the bidder's name,
 *   and accept one — the booking is allocated to that resource (manual allocation: the same checks,
 *   lock and `isConflict` as any manual allocation) and the bidders are told; a resource sees their
 *   own bids and what became of each.
 */

const JOB_BOARD_READERS: Access = screenAccess('job_board');
/**
 * The bid board's data: a resource's own bids (the bid board, resources only in the menu, §6) and,
 * for a dispatcher, the bids on open jobs, reached from the job board's bid counts to accept one.
 */
const BID_BOARD_READERS: Access = screenAccess(...screensReaching('bid_board'));
const ACCEPT = withRecord(DISPATCHERS, { table: 'timeline_records' });
/** A board shows at most this many jobs (the window is at most 62 days). */
export const BOARD_LIMIT = 500;
const MAX_WINDOW = 62 * 86_400;

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

function toJob(r: BoardJobRow, bidCount: number, myBid: BoardBid | null): BoardJob {
  return {
    _id: r.id,
    status: r.status,
    utc_begin_plus_tz: r.beginAt,
    utc_end_plus_tz: r.endAt,
    customer_first_name: str(r.data.customer_first_name),
    customer_last_name: str(r.data.customer_last_name),
    suburb: str(r.data.suburb),
    all_location: str(r.data.all_location) ?? str(r.data.addressline1),
    labels: r.labels,
    version: r.version,
    bid_count: bidCount,
    my_bid: myBid,
  };
}

export function boardRoutes(app: App): void {
  const db = () => app.deps.db.db;

  const checkWindow = (from: number, to: number) =>
    requireWindow(from, to, MAX_WINDOW, 'the window is at most 62 days');

  /** Open jobs overlapping [from, to), in time order, with every bid on them (as answered). */
  const boardJobs = async (orgId: string, from: number, to: number) => {
    const { rows, bidsByJob } = await openJobs(db(), orgId, { from, to, limit: BOARD_LIMIT });
    const byJob = new Map([...bidsByJob].map(([id, list]) => [id, list.map(toBidOut)]));
    return { rows, byJob };
  };

  app.get(
    `${API}/job-board`,
    {
      config: { access: JOB_BOARD_READERS },
      schema: {
        tags: ['boards'],
        summary: 'Open jobs resources may take (unassigned bookings, not draft or cancelled) with bid counts',
        querystring: boardWindowQuery,
        response: { 200: jobBoard },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const { from, to } = request.query;
      checkWindow(from, to);
      const { rows, byJob } = await boardJobs(caller.orgId, from, to);
      const items = rows.map((r) => {
        const list = byJob.get(r.id) ?? [];
        const mine = caller.role === 'dispatcher' ? null : (list.find((b) => b.uid === caller.uid) ?? null);
        return toJob(r, list.length, mine);
      });
      return { items, truncated: rows.length === BOARD_LIMIT };
    },
  );

  app.get(
    `${API}/bid-board`,
    {
      config: { access: BID_BOARD_READERS },
      schema: {
        tags: ['boards'],
        summary:
          "Dispatchers: the open jobs of the window that have bids, with every bid. Resources: their own bids on jobs of the window and each one's outcome",
        querystring: boardWindowQuery,
        response: { 200: bidBoard },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const { from, to } = request.query;
      checkWindow(from, to);
      if (caller.role === 'dispatcher') {
        const { rows, byJob } = await boardJobs(caller.orgId, from, to);
        const jobs = rows
          .filter((r) => (byJob.get(r.id) ?? []).length > 0)
          .map((r) => {
            const list = byJob.get(r.id) ?? [];
            return { ...toJob(r, list.length, null), bids: list };
          });
        return { jobs, my_bids: [] };
      }
      const rows = await bidsOf(db(), caller.orgId, caller.uid, { from, to, limit: BOARD_LIMIT });
      const my_bids = rows.map((r): OwnBid => {
        const isMine = caller.resourceId !== null && r.resIds.includes(caller.resourceId);
        const isOpen =
          r.resIds.length === 0 && !r.inactive && r.status !== 'draft' && r.status !== 'cancelled';
        return {
          bid: toBidOut(r),
          outcome: isMine ? 'accepted' : isOpen ? 'open' : 'taken',
          job: {
            _id: r.id,
            utc_begin_plus_tz: r.beginAt,
            utc_end_plus_tz: r.endAt,
            customer_first_name: str(r.data.customer_first_name),
            customer_last_name: str(r.data.customer_last_name),
            suburb: str(r.data.suburb),
          },
        };
      });
      return { jobs: [], my_bids };
    },
  );

  app.post(
    `${API}/bookings/:id/bids/:bid_id/accept`,
    {
      config: { access: ACCEPT },
      schema: {
        tags: ['boards'],
        summary:
          "Accept a bid: the booking is allocated to the bidder's resource (manual allocation) and the bidders are told",
        params: z.strictObject({ id: ID, bid_id: ID }),
        response: { ...CONFLICT, 200: acceptAnswer },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const { id, bid_id } = request.params;
      const result = await acceptBid(db(), caller.orgId, {
        jobId: id,
        bidId: bid_id,
        now: app.identity.now(),
      });
      if (isBidRefusal(result)) throw bidRefusal(result.error);
      const record = written(result.ok ? { ok: true, record: result.record } : result);
      const outcome = result.ok ? result.outcome : undefined;
      withETag(reply, record);
      return { record, isConflict: outcome?.isConflict ?? false, errors: outcome?.errors ?? [] };
    },
  );
}

function toBidOut({ bid: b, resourceName }: BidRow): BoardBid {
  return {
    _id: b.id,
    bk_id: b.recordId,
    uid: b.uid,
    resourceId: b.resourceId,
    resource_name: resourceName,
    amount: b.amount,
    note: b.note,
    _qa_create_utc: Math.floor(b.createdAt.getTime() / 1000),
  };
}

/** The refusals of a bid's acceptance as HTTP errors; the allocation's own go through `written`. */
function bidRefusal(error: BidRefusal['error']): HttpError {
  switch (error) {
    // The booking is the addressed record (404 when the caller's organisation has none); a bid id
    // that is not one of its bids is a bad request about an existing booking.
    case 'unknown_bid':
      return new HttpError(400, 'unknown_bid', 'No such bid on this booking', { field: 'bid_id' });
    case 'bid_without_resource':
      return new HttpError(400, 'bid_without_resource', 'The bidder is not a resource of this organisation');
    case 'not_on_job_board':
      return new HttpError(
        409,
        'not_on_job_board',
        'This job is no longer open: it has been allocated, cancelled or made a draft',
      );
  }
}
