import { randomUUID } from 'node:crypto';
import { and, desc, eq, lt, or } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { appendLiveEvents } from '../scheduling/live-events.ts';
import { decodeCursor, encodeCursor, InvalidCursorError, type Page } from '../scheduling/paging.ts';
import { jobFeeds } from '../schema/job-life.ts';
import { withOrg } from '../tenant.ts';
import { jobEvent, lockJob } from './job.ts';

/** A job's feed page size (scheduling core §9: feeds page 20). */
export const FEED_PAGE_SIZE = 20;

export type FeedItem = {
  _id: string;
  client_id: string;
  kind: 'text' | 'image';
  text?: string;
  image_url?: string;
  author: { uid: string; name: string; role: string };
  created_at: number;
};

type Row = typeof jobFeeds.$inferSelect;

/** The API path of a feed image (served by the feed image route, readers-list checked). */
export const feedImageUrl = (jobId: string, feedId: string) =>
  `/api/v1/bookings/${encodeURIComponent(jobId)}/feed-image?item=${encodeURIComponent(feedId)}`;

export function toFeedItem(row: Row): FeedItem {
  return {
    _id: row.id,
    client_id: row.clientId,
    kind: row.kind,
    ...(row.text !== null ? { text: row.text } : {}),
    ...(row.uploadId !== null ? { image_url: feedImageUrl(row.jobId, row.id) } : {}),
    author: { uid: row.authorUid, name: row.authorName, role: row.authorRole },
    created_at: row.createdAt,
  };
}

/**
 * A page of a job's feed, newest first, 20 a page. `before` is the previous page's `next_cursor`.
 * Throws InvalidCursorError for a cursor this list did not give out.
 */
export async function listFeeds(
  db: Db,
  orgId: string,
  jobId: string,
  before?: string,
  limit = FEED_PAGE_SIZE,
): Promise<Page<FeedItem>> {
  const key = before === undefined ? undefined : decodeCursor(before, 2);
  if (
    before !== undefined &&
    (key === undefined || typeof key[0] !== 'number' || typeof key[1] !== 'string')
  ) {
    throw new InvalidCursorError();
  }
  const rows = await withOrg(db, orgId, (tx) =>
    tx
      .select()
      .from(jobFeeds)
      .where(
        and(
          eq(jobFeeds.orgId, orgId),
          eq(jobFeeds.jobId, jobId),
          key
            ? or(
                lt(jobFeeds.createdAt, key[0] as number),
                and(eq(jobFeeds.createdAt, key[0] as number), lt(jobFeeds.id, key[1] as string)),
              )
            : undefined,
        ),
      )
      .orderBy(desc(jobFeeds.createdAt), desc(jobFeeds.id))
      .limit(limit + 1),
  );
  const more = rows.length > limit;
  const shown = more ? rows.slice(0, limit) : rows;
  const last = shown[shown.length - 1];
  return {
    items: shown.map(toFeedItem),
    next_cursor: more && last ? encodeCursor([last.createdAt, last.id]) : null,
  };
}

export type FeedInput = {
  jobId: string;
  clientId: string;
  text?: string | undefined;
  /** The image's `uploads` row, already written (see feed-images). */
  uploadId?: string | undefined;
  author: { uid: string; name: string; role: string };
  now: Date;
};

/**
 * Adds a message to a job's feed and tells the job's readers and the dispatchers (topic
 * `booking`, kind `feed`). The same `client_id` again returns the stored item (`created: false`)
 * and adds nothing: a device retrying after a lost answer never posts twice.
 */
export async function addFeed(
  db: Db,
  orgId: string,
  input: FeedInput,
): Promise<{ item: FeedItem; created: boolean } | undefined> {
  return withOrg(db, orgId, async (tx) => {
    const job = await lockJob(tx, orgId, input.jobId);
    if (!job) return undefined;
    const [existing] = await tx
      .select()
      .from(jobFeeds)
      .where(
        and(
          eq(jobFeeds.orgId, orgId),
          eq(jobFeeds.jobId, input.jobId),
          eq(jobFeeds.clientId, input.clientId),
        ),
      );
    if (existing) return { item: toFeedItem(existing), created: false };
    const [row] = await tx
      .insert(jobFeeds)
      .values({
        orgId,
        id: randomUUID(),
        jobId: input.jobId,
        clientId: input.clientId,
        kind: input.uploadId ? 'image' : 'text',
        text: input.text ?? null,
        uploadId: input.uploadId ?? null,
        authorUid: input.author.uid,
        authorName: input.author.name,
        authorRole: input.author.role,
        createdAt: input.now.getTime(),
      })
      .returning();
    if (!row) throw new Error('feed insert returned nothing');
    const item = toFeedItem(row);
    await appendLiveEvents(tx, orgId, [jobEvent(job, 'feed', { item })]);
    return { item, created: true };
  });
}

/** The upload behind a feed image, or undefined. */
export async function feedImageUpload(
  db: Db,
  orgId: string,
  jobId: string,
  feedId: string,
): Promise<string | undefined> {
  const [row] = await withOrg(db, orgId, (tx) =>
    tx
      .select({ uploadId: jobFeeds.uploadId })
      .from(jobFeeds)
      .where(and(eq(jobFeeds.orgId, orgId), eq(jobFeeds.jobId, jobId), eq(jobFeeds.id, feedId))),
  );
  return row?.uploadId ?? undefined;
}

/** The item a device already posted with this `client_id`, if any (checked before storing an image). */
export async function feedByClientId(
  db: Db,
  orgId: string,
  jobId: string,
  clientId: string,
): Promise<FeedItem | undefined> {
  const [row] = await withOrg(db, orgId, (tx) =>
    tx
      .select()
      .from(jobFeeds)
      .where(and(eq(jobFeeds.orgId, orgId), eq(jobFeeds.jobId, jobId), eq(jobFeeds.clientId, clientId))),
  );
  return row ? toFeedItem(row) : undefined;
}
