import { and, asc, desc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { appendLiveEvents } from '../infra/live-events.ts';
import { user } from '../schema/auth.ts';
import { packageRequests } from '../schema/documents.ts';
import { customers, labels } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';
import { type NumberedPage, numberedPage } from './lists.ts';

/*
 * Customer package requests (shell spec §5, issue #22 point 14): a customer sends a service
 * package request (a type from the organisation's active service labels, a note); dispatchers
 * list them, newest first, and mark them handled. Each change is told live to the dispatchers
 * and to the sender on the `notifications` topic (kind `package_request`), so their lists refresh.
 */

export type PackageType = { _id: string; name: string };

export type PackageRequest = {
  _id: string;
  type: string;
  type_name: string;
  note: string;
  customer_id: string | null;
  sender_name: string;
  created_by: string;
  /** Epoch milliseconds. */
  created_at: number;
  handled_at: number | null;
  handled_by: string | null;
};

type Row = typeof packageRequests.$inferSelect;

function toPackageRequest(row: Row): PackageRequest {
  return {
    _id: row.id,
    type: row.typeId,
    type_name: row.typeName,
    note: row.note,
    customer_id: row.customerId,
    sender_name: row.senderName,
    created_by: row.createdBy,
    created_at: row.createdAt.getTime(),
    handled_at: row.handledAt ? row.handledAt.getTime() : null,
    handled_by: row.handledBy,
  };
}

/** The types a customer may choose: the organisation's active service labels, by name. */
export function listPackageTypes(db: Db, orgId: string): Promise<PackageType[]> {
  return withOrg(db, orgId, async (tx) =>
    tx
      .select({ _id: labels.id, name: labels.name })
      .from(labels)
      .where(and(eq(labels.orgId, orgId), eq(labels.type, 'service'), eq(labels.inactive, false)))
      .orderBy(asc(labels.name), asc(labels.id)),
  );
}

/**
 * Stores a customer's request. `null` when the type is not one of the organisation's active
 * service labels. The sender is shown by their customer record's name, else their user name.
 */
export async function createPackageRequest(
  db: Db,
  orgId: string,
  input: { id: string; typeId: string; note: string; uid: string; customerId: string | null; now: Date },
): Promise<PackageRequest | null> {
  // Users are global (identity); read by the caller's own id only.
  const [person] = await db.select({ name: user.name }).from(user).where(eq(user.id, input.uid));
  return withOrg(db, orgId, async (tx) => {
    const [label] = await tx
      .select({ name: labels.name })
      .from(labels)
      .where(
        and(
          eq(labels.orgId, orgId),
          eq(labels.id, input.typeId),
          eq(labels.type, 'service'),
          eq(labels.inactive, false),
        ),
      );
    if (!label) return null;
    const [customer] = input.customerId
      ? await tx
          .select({ name: customers.name })
          .from(customers)
          .where(and(eq(customers.orgId, orgId), eq(customers.id, input.customerId)))
      : [];
    const [row] = await tx
      .insert(packageRequests)
      .values({
        orgId,
        id: input.id,
        typeId: input.typeId,
        typeName: label.name,
        note: input.note,
        customerId: customer ? input.customerId : null,
        senderName: customer?.name || person?.name || '',
        createdBy: input.uid,
        createdAt: input.now,
      })
      .returning();
    const request = toPackageRequest(row as Row);
    await appendLiveEvents(tx, orgId, [
      {
        topic: 'notifications',
        kind: 'package_request',
        audience: { dispatchers: true, uids: [input.uid] },
        payload: { ...request },
      },
    ]);
    return request;
  });
}

/**
 * Package requests, newest first: every one for a dispatcher (`open`: only those not handled, or
 * only handled ones), the sender's own for anyone else.
 */
export function listPackageRequests(
  db: Db,
  orgId: string,
  query: { uid: string; isDispatcher: boolean; open?: boolean; page: number; limit: number },
): Promise<NumberedPage<PackageRequest>> {
  const where = and(
    eq(packageRequests.orgId, orgId),
    query.isDispatcher ? undefined : eq(packageRequests.createdBy, query.uid),
    query.open === undefined
      ? undefined
      : query.open
        ? isNull(packageRequests.handledAt)
        : isNotNull(packageRequests.handledAt),
  );
  return withOrg(db, orgId, (tx) =>
    numberedPage(
      tx,
      packageRequests,
      where,
      [desc(packageRequests.createdAt), desc(packageRequests.id)],
      query,
      toPackageRequest,
    ),
  );
}

/** Marks a request handled (once: a second call keeps the first time). `null`: no such request. */
export function markPackageRequestHandled(
  db: Db,
  orgId: string,
  input: { id: string; uid: string; now: Date },
): Promise<PackageRequest | null> {
  return withOrg(db, orgId, async (tx) => {
    const where = and(eq(packageRequests.orgId, orgId), eq(packageRequests.id, input.id));
    const [existing] = await tx.select().from(packageRequests).where(where);
    if (!existing) return null;
    if (existing.handledAt) return toPackageRequest(existing);
    const [row] = await tx
      .update(packageRequests)
      .set({ handledAt: input.now, handledBy: input.uid })
      .where(where)
      .returning();
    const request = toPackageRequest(row as Row);
    await appendLiveEvents(tx, orgId, [
      {
        topic: 'notifications',
        kind: 'package_request',
        audience: { dispatchers: true, uids: [request.created_by] },
        payload: { ...request },
      },
    ]);
    return request;
  });
}
