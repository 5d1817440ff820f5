import { randomUUID } from 'node:crypto';
import {
  bookingNotices,
  DEFAULT_PREFERENCES,
  isOpenJob,
  NOTIFY_CHANNELS,
  type NotifyChannel,
  type NotifyEvent,
  type OrgNotificationSettings,
  offeredBy,
  planSends,
  renderNotice,
  type UserNotificationPreferences,
} from '@rostra/core/notifications/rules';
import { bookingTitle } from '@rostra/core/records/booking-rules';
import { type DateFormat, formatDateTime, fromWallClock } from '@rostra/core/time/calendar';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import type { StoredRecord } from '../scheduling/mapping.ts';
import { loadOrgContext } from '../scheduling/org-context.ts';
import { user } from '../schema/auth.ts';
import { bids } from '../schema/jobs.ts';
import {
  notificationDeliveries,
  notificationPreferences,
  pushSubscriptions,
} from '../schema/notifications.ts';
import { orgSettings } from '../schema/organisations.ts';
import { resources, timelineRecords } from '../schema/scheduling.ts';
import { bookingFacts, tellsWorkers } from './booking-facts.ts';
import { dropConfirmation, requestConfirmations } from './confirmations.ts';
import { holdRosterChanges } from './roster-drafts.ts';

export { bookingFacts } from './booking-facts.ts';

/*
 * The notification outbox's writing side (issue #19 point 5): a change that tells someone writes
 * its sends here, in the change's own transaction, so a send exists exactly when its change does.
 * One row per (recipient, event, channel); the background runner sends them.
 */

/** The organisation's settings document of notification channels and templates. */
export const NOTIFICATION_SETTINGS_KEY = 'notifications';

/** One event to tell one person (by their resource, or their user id) about a job. */
export type Notice = {
  event: NotifyEvent;
  recordId: string | null;
  resourceId?: string;
  uid?: string;
  job: string;
  /** The job's start as text; printed again in the organisation's date format when `begin` is set. */
  when: string;
  /** The job's start (wall-clock seconds), printed in the organisation's date format. */
  begin?: number;
  address: string;
  message?: string;
  /**
   * The event's stable key, when it must be told once however often it is enqueued (a reminder:
   * its job and start); by default each call's notices are a new event.
   */
  key?: string;
  /** From when the notice is moot (a reminder: the job's start): no send waits until then. */
  until?: Date;
};

/** A user's stored preferences, or the defaults. */
export function preferencesOf(
  row: { channels: string[]; quietStart: string | null; quietEnd: string | null } | undefined,
): UserNotificationPreferences {
  if (!row) return DEFAULT_PREFERENCES;
  return {
    channels: NOTIFY_CHANNELS.filter((c) => row.channels.includes(c)),
    quietHours: row.quietStart && row.quietEnd ? { start: row.quietStart, end: row.quietEnd } : null,
  };
}

/** The organisation's part of every send: its time zone, notification settings and captions. */
export type OrgNoticeContext = {
  timeZone: string;
  dateFormat: DateFormat;
  settings: OrgNotificationSettings;
  captions: Readonly<Record<string, unknown>>;
};

/** Per transaction, the organisation's part, read once (a batch allocation enqueues per chunk). */
const orgParts = new WeakMap<object, Map<string, Promise<OrgNoticeContext>>>();

/**
 * The organisation's part of its sends, read at most once per transaction: the settings a change
 * reads do not change within the change's own transaction (they are saved by their own requests).
 */
export function orgNoticeContext(tx: Tx, orgId: string): Promise<OrgNoticeContext> {
  const byOrg = orgParts.get(tx) ?? new Map<string, Promise<OrgNoticeContext>>();
  orgParts.set(tx, byOrg);
  let part = byOrg.get(orgId);
  if (!part) {
    part = readOrgNoticeContext(tx, orgId);
    byOrg.set(orgId, part);
  }
  return part;
}

