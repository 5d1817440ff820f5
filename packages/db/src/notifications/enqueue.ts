import { randomUUID } from 'node:crypto';
import {
  type BookingFacts,
  bookingNotices,
  DEFAULT_PREFERENCES,
  NOTIFY_CHANNELS,
  type NotifyChannel,
  type NotifyEvent,
  type OrgNotificationSettings,
  planSends,
  renderNotice,
  type UserNotificationPreferences,
} from '@rostra/core/notifications/rules';
import { bookingTitle } from '@rostra/core/records/booking-rules';
import { formatDateTime, fromWallClock } from '@rostra/core/time/calendar';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../client.ts';
import type { StoredRecord } from '../scheduling/mapping.ts';
import { loadOrgContext } from '../scheduling/org-context.ts';
import { isTemplateItem } from '../scheduling/template-items.ts';
import { user } from '../schema/auth.ts';
import {
  notificationDeliveries,
  notificationPreferences,
  pushSubscriptions,
} from '../schema/notifications.ts';
import { orgSettings } from '../schema/organisations.ts';
import { resources, timelineRecords } from '../schema/scheduling.ts';
import { dropConfirmation, requestConfirmation } from './confirmations.ts';

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
  when: string;
  address: string;
  message?: string;
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

/** Writes the sends of `notices` in the caller's transaction. Answers how many rows it wrote. */
export async function enqueueNotices(
  tx: Tx,
  orgId: string,
  notices: readonly Notice[],
  now: Date,
): Promise<number> {
  if (notices.length === 0) return 0;
  const resourceIds = notices.flatMap((n) => (n.resourceId ? [n.resourceId] : []));
  const workers = resourceIds.length
    ? await tx
        .select({ id: resources.id, uid: resources.uid, mobile: resources.mobile })
        .from(resources)
        .where(and(eq(resources.orgId, orgId), inArray(resources.id, resourceIds)))
    : [];
  const uidOf = (n: Notice) => n.uid ?? workers.find((w) => w.id === n.resourceId)?.uid ?? null;
  const uids = [...new Set(notices.map(uidOf).filter((u): u is string => u !== null))];
  if (uids.length === 0) return 0;

  const { timeZone } = await loadOrgContext(tx, orgId);
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
  const settings = (documents.find((d) => d.key === NOTIFICATION_SETTINGS_KEY)?.value ??
    {}) as OrgNotificationSettings;
  const captions = documents.find((d) => d.key === 'captions')?.value ?? {};
  const people = await tx
    .select({ id: user.id, email: user.email, phone: user.phoneNumber })
    .from(user)
    .where(inArray(user.id, uids));
  const prefs = await tx
    .select()
    .from(notificationPreferences)
    .where(and(eq(notificationPreferences.orgId, orgId), inArray(notificationPreferences.uid, uids)));
  const subscribed = await tx
    .selectDistinct({ uid: pushSubscriptions.uid })
    .from(pushSubscriptions)
    .where(and(eq(pushSubscriptions.orgId, orgId), inArray(pushSubscriptions.uid, uids)));

  const eventId = randomUUID();
  const rows: (typeof notificationDeliveries.$inferInsert)[] = [];
  for (const notice of notices) {
    const uid = uidOf(notice);
    if (!uid) continue;
    const person = people.find((p) => p.id === uid);
    const mobile = workers.find((w) => w.id === notice.resourceId)?.mobile?.trim() || person?.phone || '';
    const address: Record<NotifyChannel, string> = { email: person?.email ?? '', sms: mobile, push: '' };
    const sends = planSends({
      event: notice.event,
      org: settings,
      prefs: preferencesOf(prefs.find((p) => p.uid === uid)),
      reach: {
        email: address.email !== '',
        sms: address.sms !== '',
        push: subscribed.some((s) => s.uid === uid),
      },
      now,
      timeZone,
    });
    const { subject, body } = renderNotice(notice.event, settings, {
      job: notice.job,
      when: notice.when,
      address: notice.address,
      ...(notice.message !== undefined ? { message: notice.message } : {}),
      captions,
    });
    for (const send of sends) {
      rows.push({
        orgId,
        id: randomUUID(),
        eventId: `${eventId}:${notice.event}`,
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

/** What the rules need of a stored booking. */
export function bookingFacts(record: StoredRecord): BookingFacts {
  const r = record as StoredRecord & Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  return {
    resIds: record.resIds,
    status: record.status,
    begin: record.utc_begin_plus_tz,
    end: record.utc_end_plus_tz,
    address: [r.addressline1, r.addressline2, r.addressline3].map(text).filter(Boolean).join(', '),
    notes: text(r.notes),
    notesImportant: r.notes_important === true,
  };
}

/** Only bookings and group events reach workers; a master-roster template item is no one's job. */
function tellsWorkers(record: StoredRecord | undefined): record is StoredRecord {
  if (!record || isTemplateItem(record)) return false;
  const key = record._key ?? 'booking';
  return (key === 'booking' || key === 'groupevent') && record.status !== 'leave';
}

/**
 * Writes the sends a booking change makes (see `bookingNotices`) in the change's transaction:
 * call it wherever a booking is created, changed, allocated, cancelled or deleted.
 */
export async function enqueueBookingNotices(
  tx: Tx,
  orgId: string,
  before: StoredRecord | undefined,
  after: StoredRecord | undefined,
  now: Date,
): Promise<number> {
  const b = tellsWorkers(before) ? before : undefined;
  const a = tellsWorkers(after) ? after : undefined;
  if (!b && !a) return 0;
  const shown = (a ?? b) as StoredRecord;
  const facts = bookingFacts(shown);
  const notices = bookingNotices(b && bookingFacts(b), a && bookingFacts(a)).map((n) => ({
    event: n.event,
    resourceId: n.resourceId,
    recordId: shown._id,
    job: bookingTitle(shown),
    when: formatDateTime(shown.utc_begin_plus_tz),
    address: facts.address,
  }));
  await keepConfirmations(tx, orgId, shown, notices, now);
  return enqueueNotices(tx, orgId, notices, now);
}

/**
 * Assigned workers, and those whose job moved, are asked to confirm (until the job starts); the
 * unassigned and those of a cancelled job are no longer asked.
 */
async function keepConfirmations(
  tx: Tx,
  orgId: string,
  job: StoredRecord,
  notices: readonly { event: NotifyEvent; resourceId: string }[],
  now: Date,
): Promise<void> {
  const ask = notices.filter((n) => n.event === 'assigned' || n.event === 'changed').map((n) => n.resourceId);
  for (const n of notices) {
    if (n.event === 'unassigned' || n.event === 'cancelled')
      await dropConfirmation(tx, orgId, job._id, n.resourceId);
  }
  if (ask.length === 0) return;
  const { timeZone } = await loadOrgContext(tx, orgId);
  const expiresAt = new Date(fromWallClock(job.utc_begin_plus_tz, timeZone));
  const workers = await tx
    .select({ id: resources.id, uid: resources.uid })
    .from(resources)
    .where(and(eq(resources.orgId, orgId), inArray(resources.id, ask)));
  for (const w of workers) {
    if (w.uid)
      await requestConfirmation(
        tx,
        orgId,
        { recordId: job._id, resourceId: w.id, uid: w.uid, expiresAt },
        now,
      );
  }
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
  const when = formatDateTime(row.begin);
  const job = row.reference?.trim() || when;
  return enqueueNotices(
    tx,
    orgId,
    uids.map((uid) => ({ event: 'chat', uid, recordId: jobId, job, when, address: '', message })),
    now,
  );
}
