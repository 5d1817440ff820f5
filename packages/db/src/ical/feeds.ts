import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IcalEvent, IcalFeed } from '@rostra/core/ical/calendar';
import { and, arrayContains, asc, desc, eq, gte, inArray, isNull, lt, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { IS_LIVE_RECORD } from '../scheduling/template-items.ts';
import { icalFeeds } from '../schema/documents.ts';
import { organisations } from '../schema/organisations.ts';
import { labels, resources, timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';

/*
 * Secret, revocable iCal feeds (issue 8): a resource's jobs or a team's (every job carrying a
 * label). The secret is 32 random bytes (base64url), shown once at creation; only its SHA-256 is
 * stored and it is compared in constant time. Unknown, revoked or wrong-secret feeds read as null
 * (the route answers 404 to all three alike).
 */

export type FeedScope = 'resource' | 'label';

/** A feed as listed: never the secret nor its hash. */
export type FeedSummary = {
  _id: string;
  scope: FeedScope;
  target_id: string;
  /** The resource's or label's name (empty when it no longer exists). */
  target_name: string;
  created_by: string | null;
  /** Epoch ms. */
  created_at: number;
  revoked_at: number | null;
  last_fetched_at: number | null;
};

/** Jobs of a feed: bookings and group events. */
const FEED_KEYS = ['booking', 'groupevent'];
/** What a feed holds: from 60 days back to 400 days ahead (wall-clock seconds), at most 2,000 jobs. */
export const FEED_PAST_S = 60 * 86_400;
export const FEED_AHEAD_S = 400 * 86_400;
export const FEED_MAX_EVENTS = 2000;
/** Statuses shown as STATUS:CANCELLED. */
const CANCELLED = new Set(['cancelled', 'canceled', 'cancel']);

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

type Row = typeof icalFeeds.$inferSelect;

function toSummary(row: Row, names: Map<string, string>): FeedSummary {
  return {
    _id: row.id,
    scope: row.scope,
    target_id: row.targetId,
    target_name: names.get(`${row.scope}:${row.targetId}`) ?? '',
    created_by: row.createdBy,
    created_at: row.createdAt.getTime(),
    revoked_at: row.revokedAt ? row.revokedAt.getTime() : null,
    last_fetched_at: row.lastFetchedAt,
  };
}

/** Whether the feed's target exists in the organisation (a resource or a label). */
export async function feedTargetExists(db: Db, orgId: string, scope: FeedScope, targetId: string) {
  return withOrg(db, orgId, async (tx) => {
    const table = scope === 'resource' ? resources : labels;
    const rows = await tx
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.orgId, orgId), eq(table.id, targetId)));
    return rows.length > 0;
  });
}

/** A new feed and its secret (returned here only). */
export async function createFeed(
  db: Db,
  orgId: string,
  input: { scope: FeedScope; targetId: string; createdBy: string },
): Promise<{ feed: FeedSummary; secret: string }> {
  const secret = randomBytes(32).toString('base64url');
  const id = randomUUID();
  const feeds = await withOrg(db, orgId, (tx) =>
    tx
      .insert(icalFeeds)
      .values({
        orgId,
        id,
        scope: input.scope,
        targetId: input.targetId,
        secretHash: sha256(secret),
        createdBy: input.createdBy,
      })
      .returning(),
  );
  const [feed] = await describe(db, orgId, feeds);
  if (!feed) throw new Error('feed not written');
  return { feed, secret };
}

async function describe(db: Db, orgId: string, rows: Row[]): Promise<FeedSummary[]> {
  const resourceIds = rows.filter((r) => r.scope === 'resource').map((r) => r.targetId);
  const labelIds = rows.filter((r) => r.scope === 'label').map((r) => r.targetId);
  const names = new Map<string, string>();
  await withOrg(db, orgId, async (tx) => {
    if (resourceIds.length > 0) {
      const rs = await tx
        .select({ id: resources.id, name: resources.name })
        .from(resources)
        .where(and(eq(resources.orgId, orgId), inArray(resources.id, resourceIds)));
      for (const r of rs) names.set(`resource:${r.id}`, r.name);
    }
    if (labelIds.length > 0) {
      const ls = await tx
        .select({ id: labels.id, name: labels.name })
        .from(labels)
        .where(and(eq(labels.orgId, orgId), inArray(labels.id, labelIds)));
      for (const l of ls) names.set(`label:${l.id}`, l.name);
    }
  });
  return rows.map((r) => toSummary(r, names));
}

