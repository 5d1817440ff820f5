import type { ConflictError } from '@rostra/core/api/bookings';
import type { RolloutAnswer } from '@rostra/core/api/roster';
import { checkBookingCustomer } from '@rostra/core/records/booking-rules';
import { templateStart } from '@rostra/core/roster/grid';
import { rolloutTemplate, type TemplateItem } from '@rostra/core/roster/template';
import { FORTNIGHT, toYmd } from '@rostra/core/time/calendar';
import { and, eq, gte, inArray, lt } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { allowsBookingWithoutCustomer } from '../scheduling/booking-rules.ts';
import type { StoredRecord } from '../scheduling/mapping.ts';
import { selectTimelineRecords } from '../scheduling/records.ts';
import { createTimelineRecord, updateTimelineRecord } from '../scheduling/save-timeline-record.ts';
import { orgSettings } from '../schema/organisations.ts';
import { timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';

/*
 * Rollout of the master roster (spec §2, §3, §4): every template item (a timeline record of type
 * `roster` on the template fortnight from the core's `templateStart`) placed on the real weeks of
 * a period with the core's `rolloutTemplate` (week 1 items on week-1 weeks, by parity), and the
 * bookings written in one transaction. Each booking is validated like any other; per the spec a
 * conflicting roster item becomes a draft with no resources, the others are rostered. A booking's
 * id is the item's id and the day, so rolling a period out again adds only what is missing.
 */

/** The verdict's codes that mean the resource's time is taken: these make a rolled-out item a draft. */
const TIME_CONFLICTS: readonly string[] = ['resource_busy', 'resource_on_leave', 'resource_break_time'];
/** At most this many bookings per rollout (the route bounds the period: core's MAX_ROLLOUT_DAYS). */
const MAX_PLACEMENTS = 5_000;

/** Template fields that stay on the template item: the rolled-out booking has real times. */
const TEMPLATE_ONLY = [
  '_id',
  'version',
  'status',
  'errors',
  'isConflict',
  '_uid_r',
  '_qa_create_utc',
  '_qa_update_utc',
  'utc_begin_plus_tz',
  'utc_end_plus_tz',
  'day_num',
  'day_n',
  'startAt',
  'endAt',
  'week',
  'fortnight_time_boundaries',
  'resource_first_name',
  'resource_last_name',
];

export type RolloutResult =
  | { ok: true; answer: RolloutAnswer }
  | { ok: false; code: 'rollout_too_large' | 'rollout_failed'; message: string };

/** Thrown inside the transaction so that none of a refused rollout is written. */
class RolloutRefused extends Error {
  constructor(
    readonly code: 'rollout_too_large' | 'rollout_failed',
    message: string,
  ) {
    super(message);
  }
}

/** The id of the booking a template item gives on a day. */
export function rolloutId(itemId: string, begin: number): string {
  return `${itemId}-${toYmd(begin).replaceAll('-', '')}`;
}

/**
 * Rolls the master roster out for [from, to) (the caller bounds the period): every item, or only
 * template `templateId`'s. A dry run counts and writes nothing. All of it is written or none.
 */
export async function rollOutRoster(
  db: Db,
  orgId: string,
  input: {
    from: number;
    to: number;
    templateId?: string | undefined;
    dryRun: boolean;
    uid: string;
    now: Date;
  },
): Promise<RolloutResult> {
  const { from, to, now } = input;
  const dry_run = input.dryRun;
  try {
    const answer = await withOrg(db, orgId, async (tx): Promise<RolloutAnswer> => {
      const [allocation] = await tx
        .select({ value: orgSettings.value })
        .from(orgSettings)
        .where(
          and(eq(orgSettings.orgId, orgId), eq(orgSettings.key, 'allocation'), eq(orgSettings.role, '')),
        );
      const wsd = allocation?.value.week_start_day;
      const weekStartDay = typeof wsd === 'number' && Number.isInteger(wsd) && wsd >= 0 && wsd <= 6 ? wsd : 0;
      const first = templateStart(weekStartDay);
      // The template may have been drawn with another week start day: take both 1970 fortnights' worth.
      const items = (
        await selectTimelineRecords(
          tx,
          and(
            eq(timelineRecords.orgId, orgId),
            gte(timelineRecords.beginAt, first - 7 * 86_400),
            lt(timelineRecords.beginAt, first + FORTNIGHT + 7 * 86_400),
            eq(timelineRecords.type, 'roster'),
            eq(timelineRecords.inactive, false),
          ),
        )
      ).filter((r) => input.templateId === undefined || r.template_id === input.templateId);

      const { placements, issues } = rolloutTemplate(items as (StoredRecord & TemplateItem)[], {
        from,
        to,
        week_start_day: weekStartDay,
        fortnight: true,
      });
      if (placements.length > MAX_PLACEMENTS) {
        throw new RolloutRefused(
          'rollout_too_large',
          `The period gives ${placements.length} bookings; roll out at most ${MAX_PLACEMENTS} at a time`,
        );
      }
      const ids = placements.map((p) => rolloutId(p.item._id, p.utc_begin_plus_tz));
      const taken = new Set<string>();
      for (let i = 0; i < ids.length; i += 500) {
        const rows = await tx
          .select({ id: timelineRecords.id })
          .from(timelineRecords)
          .where(and(eq(timelineRecords.orgId, orgId), inArray(timelineRecords.id, ids.slice(i, i + 500))));
        for (const r of rows) taken.add(r.id);
      }
      const answer: RolloutAnswer = {
        from,
        to,
        dry_run,
        items: items.length,
        placements: placements.length,
        created: 0,
        rostered: 0,
        drafts: 0,
        existing: taken.size,
        conflicts: [],
        issues: issues.map((i) => ({ ...i })),
      };
      // A booking needs a customer unless the organisation allows none (issue 16 point 7): an
      // item without one is reported once and rolls out nothing.
      const allowNoCustomer = await allowsBookingWithoutCustomer(tx, orgId);
      const noCustomer = new Set<string>();
      for (const p of placements) {
        const issue = checkBookingCustomer(p.item, allowNoCustomer);
        if (!issue || noCustomer.has(p.item._id)) continue;
        noCustomer.add(p.item._id);
        answer.issues.push({ code: issue.code, message: issue.message, _id: p.item._id });
      }
      if (dry_run) return answer;

      const ctx = { uid: input.uid, now };
      // Nested writes run in savepoints of this one transaction: all of the rollout or none of it.
      const inTx = tx as unknown as Db;
      for (const [n, p] of placements.entries()) {
        const id = ids[n] as string;
        if (taken.has(id) || noCustomer.has(p.item._id)) continue;
        const fields = Object.fromEntries(
          Object.entries(p.item).filter(([k, v]) => !TEMPLATE_ONLY.includes(k) && v !== null),
        );
        const rolled = {
          ...fields,
          _id: id,
          _key: 'booking',
          type: 'roster',
          status: 'rostered',
          template_id: p.item.template_id ?? p.item._id,
          utc_begin_plus_tz: p.utc_begin_plus_tz,
          utc_end_plus_tz: p.utc_end_plus_tz,
          fortnight_time_boundaries: p.fortnight_time_boundaries,
          week: p.week,
        };
        let created = await createTimelineRecord(inTx, orgId, rolled, ctx);
        if (!created.ok && created.error === 'invalid' && created.code === 'resource_blacklisted') {
          // A template worker the customer has since blacklisted is not rolled out onto the
          // customer's booking (issue 16 point 5): the item lands as an unassigned draft.
          const refused = { code: created.code, message: created.message };
          created = await createTimelineRecord(
            inTx,
            orgId,
            { ...rolled, status: 'draft', resIds: [], resourceId: null },
            ctx,
          );
          if (!created.ok) throw new RolloutRefused('rollout_failed', `Booking ${id} could not be written`);
          answer.created += 1;
          answer.drafts += 1;
          answer.conflicts.push({
            _id: id,
            template_item_id: p.item._id,
            utc_begin_plus_tz: p.utc_begin_plus_tz,
            utc_end_plus_tz: p.utc_end_plus_tz,
            errors: [refused],
          });
          continue;
        }
        if (!created.ok) throw new RolloutRefused('rollout_failed', `Booking ${id} could not be written`);
        answer.created += 1;
        // A roster item in conflict with the resource's time (busy, on leave, on a break) becomes a
        // draft without resources (spec §4). Other failed checks (a shift not yet set up for a
        // future period, a label) leave it rostered and flagged by the one verdict, for the
        // dispatcher to see; an item with no resource stays rostered, in conflict until allocated.
        // The verdict's errors, as the booking's answer carries them (core's conflictError).
        const errors = (created.record.errors as ConflictError[] | undefined) ?? [];
        if (
          created.record.isConflict &&
          created.record.resIds.length > 0 &&
          errors.some((e) => TIME_CONFLICTS.includes(e.code))
        ) {
          answer.conflicts.push({
            _id: id,
            template_item_id: p.item._id,
            utc_begin_plus_tz: p.utc_begin_plus_tz,
            utc_end_plus_tz: p.utc_end_plus_tz,
            errors,
          });
          const drafted = await updateTimelineRecord(
            inTx,
            orgId,
            id,
            { status: 'draft', resIds: [] },
            created.record.version as number,
            ctx,
          );
          if (!drafted.ok) throw new RolloutRefused('rollout_failed', `Booking ${id} could not be written`);
          answer.drafts += 1;
        } else answer.rostered += 1;
      }
      return answer;
    });
    return { ok: true, answer };
  } catch (e) {
    if (e instanceof RolloutRefused) return { ok: false, code: e.code, message: e.message };
    throw e;
  }
}
