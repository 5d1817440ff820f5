import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { appendLiveEvents, appendMembershipChanged } from '../infra/live-events.ts';
import { memberships } from '../schema/auth.ts';
import { dispatcherMasterLabels } from '../schema/planning.ts';
import { resources } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';

/*
 * Promote / demote (shell spec §4; issue #9 point 7). A promoted resource keeps their resource
 * membership and gains a dispatcher membership in the same organisation (they switch to it with
 * the company switcher); their dispatcher views are restricted to the labels given, through their
 * published, strict master labels (bookings, resources and customers). Demoting removes that
 * membership and the restriction document. A dispatcher who was never promoted is not touched.
 */

export type PromotionResult =
  | { ok: true; resource_id: string; uid: string; promoted_dispatcher: boolean; labels: string[] }
  | { ok: false; error: 'not_found' }
  | { ok: false; error: 'no_user' | 'not_promoted'; message: string };

/** The user behind a resource: their resource membership in the organisation, else the record's uid. */
async function userOf(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  orgId: string,
  resourceId: string,
) {
  const [res] = await tx
    .select({ id: resources.id, uid: resources.uid, promoted: resources.promotedDispatcher })
    .from(resources)
    .where(and(eq(resources.orgId, orgId), eq(resources.id, resourceId)))
    .for('update');
  if (!res) return undefined;
  const [member] = await tx
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(
      and(
        eq(memberships.organizationId, orgId),
        eq(memberships.role, 'resource'),
        eq(memberships.resourceId, resourceId),
      ),
    )
    .limit(1);
  return { ...res, userId: member?.userId ?? res.uid ?? null };
}

export async function promoteResource(
  db: Db,
  orgId: string,
  input: { resourceId: string; labels: string[]; now: Date },
): Promise<PromotionResult> {
  return withOrg(db, orgId, async (tx): Promise<PromotionResult> => {
    const res = await userOf(tx, orgId, input.resourceId);
    if (!res) return { ok: false, error: 'not_found' };
    if (!res.userId) {
      return { ok: false, error: 'no_user', message: 'This resource has no user account to promote' };
    }
    const [existing] = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(
        and(
          eq(memberships.organizationId, orgId),
          eq(memberships.userId, res.userId),
          eq(memberships.role, 'dispatcher'),
        ),
      );
    if (existing && !res.promoted) {
      return {
        ok: false,
        error: 'no_user',
        message: 'This person is already a dispatcher of the organisation',
      };
    }
    if (!existing) {
      await tx.insert(memberships).values({
        id: randomUUID(),
        organizationId: orgId,
        userId: res.userId,
        role: 'dispatcher',
        resourceId: input.resourceId,
        createdAt: input.now,
      });
    }
    await tx
      .update(resources)
      .set({ promotedDispatcher: true, updatedAt: input.now, version: sql`${resources.version} + 1` })
      .where(and(eq(resources.orgId, orgId), eq(resources.id, input.resourceId)));
    const labels = [...new Set(input.labels)];
    const values = {
      labels,
      resLabels: labels,
      csLbls: labels,
      strict: true,
      strictRes: true,
      strictCus: true,
      strictBoo: true,
      published: true,
    };
    await tx
      .insert(dispatcherMasterLabels)
      .values({ orgId, id: res.userId, ...values })
      .onConflictDoUpdate({
        target: [dispatcherMasterLabels.orgId, dispatcherMasterLabels.id],
        set: { ...values, updatedAt: input.now, version: sql`${dispatcherMasterLabels.version} + 1` },
      });
    await appendLiveEvents(tx, orgId, [
      {
        topic: 'records',
        kind: 'record.changed',
        audience: { dispatchers: true },
        payload: { kind: 'resources', _id: input.resourceId, changed: ['promoted_dispatcher'] },
      },
    ]);
    return { ok: true, resource_id: input.resourceId, uid: res.userId, promoted_dispatcher: true, labels };
  });
}

export async function demoteResource(
  db: Db,
  orgId: string,
  input: { resourceId: string; now: Date },
): Promise<PromotionResult> {
  return withOrg(db, orgId, async (tx): Promise<PromotionResult> => {
    const res = await userOf(tx, orgId, input.resourceId);
    if (!res) return { ok: false, error: 'not_found' };
    if (!res.promoted || !res.userId) {
      return { ok: false, error: 'not_promoted', message: 'This resource is not a promoted dispatcher' };
    }
    await tx
      .delete(memberships)
      .where(
        and(
          eq(memberships.organizationId, orgId),
          eq(memberships.userId, res.userId),
          eq(memberships.role, 'dispatcher'),
        ),
      );
    await tx
      .delete(dispatcherMasterLabels)
      .where(and(eq(dispatcherMasterLabels.orgId, orgId), eq(dispatcherMasterLabels.id, res.userId)));
    await tx
      .update(resources)
      .set({ promotedDispatcher: false, updatedAt: input.now, version: sql`${resources.version} + 1` })
      .where(and(eq(resources.orgId, orgId), eq(resources.id, input.resourceId)));
    await appendLiveEvents(tx, orgId, [
      {
        topic: 'records',
        kind: 'record.changed',
        audience: { dispatchers: true },
        payload: { kind: 'resources', _id: input.resourceId, changed: ['promoted_dispatcher'] },
      },
    ]);
    // Their dispatcher sockets close at once, on every instance.
    await appendMembershipChanged(tx, orgId, res.userId);
    return {
      ok: true,
      resource_id: input.resourceId,
      uid: res.userId,
      promoted_dispatcher: false,
      labels: [],
    };
  });
}
