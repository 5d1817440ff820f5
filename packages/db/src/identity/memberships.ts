import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { memberships } from '../schema/auth.ts';
import { organisations } from '../schema/organisations.ts';

/*
 * Identity queries. Users, sessions and memberships are global by design (one person belongs to
 * several organisations), so these read across organisations; they never touch tenant data.
 */

export type MembershipRow = {
  orgId: string;
  orgName: string;
  role: string;
  duties: string[];
  resourceId: string | null;
  customerId: string | null;
};

const membershipColumns = {
  orgId: memberships.organizationId,
  orgName: organisations.name,
  role: memberships.role,
  duties: memberships.duties,
  resourceId: memberships.resourceId,
  customerId: memberships.customerId,
};

/** Every membership of a user, oldest first (the first is the default active one). */
export function listMemberships(db: Db, userId: string): Promise<MembershipRow[]> {
  return db
    .select(membershipColumns)
    .from(memberships)
    .innerJoin(organisations, eq(organisations.id, memberships.organizationId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.createdAt), asc(memberships.organizationId), asc(memberships.role));
}

/** The membership (org, role) of a user, or undefined when the user does not hold it. */
export async function findMembership(
  db: Db,
  key: { userId: string; orgId: string; role: string },
): Promise<MembershipRow | undefined> {
  const rows = await db
    .select(membershipColumns)
    .from(memberships)
    .innerJoin(organisations, eq(organisations.id, memberships.organizationId))
    .where(
      and(
        eq(memberships.userId, key.userId),
        eq(memberships.organizationId, key.orgId),
        eq(memberships.role, key.role),
      ),
    )
    .limit(1);
  return rows[0];
}
