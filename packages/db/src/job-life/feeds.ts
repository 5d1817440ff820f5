import { randomUUID } from 'node:crypto';
import { formatDateTime } from '@rostra/core/time/calendar';
import { and, desc, eq, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { appendLiveEvents } from '../infra/live-events.ts';
import { decodeCursor, encodeCursor, InvalidCursorError, type Page } from '../infra/paging.ts';
import { enqueueChatNotices } from '../notifications/enqueue.ts';
import { addNotifications, type NotificationInput } from '../scheduling/add-notifications.ts';
import { loadOrgContext } from '../scheduling/org-context.ts';
import { isTemplateItem } from '../scheduling/template-items.ts';
import { jobFeeds } from '../schema/job-life.ts';
import { resources, timelineRecords } from '../schema/scheduling.ts';
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

/** The notification a chat message makes (issue 16, point 10). */
export const CHAT_NOTIFICATION = {
  kind: 'chat',
  title: 'New message',
  /** `Ann Lee on HC-00042: Running 10 minutes late`; an image is "sent a photo". */
  body: (author: string, job: string, text: string | undefined) =>
    text
      ? `${author || 'Someone'} on ${job}: ${text.length > 140 ? `${text.slice(0, 139)}…` : text}`
      : `${author || 'Someone'} sent a photo on ${job}`,
} as const;

/**
 * Who hears of a new chat message in their notifications (bell, dot, live), never its author: a
 * dispatcher's message goes to the users of the job's resources (its workers); a worker's or the
 * customer's goes to the organisation's dispatchers (a `uid: null` notification). A master-roster
 * template item is no one's job: nobody.
 */
async function chatNotifications(
  tx: Tx,
  orgId: string,
  job: { id: string; resIds: string[] },
  item: FeedItem,
): Promise<NotificationInput[]> {
  const [row] = await tx
    .select({
      reference: sql<string | null>`${timelineRecords.data}->>'reference'`,
      type: timelineRecords.type,
      begin: timelineRecords.beginAt,
    })
    .from(timelineRecords)
    .where(and(eq(timelineRecords.orgId, orgId), eq(timelineRecords.id, job.id)));
  if (!row || isTemplateItem({ type: row.type, utc_begin_plus_tz: row.begin })) return [];
  const label =
    row.reference?.trim() || formatDateTime(row.begin, (await loadOrgContext(tx, orgId)).dateFormat);
  const base = {
    kind: CHAT_NOTIFICATION.kind,
    title: CHAT_NOTIFICATION.title,
    body: CHAT_NOTIFICATION.body(item.author.name, label, item.text),
    recordId: job.id,
    data: { feed_id: item._id, author_uid: item.author.uid },
  };
  if (item.author.role !== 'dispatcher') return [{ ...base, uid: null }];
  if (job.resIds.length === 0) return [];
  const workers = await tx
    .selectDistinct({ uid: resources.uid })
    .from(resources)
    .where(
      and(
        eq(resources.orgId, orgId),
        inArray(resources.id, job.resIds),
        isNotNull(resources.uid),
        ne(resources.uid, item.author.uid),
      ),
    );
  return workers.flatMap((w) => (w.uid ? [{ ...base, uid: w.uid }] : []));
}

/**
 * Adds a message to a job's feed and tells the job's readers and the dispatchers (topic
 * `booking`, kind `feed`), and notifies whom `chatNotifications` names. The same `client_id`
 * again returns the stored item (`created: false`) and adds nothing: a device retrying after a
 * lost answer never posts twice.
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
    const told = await chatNotifications(tx, orgId, job, item);
    const notified = await addNotifications(tx, orgId, told, input.now);
    const workers = told.flatMap((n) => (n.uid ? [{ uid: n.uid, body: n.body }] : []));
    await enqueueChatNotices(
      tx,
      orgId,
      job.id,
      workers.map((w) => w.uid),
      workers[0]?.body ?? '',
      input.now,
    );
    await appendLiveEvents(tx, orgId, [jobEvent(job, 'feed', { item }), ...notified]);
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