async function readOrgNoticeContext(tx: Tx, orgId: string): Promise<OrgNoticeContext> {
  const { timeZone, dateFormat } = await loadOrgContext(tx, orgId);
  const documents = await tx
    .select({ key: orgSettings.key, value: orgSettings.value })
    .from(orgSettings)
    .where(
      and(
        eq(orgSettings.orgId, orgId),
        eq(orgSettings.role, ''),
        inArray(orgSettings.key, [NOTIFICATION_SETTINGS_KEY, 'captions']),
      ),
    );
  return {
    timeZone,
    dateFormat,
    settings: (documents.find((d) => d.key === NOTIFICATION_SETTINGS_KEY)?.value ??
      {}) as OrgNotificationSettings,
    captions: documents.find((d) => d.key === 'captions')?.value ?? {},
  };
}

/**
 * Writes the sends of `notices` in the caller's transaction, in one insert: the organisation's
 * part is read once per transaction, the recipients' addresses, preferences and push
 * subscriptions once per call (so a batch passes all its notices at once). Answers how many rows
 * it wrote.
 */
export async function enqueueNotices(
  tx: Tx,
  orgId: string,
  notices: readonly Notice[],
  now: Date,
): Promise<number> {
  if (notices.length === 0) return 0;
  const resourceIds = [...new Set(notices.flatMap((n) => (n.resourceId ? [n.resourceId] : [])))];
  const workers = resourceIds.length
    ? await tx
        .select({ id: resources.id, uid: resources.uid, mobile: resources.mobile })
        .from(resources)
        .where(and(eq(resources.orgId, orgId), inArray(resources.id, resourceIds)))
    : [];
  const workerById = new Map(workers.map((w) => [w.id, w]));
  const uidOf = (n: Notice) => n.uid ?? (n.resourceId && workerById.get(n.resourceId)?.uid) ?? null;
  const uids = [...new Set(notices.map(uidOf).filter((u): u is string => u !== null))];
  if (uids.length === 0) return 0;

  const { timeZone, dateFormat, settings, captions } = await orgNoticeContext(tx, orgId);
  const people = new Map(
    (
      await tx
        .select({ id: user.id, email: user.email, phone: user.phoneNumber })
        .from(user)
        .where(inArray(user.id, uids))
    ).map((p) => [p.id, p]),
  );
  const prefs = new Map(
    (
      await tx
        .select()
        .from(notificationPreferences)
        .where(and(eq(notificationPreferences.orgId, orgId), inArray(notificationPreferences.uid, uids)))
    ).map((p) => [p.uid, p]),
  );
  const subscribed = new Set(
    (
      await tx
        .selectDistinct({ uid: pushSubscriptions.uid })
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.orgId, orgId), inArray(pushSubscriptions.uid, uids)))
    ).map((s) => s.uid),
  );

  const eventId = randomUUID();
  const rows: (typeof notificationDeliveries.$inferInsert)[] = [];
  for (const notice of notices) {
    const uid = uidOf(notice);
    if (!uid) continue;
    const person = people.get(uid);
    const mobile =
      (notice.resourceId && workerById.get(notice.resourceId)?.mobile?.trim()) || person?.phone || '';
    const address: Record<NotifyChannel, string> = { email: person?.email ?? '', sms: mobile, push: '' };
    const sends = planSends({
      event: notice.event,
      org: settings,
      prefs: preferencesOf(prefs.get(uid)),
      reach: {
        email: address.email !== '',
        sms: address.sms !== '',
        push: subscribed.has(uid),
      },
      now,
      timeZone,
      until: notice.until,
    });
    const { subject, body } = renderNotice(notice.event, settings, {
      job: notice.job,
      when: notice.begin === undefined ? notice.when : formatDateTime(notice.begin, dateFormat),
      address: notice.address,
      ...(notice.message !== undefined ? { message: notice.message } : {}),
      captions,
    });
    for (const send of sends) {
      rows.push({
        orgId,
        id: randomUUID(),
        eventId: notice.key ?? `${eventId}:${notice.recordId ?? ''}:${notice.event}`,
        event: notice.event,
        recordId: notice.recordId,
        uid,
        channel: send.channel,
        address: address[send.channel],
        subject,
        body,
        nextAttemptAt: send.notBefore,
        createdAt: now,
      });
    }
  }
  if (rows.length === 0) return 0;
  await tx.insert(notificationDeliveries).values(rows).onConflictDoNothing();
  return rows.length;
}

