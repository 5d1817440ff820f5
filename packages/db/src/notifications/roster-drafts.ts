import { isDraft, publishedView, ROSTER_PUBLISHING_KEY } from '@rostra/core/notifications/publish';
import { and, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import { draftViews } from '../scheduling/draft-views.ts';
import type { StoredRecord } from '../scheduling/mapping.ts';
import { rosterDrafts } from '../schema/notifications.ts';
import { orgSettings } from '../schema/organisations.ts';
import { resources, timelineRecords } from '../schema/scheduling.ts';
import { bookingFacts, tellsWorkers } from './booking-facts.ts';

/*
 * Draft rosters (issue #19 point 4), the holding side: while the organisation publishes rosters,
 * a change to a job's workers, time or address is kept as a draft (the job's last published
 * state in `roster_drafts`) instead of telling its workers; publishing a period tells them
 * (`publish-roster.ts`).
 */

/**
 * A booking write: the record before and after (undefined: created, or deleted); `byWorker`, the
 * resource of the worker who made it themselves (their decline takes them off the job).
 */
type Change = {
  before: StoredRecord | undefined;
  after: StoredRecord | undefined;
  byWorker?: string | undefined;
  /** Told now while the job stays a draft: not offered on the job board until it is published. */
  held?: boolean | undefined;
};

/** The job without the worker who took themselves off it. */
const without = (record: StoredRecord, resourceId: string): StoredRecord => {
  const resIds = record.resIds.filter((r) => r !== resourceId);
  return { ...record, resIds, resourceId: resIds[0] ?? null };
};

/** Whether the organisation publishes rosters (its `roster_publishing` document). */
export async function publishesRosters(tx: Tx, orgId: string): Promise<boolean> {
  const [doc] = await tx
    .select({ value: orgSettings.value })
    .from(orgSettings)
    .where(
      and(eq(orgSettings.orgId, orgId), eq(orgSettings.key, ROSTER_PUBLISHING_KEY), eq(orgSettings.role, '')),
    );
  return doc?.value.publish === true;
}

/**
 * The changes that tell their workers now, in the caller's transaction. With publishing off,
 * all of them. With it on, a change to a job's roster becomes (or stays) a draft and tells no
 * one: the job's state before its first unpublished change is kept, and workers newly on it do
 * not read it until it is published (its readers, and the `_uid_r` of `after`, so the change's
 * live events do not reach them either). A job back as published is no longer a draft. A
 * cancelled or deleted job tells now, as a change from its published state (so only the
 * workers who heard of it hear it is cancelled). A worker's own change (`byWorker`: their
 * decline) is no draft: it is published as it is made (the published job loses them too), and
 * the job stays a draft only for the dispatchers' other changes.
 */
export async function holdRosterChanges(
  tx: Tx,
  orgId: string,
  changes: readonly Change[],
  now: Date,
): Promise<Change[]> {
  const roster = changes.filter((c) => tellsWorkers(c.before) || tellsWorkers(c.after));
  if (roster.length === 0 || !(await publishesRosters(tx, orgId))) return [...changes];
  const ids = [...new Set(roster.map((c) => (c.after ?? c.before)?._id as string))];
  const held = new Map(
    (
      await tx
        .select()
        .from(rosterDrafts)
        .where(and(eq(rosterDrafts.orgId, orgId), inArray(rosterDrafts.recordId, ids)))
    ).map((d) => [d.recordId, d]),
  );
  const passed: Change[] = [];
  for (const change of changes) {
    const { before, after } = change;
    const id = (after ?? before)?._id;
    if (!id || !(tellsWorkers(before) || tellsWorkers(after))) {
      passed.push(change);
      continue;
    }
    const draft = held.get(id);
    const heard = draft
      ? ((draft.published ?? undefined) as StoredRecord | undefined)
      : tellsWorkers(before)
        ? before
        : undefined;
    // The worker's own change is published as it is made: what they heard loses them too.
    const { byWorker } = change;
    const published = heard && byWorker ? without(heard, byWorker) : heard;
    const ends = !after || !tellsWorkers(after) || after.status === 'cancelled';
    // What its workers read before this write: the job as published while it was a draft.
    const wasRead = draft?.published && before ? publishedView(before, draft.published) : before;
    if (ends || !isDraft(published && bookingFacts(published), bookingFacts(after))) {
      if (draft) {
        await tx
          .delete(rosterDrafts)
          .where(and(eq(rosterDrafts.orgId, orgId), eq(rosterDrafts.recordId, id)));
        held.delete(id);
      }
      // Cancelled or gone: told now, from what its workers last heard. Back as published: nothing
      // (the write derived the published readers already), but a worker's own change.
      if (ends) passed.push({ before: heard, after, ...(byWorker ? { byWorker } : {}) });
      else if (byWorker) passed.push({ before: heard, after, byWorker });
      if (after && wasRead !== before) draftViews.set(after, { before: wasRead, after });
      continue;
    }
    if (byWorker && heard) {
      // Their change tells now (not them: see enqueueBookingChanges); the rest stays a draft.
      passed.push({ before: heard, after: published, byWorker, held: true });
      if (draft) {
        const values = { published: published as Record<string, unknown> | null };
        await tx
          .update(rosterDrafts)
          .set(values)
          .where(and(eq(rosterDrafts.orgId, orgId), eq(rosterDrafts.recordId, id)));
        held.set(id, { ...draft, ...values });
      }
    }
    if (!draft) {
      const row = {
        orgId,
        recordId: id,
        published: (published ?? null) as Record<string, unknown> | null,
        publishedBegin: published?.utc_begin_plus_tz ?? null,
        publishedEnd: published?.utc_end_plus_tz ?? null,
        draftedAt: now,
      };
      await tx.insert(rosterDrafts).values(row);
      held.set(id, row);
    }
    await setReaders(tx, orgId, after, published);
    if (published) draftViews.set(after, { before: wasRead, after: publishedView(after, published) });
  }
  return passed;
}

/**
 * The readers a job has while it is a draft: the workers on it as published (those taken off it
 * in the draft still read it, as published), not those only newly on it. Updates the row and
 * `after` itself (its live events are computed from it).
 */
async function setReaders(
  tx: Tx,
  orgId: string,
  after: StoredRecord,
  published: StoredRecord | undefined,
): Promise<void> {
  const was = published?.resIds ?? [];
  const added = after.resIds.filter((r) => !was.includes(r));
  const removed = was.filter((r) => !after.resIds.includes(r));
  if (added.length === 0 && removed.length === 0) return;
  const workers = await tx
    .select({ id: resources.id, uid: resources.uid })
    .from(resources)
    .where(and(eq(resources.orgId, orgId), inArray(resources.id, [...added, ...removed])));
  const uidsOf = (ids: readonly string[]) =>
    workers.flatMap((w) => (w.uid && ids.includes(w.id) ? [w.uid] : []));
  const kept = new Set((published?._uid_r as string[] | undefined) ?? []);
  const hidden = new Set(uidsOf(added).filter((uid) => !kept.has(uid)));
  const shown = uidsOf(removed).filter((uid) => kept.has(uid));
  if (hidden.size === 0 && shown.length === 0) return;
  const [row] = await tx
    .select({ readers: timelineRecords.readers })
    .from(timelineRecords)
    .where(and(eq(timelineRecords.orgId, orgId), eq(timelineRecords.id, after._id)));
  const readers = [...new Set([...(row?.readers ?? []).filter((uid) => !hidden.has(uid)), ...shown])].sort();
  after._uid_r = readers;
  await tx
    .update(timelineRecords)
    .set({ readers })
    .where(and(eq(timelineRecords.orgId, orgId), eq(timelineRecords.id, after._id)));
}

/**
 * Records as someone who is not a dispatcher reads them (issue #19 point 4): a draft job as it
 * was last published to its workers (its workers, time and address), until it is published.
 * `full`: whole records; otherwise a bar's few fields. With `window`, only those that overlap it
 * as published remain (a job moved in the draft stays where its workers know it).
 */
export async function asPublished<R extends Record<string, unknown>>(
  tx: Tx,
  orgId: string,
  records: R[],
  full: boolean,
  window?: { from: number; to: number },
): Promise<R[]> {
  if (records.length === 0) return records;
  const drafts = await tx
    .select({ recordId: rosterDrafts.recordId, published: rosterDrafts.published })
    .from(rosterDrafts)
    .where(
      and(
        eq(rosterDrafts.orgId, orgId),
        inArray(
          rosterDrafts.recordId,
          records.map((r) => r._id as string),
        ),
      ),
    );
  const published = new Map(drafts.flatMap((d) => (d.published ? [[d.recordId, d.published]] : [])));
  if (published.size === 0) return records;
  return records.flatMap((r) => {
    const was = published.get(r._id as string);
    if (!was) return [r];
    const view = publishedView(r, was, full);
    const begin = view.utc_begin_plus_tz as number;
    const end = view.utc_end_plus_tz as number;
    if (window && !(begin < window.to && (end > window.from || begin >= window.from))) return [];
    return [view];
  });
}

/** The draft jobs whose published times overlap `[from, to)` (a worker's window reads them too). */
export function publishedIn(orgId: string, from: number, to: number): SQL {
  return sql`timeline_records.id in (select record_id from roster_drafts where org_id = ${orgId}
    and published_begin < ${to} and published_end > ${from})`;
}

/**
 * A record's begin and end as someone who is not a dispatcher reads them: a draft job's as
 * published, any other's as they are (the order, window and cursor of their records list).
 */
export function publishedTimes(orgId: string): { begin: SQL; end: SQL } {
  return {
    begin: sql`coalesce((select d.published_begin from roster_drafts d where d.org_id = ${orgId}
      and d.record_id = timeline_records.id), timeline_records.utc_begin_plus_tz)`,
    end: sql`coalesce((select d.published_end from roster_drafts d where d.org_id = ${orgId}
      and d.record_id = timeline_records.id), timeline_records.utc_end_plus_tz)`,
  };
}
