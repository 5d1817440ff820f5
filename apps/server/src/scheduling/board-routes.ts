import { screensReaching } from '@rostra/core/shell/screen-access';
import { addNotifications } from '@rostra/db/scheduling/add-notifications';
import { allocateBooking } from '@rostra/db/scheduling/allocate-booking';
import { isOnJobBoard, ON_JOB_BOARD } from '@rostra/db/scheduling/bids';
import { overlapsWindow } from '@rostra/db/scheduling/window-overlap';
import { bids } from '@rostra/db/schema/jobs';
import { resources, timelineRecords } from '@rostra/db/schema/scheduling';
import { withOrg } from '@rostra/db/tenant';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { z } from 'zod';
import { type Access, DISPATCHERS, requireAuth, screenAccess, withRecord } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { HttpError } from '../http/errors.ts';
import { ID, notFound, recordResponse, requireWindow, SECONDS, withETag, written } from '../http/kit.ts';

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

const windowQuery = z.strictObject({
  from: z.coerce.number().pipe(SECONDS).describe('jobs overlapping: ending after (wall-clock seconds)'),
  to: z.coerce.number().pipe(SECONDS).describe('jobs overlapping: beginning before (wall-clock seconds)'),
});

const bidOut = z.object({
  _id: z.string(),
  bk_id: z.string(),
  uid: z.string(),
  resourceId: z.string().nullable(),
  resource_name: z.string().nullable(),
  amount: z.number().nullable(),
  note: z.string().nullable(),
  _qa_create_utc: z.number(),
});
const job = z.object({
  _id: z.string(),
  status: z.string(),
  utc_begin_plus_tz: z.number(),
  utc_end_plus_tz: z.number(),
  customer_first_name: z.string().nullable(),
  customer_last_name: z.string().nullable(),
  suburb: z.string().nullable(),
  all_location: z.string().nullable(),
  labels: z.array(z.string()),
  version: z.number(),
  bid_count: z.number(),
  /** The caller's own bid (resources), else null. */
  my_bid: bidOut.nullable(),
});
type Job = z.infer<typeof job>;
type BidOut = z.infer<typeof bidOut>;

type JobRow = {
  id: string;
  status: string;
  beginAt: number;
  endAt: number;
  labels: string[];
  version: number;
  data: Record<string, unknown>;
};

const str = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

