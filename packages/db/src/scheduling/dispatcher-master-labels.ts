import { and, arrayContains, arrayOverlaps, eq, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { appendLiveEvents } from '../infra/live-events.ts';
import { type ExpectedVersion, notFound, stale, type WriteResult } from '../infra/write-result.ts';
import { memberships } from '../schema/auth.ts';
import { dispatcherMasterLabels } from '../schema/planning.ts';
import { customers, resources, timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';

/** A dispatcher's master labels (`_key` dispatcher_master_labels), as the spec names them. */
export type MasterLabels = {
  _id: string;
  _key: 'dispatcher_master_labels';
  labels: string[];
  cs_lbls: string[];
  res_labels: string[];
  strict: boolean;
  strict_res: boolean | null;
  strict_cus: boolean | null;
  strict_boo: boolean | null;
  published: boolean;
  version: number;
};

type Row = typeof dispatcherMasterLabels.$inferSelect;

function toMasterLabels(row: Row): MasterLabels {
  return {
    _id: row.id,
    _key: 'dispatcher_master_labels',
    labels: row.labels,
    cs_lbls: row.csLbls,
    res_labels: row.resLabels,
    strict: row.strict,
    strict_res: row.strictRes,
    strict_cus: row.strictCus,
    strict_boo: row.strictBoo,
    published: row.published,
    version: row.version,
  };
}

export async function getMasterLabels(db: Db, orgId: string, uid: string): Promise<MasterLabels | undefined> {
  const [row] = await withOrg(db, orgId, (tx) =>
    tx
      .select()
      .from(dispatcherMasterLabels)
      .where(and(eq(dispatcherMasterLabels.orgId, orgId), eq(dispatcherMasterLabels.id, uid))),
  );
  return row ? toMasterLabels(row) : undefined;
}

export type MasterLabelsInput = Partial<Omit<MasterLabels, '_id' | '_key' | 'version'>>;

/**
 * Sets a dispatcher's master labels (merged over what is stored). A user without a document gets
 * one only when they are a member of the organisation; `expected` is the stored version (0 for
 * none yet): any other answers `stale` and writes nothing.
 */
export async function putMasterLabels(
  db: Db,
  orgId: string,
  uid: string,
  input: MasterLabelsInput,
  expected: ExpectedVersion,
): Promise<WriteResult<MasterLabels>> {
  return withOrg(db, orgId, async (tx) => {
    const [row] = await tx
      .select()
      .from(dispatcherMasterLabels)
      .where(and(eq(dispatcherMasterLabels.orgId, orgId), eq(dispatcherMasterLabels.id, uid)))
      .for('update');
    if (!row) {
      const [member] = await tx
        .select({ id: memberships.id })
        .from(memberships)
        .where(and(eq(memberships.organizationId, orgId), eq(memberships.userId, uid)))
        .limit(1);
      if (!member) return notFound();
    }
    const current = row ? toMasterLabels(row) : undefined;
    if (expected !== undefined && (current?.version ?? 0) !== expected) {
      return stale(current ?? { _id: uid, version: 0 });
    }
    const values = {
      ...(input.labels !== undefined ? { labels: input.labels } : {}),
      ...(input.cs_lbls !== undefined ? { csLbls: input.cs_lbls } : {}),
      ...(input.res_labels !== undefined ? { resLabels: input.res_labels } : {}),
      ...(input.strict !== undefined ? { strict: input.strict } : {}),
      ...(input.strict_res !== undefined ? { strictRes: input.strict_res } : {}),
      ...(input.strict_cus !== undefined ? { strictCus: input.strict_cus } : {}),
      ...(input.strict_boo !== undefined ? { strictBoo: input.strict_boo } : {}),
      ...(input.published !== undefined ? { published: input.published } : {}),
    };
    const [saved] = row
      ? await tx
          .update(dispatcherMasterLabels)
          .set({ ...values, version: sql`${dispatcherMasterLabels.version} + 1`, updatedAt: new Date() })
          .where(and(eq(dispatcherMasterLabels.orgId, orgId), eq(dispatcherMasterLabels.id, uid)))
          .returning()
      : await tx
          .insert(dispatcherMasterLabels)
          .values({ ...values, orgId, id: uid })
          .returning();
    const record = toMasterLabels(saved as Row);
    // Any dispatcher may read any dispatcher's document (GET /dispatcher-master-labels/:uid).
    await appendLiveEvents(tx, orgId, [
      {
        topic: 'settings',
        kind: 'settings.changed',
        audience: { dispatchers: true },
        payload: { _key: record._key, _id: uid, value: record, version: record.version },
      },
    ]);
    return { ok: true, record };
  });
}

/** Conditions narrowing a dispatcher's lists; absent when they have no published master labels. */
export type MasterLabelFilters = { resources?: SQL; customers?: SQL; bookings?: SQL };

/**
 * The spec's dispatcher filter (§5): strict mode requires every master label, otherwise any one.
 * `res_labels` narrow resources (`strict_res`), `cs_lbls` customers (`strict_cus`), `labels`
 * bookings (`strict_boo`); each specific flag falls back to `strict`. An empty list filters
 * nothing. Only a published document applies.
 */
export function masterLabelFilters(db: Db, orgId: string, uid: string): Promise<MasterLabelFilters> {
  return withOrg(db, orgId, (tx) => masterLabelFiltersIn(tx, orgId, uid));
}

/** As masterLabelFilters, inside the caller's transaction. */
export async function masterLabelFiltersIn(tx: Tx, orgId: string, uid: string): Promise<MasterLabelFilters> {
  const [row] = await tx
    .select()
    .from(dispatcherMasterLabels)
    .where(and(eq(dispatcherMasterLabels.orgId, orgId), eq(dispatcherMasterLabels.id, uid)));
  const doc = row ? toMasterLabels(row) : undefined;
  if (!doc?.published) return {};
  const out: MasterLabelFilters = {};
  if (doc.res_labels.length) {
    out.resources =
      (doc.strict_res ?? doc.strict)
        ? arrayContains(resources.labels, doc.res_labels)
        : arrayOverlaps(resources.labels, doc.res_labels);
  }
  if (doc.cs_lbls.length) {
    const list = sql`${sql.param(doc.cs_lbls)}::text[]`;
    const labelsOf = sql`coalesce(${customers.data} -> 'labels', '[]'::jsonb)`;
    out.customers =
      (doc.strict_cus ?? doc.strict)
        ? sql`jsonb_exists_all(${labelsOf}, ${list})`
        : sql`jsonb_exists_any(${labelsOf}, ${list})`;
  }
  if (doc.labels.length) {
    out.bookings =
      (doc.strict_boo ?? doc.strict)
        ? arrayContains(timelineRecords.labels, doc.labels)
        : arrayOverlaps(timelineRecords.labels, doc.labels);
  }
  return out;
}