/** What every notice about a job says of it: its id, title, start and address. */
export function aboutJob(job: StoredRecord): Pick<Notice, 'recordId' | 'job' | 'when' | 'begin' | 'address'> {
  return {
    recordId: job._id,
    job: bookingTitle(job),
    when: formatDateTime(job.utc_begin_plus_tz),
    begin: job.utc_begin_plus_tz,
    address: bookingFacts(job).address,
  };
}

/**
 * A booking write: the record before and after (undefined: created, or deleted); `byWorker`, the
 * resource of the worker who made it themselves (a decline): it is no draft and does not tell them.
 */
export type BookingChange = {
  before: StoredRecord | undefined;
  after: StoredRecord | undefined;
  byWorker?: string | undefined;
  /** Told now while the job stays a roster draft: the job board offers it at publication. */
  held?: boolean | undefined;
};

/**
 * Writes the sends a booking change makes (see `bookingNotices`) in the change's transaction:
 * call it wherever a booking is created, changed, allocated, cancelled or deleted.
 */
export function enqueueBookingNotices(
  tx: Tx,
  orgId: string,
  before: StoredRecord | undefined,
  after: StoredRecord | undefined,
  now: Date,
  byWorker?: string,
): Promise<number> {
  return enqueueBookingChanges(tx, orgId, [{ before, after, ...(byWorker ? { byWorker } : {}) }], now);
}

/**
 * The sends of many booking writes of one transaction at once (a batch allocation's chunk): the
 * same rows as one `enqueueBookingNotices` per write, in a fixed number of statements.
 */
export async function enqueueBookingChanges(
  tx: Tx,
  orgId: string,
  written: readonly BookingChange[],
  now: Date,
): Promise<number> {
  // With publishing on, roster changes wait as drafts: only the others (and cancellations) tell now.
  const changes = await holdRosterChanges(tx, orgId, written, now);
  const notices: Notice[] = [];
  const asks: { job: StoredRecord; resourceId: string }[] = [];
  const drops: { recordId: string; resourceId: string }[] = [];
  const offers: { job: StoredRecord; was: readonly string[] }[] = [];
  const taken: StoredRecord[] = [];
  for (const { before, after, byWorker, held } of changes) {
    const b = tellsWorkers(before) ? before : undefined;
    const a = tellsWorkers(after) ? after : undefined;
    if (!b && !a) continue;
    const shown = (a ?? b) as StoredRecord;
    const bFacts = b && bookingFacts(b);
    const aFacts = a && bookingFacts(a);
    if (a && !held && offeredBy(bFacts, aFacts)) offers.push({ job: a, was: b?.resIds ?? [] });
    if (a && isOpenJob(bFacts) && (aFacts?.resIds.length ?? 0) > 0) taken.push(a);
    for (const n of bookingNotices(bFacts, aFacts)) {
      // The worker who made the change (their decline) is not told of it.
      if (n.resourceId === byWorker) continue;
      notices.push({
        event: n.event,
        resourceId: n.resourceId,
        ...aboutJob(shown),
      });
      // Assigned workers, and those whose job moved, are asked to confirm (until the job
      // starts); the unassigned and those of a cancelled job are no longer asked.
      if (n.event === 'assigned' || n.event === 'changed')
        asks.push({ job: shown, resourceId: n.resourceId });
      else if (n.event === 'unassigned' || n.event === 'cancelled')
        drops.push({ recordId: shown._id, resourceId: n.resourceId });
    }
  }
  notices.push(...(await offerNotices(tx, orgId, offers)), ...(await declinedBids(tx, orgId, taken)));
  if (notices.length === 0) return 0;
  for (const d of drops) await dropConfirmation(tx, orgId, d.recordId, d.resourceId);
  if (asks.length) {
    const { timeZone } = await orgNoticeContext(tx, orgId);
    const workers = await tx
      .select({ id: resources.id, uid: resources.uid })
      .from(resources)
      .where(
        and(eq(resources.orgId, orgId), inArray(resources.id, [...new Set(asks.map((a) => a.resourceId))])),
      );
    const uidOf = new Map(workers.map((w) => [w.id, w.uid]));
    await requestConfirmations(
      tx,
      orgId,
      asks.flatMap(({ job, resourceId }) => {
        const uid = uidOf.get(resourceId);
        return uid
          ? [
              {
                recordId: job._id,
                resourceId,
                uid,
                expiresAt: new Date(fromWallClock(job.utc_begin_plus_tz, timeZone)),
              },
            ]
          : [];
      }),
      now,
    );
  }
  return enqueueNotices(tx, orgId, notices, now);
}

