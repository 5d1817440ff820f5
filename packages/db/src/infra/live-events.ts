import { and, asc, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { memberships } from '../schema/auth.ts';
import { liveEventSeqs, liveEvents } from '../schema/operations.ts';
import { organisations } from '../schema/organisations.ts';

/*
 * The outbox of live updates. A use-case appends its events in the same transaction as the change
 * (so an event exists exactly when its change does); the live layer of every server instance reads
 * each organisation's events in that organisation's `seq` order. Within an organisation `seq`
 * order is commit order: appending updates the organisation's counter row (`live_event_seqs`),
 * whose row lock is held until commit, so a later `seq` can never commit before an earlier one and
 * a reader that has seen `seq` n of an organisation has seen everything of it before n.
 * Organisations never wait for each other (and the table can be distributed by `org_id`).
 */

/** The NOTIFY channel that wakes the live layer of every instance; the payload is the org id. */
export const LIVE_CHANNEL = 'rostra_live';

/** Takes the next `count` numbers of the organisation's sequence; returns the first. */
async function takeSeqs(tx: Tx, orgId: string, count: number): Promise<number> {
  const [row] = await tx
    .insert(liveEventSeqs)
    .values({ orgId, lastSeq: count })
    .onConflictDoUpdate({
      target: liveEventSeqs.orgId,
      set: { lastSeq: sql`${liveEventSeqs.lastSeq} + ${count}` },
    })
    .returning({ lastSeq: liveEventSeqs.lastSeq });
  return Number(row?.lastSeq) - count + 1;
}

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
  'versions',
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
  const first = await takeSeqs(tx, orgId, events.length);
  await tx.insert(liveEvents).values(events.map((e, i) => ({ orgId, seq: first + i, ...e })));
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${orgId})`);
}

/** Appends events in a transaction of their own (progress reports that are not a data change). */
export function publishLiveEvents(db: Db, orgId: string, events: readonly LiveEventInput[]): Promise<void> {
  return db.transaction((tx) => appendLiveEvents(tx, orgId, events));
}

/**
 * Control events: written to the same outbox (so they are ordered with the data events and reach
 * every instance the same way), read by each instance's live hub, never sent to a client. An
 * ended session closes its sockets; a changed or removed membership has its holder's sockets in
 * that organisation checked again (those that no longer hold it are closed).
 */
export const CONTROL_TOPIC = 'control';
export type LiveControl =
  | { kind: 'session.ended'; sessionIds: string[] }
  | { kind: 'membership.changed'; uid: string };

/** A control event read back from the outbox, or undefined when the event is not one. */
export function controlOf(event: LiveEvent): LiveControl | undefined {
  if ((event.topic as string) !== CONTROL_TOPIC) return undefined;
  const p = event.payload;
  if (event.kind === 'session.ended' && Array.isArray(p.sessionIds))
    return { kind: 'session.ended', sessionIds: p.sessionIds.filter((s) => typeof s === 'string') };
  if (event.kind === 'membership.changed' && typeof p.uid === 'string')
    return { kind: 'membership.changed', uid: p.uid };
  return undefined;
}

async function appendControl(tx: Tx, orgId: string, control: LiveControl): Promise<void> {
  const { kind, ...payload } = control;
  const seq = await takeSeqs(tx, orgId, 1);
  // The empty audience: nobody may receive it, whatever they subscribe to.
  await tx.insert(liveEvents).values({ orgId, seq, topic: CONTROL_TOPIC, kind, audience: {}, payload });
  await tx.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${orgId})`);
}

/**
 * In the transaction that changes or removes a user's membership of `orgId`: their sockets in that
 * organisation are checked again at once, on every instance. Call it last (see appendLiveEvents).
 */
export function appendMembershipChanged(tx: Tx, orgId: string, uid: string): Promise<void> {
  return appendControl(tx, orgId, { kind: 'membership.changed', uid });
}

/** A session that ended, as its row was: who it was and the organisation it was acting in. */
export type EndedSession = { id: string; userId: string; activeOrganizationId?: string | null };

/**
 * In the transaction that ends sessions (or just after, for those the identity library deletes):
 * their sockets close at once (4401), on every instance. Sessions are global, but every outbox
 * row belongs to an organisation: the event is filed under the first session's active
 * organisation, else one its user is a member of. A user with neither has no socket (opening one
 * needs a membership), so nothing is written. Call it last (see appendLiveEvents).
 */
export async function appendSessionsEnded(tx: Tx, sessions: readonly EndedSession[]): Promise<void> {
  if (sessions.length === 0) return;
  const active = sessions.map((s) => s.activeOrganizationId).filter((o): o is string => Boolean(o));
  const users = [...new Set(sessions.map((s) => s.userId))];
  const first = active[0] ?? '';
  const [carrier] = await tx
    .select({ id: organisations.id })
    .from(organisations)
    .where(
      or(
        inArray(organisations.id, active.length ? active : ['']),
        inArray(
          organisations.id,
          tx
            .select({ id: memberships.organizationId })
            .from(memberships)
            .where(inArray(memberships.userId, users)),
        ),
      ),
    )
    .orderBy(desc(eq(organisations.id, first)), asc(organisations.id))
    .limit(1);
  if (!carrier) return;
  await appendControl(tx, carrier.id, { kind: 'session.ended', sessionIds: sessions.map((s) => s.id) });
}

/** The same in a transaction of its own (sessions the identity library has just deleted). */
export function publishSessionsEnded(db: Db, sessions: readonly EndedSession[]): Promise<void> {
  if (sessions.length === 0) return Promise.resolve();
  return db.transaction((tx) => appendSessionsEnded(tx, sessions));
}

/** An organisation's events after `afterSeq`, oldest first. Not tenant-scoped. */
export async function selectLiveEventsUnsafe(
  db: Db,
  orgId: string,
  afterSeq: number,
  limit: number,
): Promise<LiveEvent[]> {
  const rows = await db
    .select()
    .from(liveEvents)
    .where(and(eq(liveEvents.orgId, orgId), gt(liveEvents.seq, afterSeq)))
    .orderBy(asc(liveEvents.seq))
    .limit(limit);
  return rows as LiveEvent[];
}

/** Each organisation's newest `seq` (organisations that never had an event are absent). */
export async function liveSeqsUnsafe(db: Db, orgIds?: readonly string[]): Promise<Map<string, number>> {
  if (orgIds?.length === 0) return new Map();
  const rows = await db
    .select()
    .from(liveEventSeqs)
    .where(orgIds ? inArray(liveEventSeqs.orgId, [...orgIds]) : undefined);
  return new Map(rows.map((r) => [r.orgId, Number(r.lastSeq)]));
}

/** The oldest `seq` of an organisation still kept (null when none is). Not tenant-scoped. */
export async function oldestLiveSeqUnsafe(db: Db, orgId: string): Promise<number | null> {
  const [row] = await db
    .select({ oldest: sql<string | null>`min(${liveEvents.seq})` })
    .from(liveEvents)
    .where(eq(liveEvents.orgId, orgId));
  return row?.oldest == null ? null : Number(row.oldest);
}

/** Deletes events older than `before` (resume covers what is kept). Not tenant-scoped. */
export async function pruneLiveEventsUnsafe(db: Db, before: Date): Promise<number> {
  const res = await db
    .delete(liveEvents)
    .where(lt(liveEvents.createdAt, before))
    .returning({ seq: liveEvents.seq });
  return res.length;
}
