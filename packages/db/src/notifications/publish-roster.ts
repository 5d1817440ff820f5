import {
  type DraftJob,
  periodText,
  publishPlan,
  type RosterChange,
  rosterMessage,
} from '@rostra/core/notifications/publish';
import { offeredBy } from '@rostra/core/notifications/rules';
import { bookingTitle } from '@rostra/core/records/booking-rules';
import {
  type DateFormat,
  DEFAULT_DATE_FORMAT,
  formatDateTime,
  fromWallClock,
} from '@rostra/core/time/calendar';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { appendLiveEvents, type LiveEventInput } from '../infra/live-events.ts';
import type { StoredRecord } from '../scheduling/mapping.ts';
import { loadOrgContext } from '../scheduling/org-context.ts';
import { selectTimelineRecords } from '../scheduling/records.ts';
import { readersFor } from '../scheduling/timeline-writes.ts';
import { overlapsWindow } from '../scheduling/window-overlap.ts';
import { rosterDrafts } from '../schema/notifications.ts';
import { resources, timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';
import { bookingFacts } from './booking-facts.ts';
import { dropConfirmation, requestConfirmations } from './confirmations.ts';
import { enqueueNotices, offerNotices, orgNoticeContext } from './enqueue.ts';

/*
 * Publishing a period of the roster (issue #19 point 4): the draft jobs of the period become
 * published and each worker whose roster they change is told once, with the list of their
 * changes, through the notification outbox in the publication's own transaction.
 */

/** A period of the roster: wall-clock seconds, half-open `[from, to)`. */
export type RosterPeriod = { from: number; to: number };

/** How many workers and jobs publishing a period touches. */
export type PublishCounts = { workers: number; jobs: number };

type DraftRow = typeof rosterDrafts.$inferSelect;

/** The draft jobs of a period (by the job now or as published), locked for the publication. */
async function draftsIn(
  tx: Tx,
  orgId: string,
  period: RosterPeriod,
  lock: boolean,
): Promise<{ draft: DraftRow; record: StoredRecord }[]> {
  const inPeriod = tx
    .select({ id: timelineRecords.id })
    .from(timelineRecords)
    .where(and(eq(timelineRecords.orgId, orgId), overlapsWindow(period.from, period.to)));
  const query = tx
    .select()
    .from(rosterDrafts)
    .where(
      and(
        eq(rosterDrafts.orgId, orgId),
        or(
          inArray(rosterDrafts.recordId, inPeriod),
          and(
            sql`${rosterDrafts.publishedBegin} < ${period.to}`,
            sql`${rosterDrafts.publishedEnd} > ${period.from}`,
          ),
        ),
      ),
    )
    .orderBy(rosterDrafts.recordId);
  const drafts = lock ? await query.for('update') : await query;
  if (drafts.length === 0) return [];
  const records = new Map(
    (
      await selectTimelineRecords(
        tx,
        and(
          eq(timelineRecords.orgId, orgId),
          inArray(
            timelineRecords.id,
            drafts.map((d) => d.recordId),
          ),
        ),
      )
    ).map((r) => [r._id, r]),
  );
  return drafts.flatMap((draft) => {
    const record = records.get(draft.recordId);
    return record ? [{ draft, record }] : [];
  });
}

/** A draft as the plan reads it; its start printed in the organisation's `format`. */
const draftJobIn =
  (format: DateFormat = DEFAULT_DATE_FORMAT) =>
  ({ draft, record }: { draft: DraftRow; record: StoredRecord }): DraftJob => {
    const published = (draft.published ?? undefined) as StoredRecord | undefined;
    return {
      recordId: record._id,
      job: bookingTitle(record),
      when: formatDateTime(record.utc_begin_plus_tz, format),
      address: bookingFacts(record).address,
      published: published && bookingFacts(published),
      current: bookingFacts(record),
    };
  };

/** The record ids of the drafts among `ids` (the timeline marks their bars). */
export async function draftIdsAmong(tx: Tx, orgId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: rosterDrafts.recordId })
    .from(rosterDrafts)
    .where(and(eq(rosterDrafts.orgId, orgId), inArray(rosterDrafts.recordId, [...ids])));
  return new Set(rows.map((r) => r.id));
}

/** How many workers and jobs publishing `period` would touch (the publish dialog's question). */
export function countPublication(db: Db, orgId: string, period: RosterPeriod): Promise<PublishCounts> {
  return withOrg(db, orgId, async (tx) => {
    const plan = publishPlan((await draftsIn(tx, orgId, period, false)).map(draftJobIn()));
    return { workers: plan.workers.size, jobs: plan.jobs.length };
  });
}

/**
 * Publishes `period`: its drafts are published (their rows go, workers newly on a job read it),
 * each affected worker gets one `roster_published` notification listing their changes, and
 * their answers are asked for (jobs they are now on) or dropped (jobs they are off), all in one
 * transaction. Answers the counts it published; a second publication of the period finds none.
 */