function toJob(r: JobRow, bidCount: number, myBid: BidOut | null): Job {
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

  /** Open jobs overlapping [from, to), in time order, with every bid on them. */
  const openJobs = (orgId: string, from: number, to: number) =>
    withOrg(db(), orgId, async (tx) => {
      const rows: JobRow[] = await tx
        .select({
          id: timelineRecords.id,
          status: timelineRecords.status,
          beginAt: timelineRecords.beginAt,
          endAt: timelineRecords.endAt,
          labels: timelineRecords.labels,
          version: timelineRecords.version,
          data: timelineRecords.data,
        })
        .from(timelineRecords)
        .where(and(eq(timelineRecords.orgId, orgId), ON_JOB_BOARD, overlapsWindow(from, to)))
        .orderBy(asc(timelineRecords.beginAt), asc(timelineRecords.id))
        .limit(BOARD_LIMIT);
      const found = rows.length
        ? await tx
            .select({ bid: bids, resourceName: resources.name })
            .from(bids)
            .leftJoin(resources, and(eq(resources.orgId, bids.orgId), eq(resources.id, bids.resourceId)))
            .where(
              and(
                eq(bids.orgId, orgId),
                inArray(
                  bids.recordId,
                  rows.map((r) => r.id),
                ),
              ),
            )
            .orderBy(asc(bids.createdAt), asc(bids.id))
        : [];
      const byJob = new Map<string, BidOut[]>();
      for (const { bid, resourceName } of found) {
        const list = byJob.get(bid.recordId) ?? [];
        list.push(toBidOut(bid, resourceName));
        byJob.set(bid.recordId, list);
      }
      return { rows, byJob };
    });

  app.get(
    `${API}/job-board`,
    {
      config: { access: JOB_BOARD_READERS },
      schema: {
        tags: ['boards'],
        summary: 'Open jobs resources may take (unassigned bookings, not draft or cancelled) with bid counts',
        querystring: windowQuery,
        response: { 200: z.object({ items: z.array(job), truncated: z.boolean() }) },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const { from, to } = request.query;
      checkWindow(from, to);
      const { rows, byJob } = await openJobs(caller.orgId, from, to);
      const items = rows.map((r) => {
        const list = byJob.get(r.id) ?? [];
        const mine = caller.role === 'dispatcher' ? null : (list.find((b) => b.uid === caller.uid) ?? null);
        return toJob(r, list.length, mine);
      });
      return { items, truncated: rows.length === BOARD_LIMIT };
    },
  );

  const myBidRow = z.object({
    bid: bidOut,
    outcome: z.enum(['open', 'accepted', 'taken']),
    job: z.object({
      _id: z.string(),
      utc_begin_plus_tz: z.number(),
      utc_end_plus_tz: z.number(),
      customer_first_name: z.string().nullable(),
      customer_last_name: z.string().nullable(),
      suburb: z.string().nullable(),
    }),
  });

  app.get(
    `${API}/bid-board`,
    {
      config: { access: BID_BOARD_READERS },
      schema: {
        tags: ['boards'],
        summary:
          "Dispatchers: the open jobs of the window that have bids, with every bid. Resources: their own bids on jobs of the window and each one's outcome",
        querystring: windowQuery,
        response: {
          200: z.object({
            jobs: z.array(job.extend({ bids: z.array(bidOut) })),
            my_bids: z.array(myBidRow),
          }),
        },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const { from, to } = request.query;
      checkWindow(from, to);
      if (caller.role === 'dispatcher') {
        const { rows, byJob } = await openJobs(caller.orgId, from, to);
        const jobs = rows
          .filter((r) => (byJob.get(r.id) ?? []).length > 0)
          .map((r) => {
            const list = byJob.get(r.id) ?? [];
            return { ...toJob(r, list.length, null), bids: list };
          });
        return { jobs, my_bids: [] };
      }
      const rows = await withOrg(db(), caller.orgId, (tx) =>
        tx
          .select({
            bid: bids,
            resourceName: resources.name,
            id: timelineRecords.id,
            beginAt: timelineRecords.beginAt,
            endAt: timelineRecords.endAt,
            data: timelineRecords.data,
            resIds: timelineRecords.resIds,
            status: timelineRecords.status,
            inactive: timelineRecords.inactive,
          })
          .from(bids)
          .innerJoin(
            timelineRecords,
            and(eq(timelineRecords.orgId, bids.orgId), eq(timelineRecords.id, bids.recordId)),
          )
          .leftJoin(resources, and(eq(resources.orgId, bids.orgId), eq(resources.id, bids.resourceId)))
          .where(and(eq(bids.orgId, caller.orgId), eq(bids.uid, caller.uid), overlapsWindow(from, to)))
          .orderBy(asc(timelineRecords.beginAt), asc(bids.createdAt))
          .limit(BOARD_LIMIT),
      );
      const my_bids = rows.map((r) => {
        const isMine = caller.resourceId !== null && r.resIds.includes(caller.resourceId);
        const isOpen =
          r.resIds.length === 0 && !r.inactive && r.status !== 'draft' && r.status !== 'cancelled';
        return {
          bid: toBidOut(r.bid, r.resourceName),
          outcome: isMine ? ('accepted' as const) : isOpen ? ('open' as const) : ('taken' as const),
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
        response: {
          200: z.object({
            record: recordResponse,
            isConflict: z.boolean(),
            errors: z.array(z.looseObject({ code: z.string(), message: z.string() })),
          }),
        },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const { id, bid_id } = request.params;
      const all = await withOrg(db(), caller.orgId, (tx) =>
        tx
          .select()
          .from(bids)
          .where(and(eq(bids.orgId, caller.orgId), eq(bids.recordId, id))),
      );
      const bid = all.find((b) => b.id === bid_id);
      if (!bid) {
        const [exists] = await withOrg(db(), caller.orgId, (tx) =>
          tx
            .select({ id: timelineRecords.id })
            .from(timelineRecords)
            .where(and(eq(timelineRecords.orgId, caller.orgId), eq(timelineRecords.id, id))),
        );
        // The booking is the addressed record (404 when the caller's organisation has none); a bid
        // id that is not one of its bids is a bad request about an existing booking.
        throw exists
          ? new HttpError(400, 'unknown_bid', 'No such bid on this booking', { field: 'bid_id' })
          : notFound();
      }
      if (!bid.resourceId) {
        throw new HttpError(400, 'bid_without_resource', 'The bidder is not a resource of this organisation');
      }
      if (!(await isOnJobBoard(db(), caller.orgId, id))) {
        throw new HttpError(
          409,
          'not_on_job_board',
          'This job is no longer open: it has been allocated, cancelled or made a draft',
        );
      }
      const resourceId = bid.resourceId;
      const now = app.identity.now();
      const result = await allocateBooking(
        db(),
        caller.orgId,
        { jobId: id, mode: 'manual', candidateIds: [resourceId], now },
        async (tx, _before, record) => {
          const others = [...new Set(all.filter((b) => b.uid !== bid.uid).map((b) => b.uid))];
          const events = await addNotifications(
            tx,
            caller.orgId,
            [
              {
                uid: bid.uid,
                kind: 'bid',
                title: 'Bid accepted',
                body: 'Your bid was accepted: the job is yours.',
                recordId: id,
                data: { bid_id: bid.id },
              },
              ...others.map((uid) => ({
                uid,
                kind: 'bid',
                title: 'Bid not accepted',
                body: 'The job you bid on went to someone else.',
                recordId: id,
              })),
            ],
            now,
          );
          return { record, events };
        },
      );
      const record = written(result.ok ? { ok: true, record: result.record } : result);
      const outcome = result.ok ? result.outcome : undefined;
      withETag(reply, record);
      return { record, isConflict: outcome?.isConflict ?? false, errors: outcome?.errors ?? [] };
    },
  );
}

function toBidOut(b: typeof bids.$inferSelect, resourceName: string | null): BidOut {
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