/**
 * An open job is offered to every active worker with a user, but those it was just taken from
 * (they are told `unassigned`).
 */
export async function offerNotices(
  tx: Tx,
  orgId: string,
  offers: readonly { job: StoredRecord; was: readonly string[] }[],
): Promise<(Notice & { resourceId: string })[]> {
  if (offers.length === 0) return [];
  const workers = await tx
    .select({ id: resources.id })
    .from(resources)
    .where(and(eq(resources.orgId, orgId), isNotNull(resources.uid), eq(resources.inactive, false)))
    .orderBy(asc(resources.id));
  return offers.flatMap(({ job, was }) => {
    const common = { event: 'offered' as const, ...aboutJob(job) };
    return workers.filter((w) => !was.includes(w.id)).map((w) => ({ ...common, resourceId: w.id }));
  });
}

/** The key of the answer to the losing bids on a job: told once, however the job was taken. */
export const bidDeclinedKey = (recordId: string) => `bid-declined:${recordId}`;

/**
 * A job taken off the job board by assigning it (a bid accepted, or any allocation) tells every
 * bidder who did not get it that their bid was not accepted.
 */
async function declinedBids(tx: Tx, orgId: string, taken: readonly StoredRecord[]): Promise<Notice[]> {
  if (taken.length === 0) return [];
  const found = await tx
    .select({ recordId: bids.recordId, uid: bids.uid, resourceId: bids.resourceId })
    .from(bids)
    .where(
      and(
        eq(bids.orgId, orgId),
        inArray(
          bids.recordId,
          taken.map((j) => j._id),
        ),
      ),
    )
    .orderBy(asc(bids.createdAt));
  if (found.length === 0) return [];
  const winners = new Map(
    (
      await tx
        .select({ id: resources.id, uid: resources.uid })
        .from(resources)
        .where(
          and(
            eq(resources.orgId, orgId),
            inArray(resources.id, [...new Set(taken.flatMap((j) => j.resIds))]),
          ),
        )
    ).map((w) => [w.id, w.uid]),
  );
  return taken.flatMap((job) => {
    const wonBy = new Set(job.resIds.map((id) => winners.get(id)));
    const losers = new Set(
      found
        .filter(
          (b) => b.recordId === job._id && !wonBy.has(b.uid) && !job.resIds.includes(b.resourceId ?? ''),
        )
        .map((b) => b.uid),
    );
    return [...losers].map((uid) => ({
      event: 'bid_declined' as const,
      key: bidDeclinedKey(job._id),
      uid,
      ...aboutJob(job),
    }));
  });
}

/**
 * Writes the sends of a chat message to the workers it notifies (`uids`), in the message's
 * transaction; `message` is the bell notification's text ("Ann Lee on HC-00042: Running late").
 */
export async function enqueueChatNotices(
  tx: Tx,
  orgId: string,
  jobId: string,
  uids: readonly string[],
  message: string,
  now: Date,
): Promise<number> {
  if (uids.length === 0) return 0;
  const [row] = await tx
    .select({
      reference: sql<string | null>`${timelineRecords.data}->>'reference'`,
      begin: timelineRecords.beginAt,
    })
    .from(timelineRecords)
    .where(and(eq(timelineRecords.orgId, orgId), eq(timelineRecords.id, jobId)));
  if (!row) return 0;
  const when = formatDateTime(row.begin, (await loadOrgContext(tx, orgId)).dateFormat);
  const job = row.reference?.trim() || when;
  return enqueueNotices(
    tx,
    orgId,
    uids.map((uid) => ({
      event: 'chat',
      uid,
      recordId: jobId,
      job,
      when,
      begin: row.begin,
      address: '',
      message,
    })),
    now,
  );
}