export function publishRoster(
  db: Db,
  orgId: string,
  period: RosterPeriod,
  now: Date,
): Promise<PublishCounts> {
  return withOrg(db, orgId, async (tx) => {
    const found = await draftsIn(tx, orgId, period, true);
    if (found.length === 0) return { workers: 0, jobs: 0 };
    const { dateFormat } = await loadOrgContext(tx, orgId);
    const plan = publishPlan(found.map(draftJobIn(dateFormat)));
    const when = periodText(period.from, period.to, dateFormat);
    await enqueueNotices(
      tx,
      orgId,
      [...plan.workers].map(([resourceId, changes]) => ({
        event: 'roster_published' as const,
        resourceId,
        recordId: null,
        job: when,
        when,
        address: '',
        message: rosterMessage(changes, true),
      })),
      now,
    );
    // A job the drafts put on the job board is offered now (not to the workers just taken off it).
    const offers = found.flatMap(({ draft, record }) => {
      const published = (draft.published ?? undefined) as StoredRecord | undefined;
      return offeredBy(published && bookingFacts(published), bookingFacts(record))
        ? [{ job: record, was: published?.resIds ?? [] }]
        : [];
    });
    await enqueueNotices(tx, orgId, await offerNotices(tx, orgId, offers), now);
    await answersAsked(tx, orgId, plan.workers, found, now);
    const events: LiveEventInput[] = [];
    for (const { draft, record } of found) {
      // Workers taken off the job read it (as published) until now: no longer.
      const off = (((draft.published as StoredRecord | null)?.resIds ?? []) as readonly string[]).filter(
        (r) => !record.resIds.includes(r),
      );
      const derived = await readersFor(tx, orgId, record.resIds, record.customerId ?? null);
      const gone = new Set((await readersFor(tx, orgId, off, null)).filter((uid) => !derived.includes(uid)));
      const readers = [
        ...new Set([
          ...((record._uid_r as string[] | undefined) ?? []).filter((u) => !gone.has(u)),
          ...derived,
        ]),
      ].sort();
      await tx
        .update(timelineRecords)
        .set({ readers })
        .where(and(eq(timelineRecords.orgId, orgId), eq(timelineRecords.id, record._id)));
      const place = {
        _id: record._id,
        utc_begin_plus_tz: record.utc_begin_plus_tz,
        utc_end_plus_tz: record.utc_end_plus_tz,
      };
      events.push({
        topic: 'booking',
        kind: 'roster.published',
        audience: { dispatchers: true, uids: readers },
        payload: place,
      });
      if (gone.size)
        events.push({
          topic: 'booking',
          kind: 'record.removed',
          audience: { uids: [...gone].sort() },
          payload: { ...place, _key: record._key, deleted: false },
        });
    }
    await tx.delete(rosterDrafts).where(
      and(
        eq(rosterDrafts.orgId, orgId),
        inArray(
          rosterDrafts.recordId,
          found.map((f) => f.record._id),
        ),
      ),
    );
    await appendLiveEvents(tx, orgId, events);
    return { workers: plan.workers.size, jobs: plan.jobs.length };
  });
}

/** Workers now on a job (new, or moved) are asked to confirm it; those off it no longer are. */
async function answersAsked(
  tx: Tx,
  orgId: string,
  workers: Map<string, RosterChange[]>,
  found: readonly { record: StoredRecord }[],
  now: Date,
): Promise<void> {
  const jobs = new Map(found.map((f) => [f.record._id, f.record]));
  const asks: { recordId: string; resourceId: string }[] = [];
  for (const [resourceId, changes] of workers) {
    for (const c of changes) {
      if (c.kind === 'assigned' || c.kind === 'changed') asks.push({ recordId: c.recordId, resourceId });
      else await dropConfirmation(tx, orgId, c.recordId, resourceId);
    }
  }
  if (asks.length === 0) return;
  const { timeZone } = await orgNoticeContext(tx, orgId);
  const uids = new Map(
    (
      await tx
        .select({ id: resources.id, uid: resources.uid })
        .from(resources)
        .where(
          and(eq(resources.orgId, orgId), inArray(resources.id, [...new Set(asks.map((a) => a.resourceId))])),
        )
    ).map((w) => [w.id, w.uid]),
  );
  await requestConfirmations(
    tx,
    orgId,
    asks.flatMap(({ recordId, resourceId }) => {
      const uid = uids.get(resourceId);
      const job = jobs.get(recordId);
      return uid && job
        ? [{ recordId, resourceId, uid, expiresAt: new Date(fromWallClock(job.utc_begin_plus_tz, timeZone)) }]
        : [];
    }),
    now,
  );
}
