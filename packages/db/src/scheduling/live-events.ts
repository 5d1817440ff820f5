import { asc, gt, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { liveEvents } from '../schema/operations.ts';

/*
 * The outbox of live updates. A use-case appends its events in the same transaction as the change
 * (so an event exists exactly when its change does); the live layer of every server instance reads
 * them in `seq` order. `seq` order is commit order: appending takes a transaction-scoped advisory
 * lock, held until commit, so a later `seq` can never commit before an earlier one and a reader
 * that has seen `seq` n has seen everything before it.
 */

/** The NOTIFY channel that wakes the live layer of every instance. */
export const LIVE_CHANNEL = 'rostra_live';
/** Advisory lock key serialising outbox appends (see above); an arbitrary constant of ours. */
const OUTBOX_LOCK = 0x726f_7374;

/** Topics of the outbox (what a client subscribes to; `records` carries the catalogue's changes). */
export const LIVE_TOPICS = [
  'timeline',
  'booking',
  'notifications',
  'settings',
  'workspace',
  'exception_report',
  'allocation',
  'records',
] as const;
export type LiveTopic = (typeof LIVE_TOPICS)[number];

/**
 * Who may receive an event (beyond its organisation): every member, the organisation's
 * dispatchers, its partners (members with the partner duty), and/or these user ids. Nobody else,
 * whatever they subscribe to.
 */
export type Audience = { members?: boolean; dispatchers?: boolean; partners?: boolean; uids?: string[] };

export type LiveEventInput = {
  topic: LiveTopic;
  kind: string;
  audience: Audience;
  payload: Record<string, unknown>;
};

export type LiveEvent = LiveEventInput & { seq: number; orgId: string; createdAt: Date };

/**
 * Appends events in the caller's transaction and asks for one NOTIFY on commit (PostgreSQL folds
 * identical notifications of a transaction into one). Call it last in the transaction: the
 * ordering lock is held from here until commit.
 */
export async function appendLiveEvents(
  tx: Tx,
  orgId: string,
  events: readonly LiveEventInput[],
): Promise<void> {
  if (events.length === 0) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${OUTBOX_LOCK})`);
  await tx.insert(liveEvents).values(events.map((e) => ({ orgId, ...e })));
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, '')`);
}

/** Appends events in a transaction of their own (progress reports that are not a data change). */
export function publishLiveEvents(db: Db, orgId: string, events: readonly LiveEventInput[]): Promise<void> {
  return db.transaction((tx) => appendLiveEvents(tx, orgId, events));
}

/** Events after `afterSeq`, across every organisation, oldest first. Not tenant-scoped. */
export async function selectLiveEventsUnsafe(db: Db, afterSeq: number, limit: number): Promise<LiveEvent[]> {
  const rows = await db
    .select()
    .from(liveEvents)
    .where(gt(liveEvents.seq, afterSeq))
    .orderBy(asc(liveEvents.seq))
    .limit(limit);
  return rows as LiveEvent[];
}

/** The newest `seq` (0 when there is none) and the oldest one still kept. Not tenant-scoped. */
export async function liveSeqBoundsUnsafe(db: Db): Promise<{ latest: number; oldest: number | null }> {
  const res = await db
    .select({
      latest: sql<string | null>`max(${liveEvents.seq})`,
      oldest: sql<string | null>`min(${liveEvents.seq})`,
    })
    .from(liveEvents);
  const row = res[0];
  return {
    latest: row?.latest == null ? 0 : Number(row.latest),
    oldest: row?.oldest == null ? null : Number(row.oldest),
  };
}

/** Deletes events older than `before` (resume covers what is kept). Not tenant-scoped. */
export async function pruneLiveEventsUnsafe(db: Db, before: Date): Promise<number> {
  const res = await db
    .delete(liveEvents)
    .where(lt(liveEvents.createdAt, before))
    .returning({ seq: liveEvents.seq });
  return res.length;
}
