import { createHash } from 'node:crypto';
import {
  buildExceptionReport,
  type CurrentState,
  compareEntries,
  type ExceptionConfig,
  type ExceptionEntry,
  type ExceptionJob,
  UNCONFIRMED_ACTION,
  unconfirmedEntries,
} from '@rostra/core/exceptions/report';
import { CURRENT_JOB_STATUSES } from '@rostra/core/exceptions/status-order';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { appendLiveEvents } from '../infra/live-events.ts';
import { jobStates } from '../schema/jobs.ts';
import { bookingConfirmations } from '../schema/notifications.ts';
import { orgSettings } from '../schema/organisations.ts';
import { exceptionReports } from '../schema/planning.ts';
import { timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';
import { loadOrgContext, wallClockOf } from './org-context.ts';
import { selectTimelineRecords } from './records.ts';

/** Settings key of the per-organisation exception report config (`{ configs: ExceptionConfig[] }`). */
export const EXCEPTION_CONFIG_KEY = 'exception_report_config';

export type StoredExceptionReport = {
  _id: string;
  current_report: boolean;
  entries: ExceptionEntry[];
  /** Per config (`action_status`): the ids of the jobs it flags. */
  configs_map_ids: Record<string, string[]>;
  /** The wall-clock second the report was computed for. */
  computed_for: number;
  version: number;
};

const REPORT_ID = 'current';

function toReport(row: typeof exceptionReports.$inferSelect): StoredExceptionReport {
  return {
    _id: row.id,
    current_report: row.currentReport,
    entries: row.entries as unknown as ExceptionEntry[],
    configs_map_ids: row.configsMapIds,
    computed_for: row.computedFor,
    version: row.version,
  };
}

/** The stored current report; undefined before the first computation. */
/** Each job's current state (its latest `job_states` row), for the report's status rules. */
export async function latestStates(
  tx: Tx,
  orgId: string,
  ids: string[],
): Promise<Record<string, CurrentState>> {
  const states: Record<string, CurrentState> = {};
  if (ids.length === 0) return states;
  const latest = await tx
    .selectDistinctOn([jobStates.recordId], {
      recordId: jobStates.recordId,
      status: jobStates.status,
      at: jobStates.utcPlusTz,
    })
    .from(jobStates)
    .where(and(eq(jobStates.orgId, orgId), inArray(jobStates.recordId, ids)))
    .orderBy(jobStates.recordId, sql`${jobStates.seq} desc`);
  for (const s of latest) states[s.recordId] = { status: s.status, date: s.at };
  return states;
}

export async function getExceptionReport(db: Db, orgId: string): Promise<StoredExceptionReport | undefined> {
  const [row] = await withOrg(db, orgId, (tx) =>
    tx
      .select()
      .from(exceptionReports)
      .where(and(eq(exceptionReports.orgId, orgId), eq(exceptionReports.id, REPORT_ID))),
  );
  return row ? toReport(row) : undefined;
}

/** The organisation's exception configs and its `unconfirmed_hours` (undefined when not set). */
export async function readExceptionConfig(
  tx: Tx,
  orgId: string,
): Promise<{ configs: ExceptionConfig[]; unconfirmedHours: number | undefined }> {
  const [config] = await tx
    .select({ value: orgSettings.value })
    .from(orgSettings)
    .where(
      and(eq(orgSettings.orgId, orgId), eq(orgSettings.key, EXCEPTION_CONFIG_KEY), eq(orgSettings.role, '')),
    );
  const stored = config?.value.configs;
  const configs = (Array.isArray(stored) ? stored : []).filter(
    (c): c is ExceptionConfig => typeof c === 'object' && c !== null,
  );
  const hours = config?.value.unconfirmed_hours;
  return { configs, unconfirmedHours: typeof hours === 'number' && hours >= 0 ? hours : undefined };
}

/** The core's report of these jobs at the wall-clock second `wall`, each with its latest state. */
export async function reportOfJobs(
  tx: Tx,
  orgId: string,
  jobs: ExceptionJob[],
  configs: ExceptionConfig[],
  wall: number,
  timeZone: string,
) {
  const states = await latestStates(
    tx,
    orgId,
    jobs.map((j) => j._id),
  );
  return buildExceptionReport({ jobs, configs, now: wall, states, timeZone });
}

/**
 * Computes the organisation's current exception report with the core (`buildExceptionReport`) at
 * the real instant `now` (placed on the organisation's wall clock): the current jobs, each one's
 * latest state document, and the organisation's configs. Stores it; when its entries differ from
 * the stored ones, a live `exception_report` event tells the dispatchers (the urgent banner).
 */
export async function refreshExceptionReport(
  db: Db,
  orgId: string,
  now: Date,
): Promise<{ report: StoredExceptionReport; changed: boolean }> {
  return withOrg(db, orgId, async (tx) => {
    const org = await loadOrgContext(tx, orgId);
    const wall = wallClockOf(org, now);
    const { configs, unconfirmedHours } = await readExceptionConfig(tx, orgId);
    const jobs =
      configs.length || unconfirmedHours !== undefined
        ? await selectTimelineRecords(
            tx,
            and(
              eq(timelineRecords.orgId, orgId),
              inArray(timelineRecords.status, [...CURRENT_JOB_STATUSES]),
              eq(timelineRecords.inactive, false),
            ),
          )
        : [];
    const built = await reportOfJobs(tx, orgId, jobs as ExceptionJob[], configs, wall, org.timeZone);
    if (unconfirmedHours !== undefined) {
      const pending = await tx
        .selectDistinct({ recordId: bookingConfirmations.recordId })
        .from(bookingConfirmations)
        .where(and(eq(bookingConfirmations.orgId, orgId), eq(bookingConfirmations.state, 'pending')));
      built.entries = [
        ...built.entries,
        ...unconfirmedEntries({
          jobs: jobs as ExceptionJob[],
          pending: new Set(pending.map((p) => p.recordId)),
          hoursBefore: unconfirmedHours,
          now: wall,
          timeZone: org.timeZone,
        }),
      ].sort(compareEntries);
    }
    const configsMapIds: Record<string, string[]> = {};
    for (const c of configs) configsMapIds[c.action_status] = [];
    if (unconfirmedHours !== undefined) configsMapIds[UNCONFIRMED_ACTION] = [];
    for (const e of built.entries) {
      const ids = configsMapIds[e.action_status] ?? [];
      ids.push(e._id);
      configsMapIds[e.action_status] = ids;
    }
    const digest = createHash('sha1').update(JSON.stringify(built.entries)).digest('hex');

    const [stored] = await tx
      .select()
      .from(exceptionReports)
      .where(and(eq(exceptionReports.orgId, orgId), eq(exceptionReports.id, REPORT_ID)))
      .for('update');
    const changed = stored?.digest !== digest;
    const values = {
      currentReport: true,
      entries: built.entries as unknown as Record<string, unknown>[],
      configsMapIds,
      digest,
      computedFor: wall,
      updatedAt: now,
    };
    const [row] = stored
      ? await tx
          .update(exceptionReports)
          .set({ ...values, ...(changed ? { version: sql`${exceptionReports.version} + 1` } : {}) })
          .where(and(eq(exceptionReports.orgId, orgId), eq(exceptionReports.id, REPORT_ID)))
          .returning()
      : await tx
          .insert(exceptionReports)
          .values({ ...values, orgId, id: REPORT_ID })
          .returning();
    const report = toReport(row as typeof exceptionReports.$inferSelect);
    if (changed) {
      await appendLiveEvents(tx, orgId, [
        {
          topic: 'exception_report',
          kind: 'exception_report.changed',
          audience: { dispatchers: true },
          payload: { entries: report.entries.length, computed_for: wall, version: report.version },
        },
      ]);
    }
    return { report, changed };
  });
}