/** The organisation's feeds, newest first; `resourceId` narrows to one resource's feeds. */
export async function listFeeds(
  db: Db,
  orgId: string,
  filter: { resourceId?: string | undefined } = {},
): Promise<FeedSummary[]> {
  const where: (SQL | undefined)[] = [eq(icalFeeds.orgId, orgId)];
  if (filter.resourceId !== undefined) {
    where.push(eq(icalFeeds.scope, 'resource'), eq(icalFeeds.targetId, filter.resourceId));
  }
  const rows = await withOrg(db, orgId, (tx) =>
    tx
      .select()
      .from(icalFeeds)
      .where(and(...where))
      .orderBy(desc(icalFeeds.createdAt), asc(icalFeeds.id))
      .limit(500),
  );
  return describe(db, orgId, rows);
}

/** One feed (no secret), or null. */
export async function getFeed(db: Db, orgId: string, id: string): Promise<FeedSummary | null> {
  const rows = await withOrg(db, orgId, (tx) =>
    tx
      .select()
      .from(icalFeeds)
      .where(and(eq(icalFeeds.orgId, orgId), eq(icalFeeds.id, id))),
  );
  const [feed] = await describe(db, orgId, rows);
  return feed ?? null;
}

/** Revokes a feed for good (its URL answers 404 from now on); null when there is no such feed. */
export async function revokeFeed(db: Db, orgId: string, id: string, now: Date): Promise<FeedSummary | null> {
  await withOrg(db, orgId, (tx) =>
    tx
      .update(icalFeeds)
      .set({ revokedAt: now })
      .where(and(eq(icalFeeds.orgId, orgId), eq(icalFeeds.id, id), isNull(icalFeeds.revokedAt))),
  );
  return getFeed(db, orgId, id);
}

/** Constant-time comparison of a presented secret with a stored SHA-256 (hex). */
export function secretMatches(secret: string, storedHash: string): boolean {
  const a = Buffer.from(sha256(secret), 'hex');
  const b = Buffer.from(storedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * The calendar of a live feed whose secret matches, or null (unknown, revoked or wrong secret).
 * `nowWall` is the organisation's wall clock now (seconds): the feed holds FEED_PAST_S back to
 * FEED_AHEAD_S ahead. Records the fetch time.
 */
export async function readFeedCalendar(
  db: Db,
  orgId: string,
  feedId: string,
  secret: string,
  now: { ms: number; wallSeconds: (timeZone: string) => number },
): Promise<IcalFeed | null> {
  const [org] = await db
    .select({ name: organisations.name, timeZone: organisations.timeZone })
    .from(organisations)
    .where(eq(organisations.id, orgId));
  if (!org) return null;
  return withOrg(db, orgId, async (tx) => {
    const [feed] = await tx
      .select()
      .from(icalFeeds)
      .where(and(eq(icalFeeds.orgId, orgId), eq(icalFeeds.id, feedId)));
    if (!feed || !secretMatches(secret, feed.secretHash) || feed.revokedAt !== null) return null;
    const T = timelineRecords;
    const target =
      feed.scope === 'resource'
        ? arrayContains(T.resIds, [feed.targetId])
        : arrayContains(T.labels, [feed.targetId]);
    const table = feed.scope === 'resource' ? resources : labels;
    const [named] = await tx
      .select({ name: table.name })
      .from(table)
      .where(and(eq(table.orgId, orgId), eq(table.id, feed.targetId)));
    const wallNow = now.wallSeconds(org.timeZone);
    const rows = await tx
      .select()
      .from(T)
      .where(
        and(
          eq(T.orgId, orgId),
          inArray(T.key, FEED_KEYS),
          target,
          IS_LIVE_RECORD,
          gte(T.endAt, wallNow - FEED_PAST_S),
          lt(T.beginAt, wallNow + FEED_AHEAD_S),
        ),
      )
      .orderBy(asc(T.beginAt), asc(T.id))
      .limit(FEED_MAX_EVENTS);
    await tx
      .update(icalFeeds)
      .set({ lastFetchedAt: now.ms })
      .where(and(eq(icalFeeds.orgId, orgId), eq(icalFeeds.id, feed.id)));
    const events: IcalEvent[] = rows.map((r) => {
      const d = r.data;
      const customer = [text(d.customer_first_name), text(d.customer_last_name)].filter(Boolean).join(' ');
      const summary = text(d.name) || customer || text(d.reference) || r.key;
      const details = [
        text(d.reference) && `Reference: ${text(d.reference)}`,
        customer && `Customer: ${customer}`,
        `Status: ${r.status}`,
        text(d.notes),
      ].filter(Boolean);
      return {
        uid: `${r.id}.${orgId}@rostra`,
        begin: r.beginAt,
        end: r.endAt,
        summary,
        location: text(d.all_location) || text(d.address) || undefined,
        description: details.join('\n'),
        isCancelled: CANCELLED.has(r.status.toLowerCase()),
        updatedMs: r.updatedAt.getTime(),
        sequence: r.version,
      };
    });
    const label = feed.scope === 'resource' ? 'jobs' : 'team jobs';
    return {
      name: `${org.name} — ${named?.name ?? feed.targetId} (${label})`,
      timeZone: org.timeZone,
      events,
    };
  });
}
