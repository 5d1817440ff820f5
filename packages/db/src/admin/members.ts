import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Db, Tx } from '../client.ts';
import { appendLiveEvents, appendMembershipChanged } from '../infra/live-events.ts';
import { invalid, notFound, type WriteResult } from '../infra/write-result.ts';
import { memberships, user } from '../schema/auth.ts';
import { withOrg } from '../tenant.ts';

/*
 * The organisation's users as its dispatchers manage them: memberships (global table, always
 * filtered by the organisation here) with the person's name and email.
 */

export type Member = {
  id: string;
  uid: string;
  name: string;
  email: string | null;
  role: string;
  duties: string[];
  resource_id: string | null;
  customer_id: string | null;
  created_at: string;
};

export const LAST_DISPATCHER_MESSAGE =
  'The organisation needs at least one dispatcher: make someone else a dispatcher first.';

const columns = {
  id: memberships.id,
  uid: memberships.userId,
  name: user.name,
  email: user.email,
  role: memberships.role,
  duties: memberships.duties,
  resource_id: memberships.resourceId,
  customer_id: memberships.customerId,
  createdAt: memberships.createdAt,
};

type Row = Omit<Member, 'created_at'> & { createdAt: Date };
const toMember = ({ createdAt, ...m }: Row): Member => ({ ...m, created_at: createdAt.toISOString() });

/** Every member of the organisation, by name then role. */
export async function listMembers(db: Db, orgId: string): Promise<Member[]> {
  const rows = await db
    .select(columns)
    .from(memberships)
    .innerJoin(user, eq(user.id, memberships.userId))
    .where(eq(memberships.organizationId, orgId))
    .orderBy(asc(sql`lower(${user.name})`), asc(memberships.role), asc(memberships.id));
  return rows.map(toMember);
}

async function findMember(tx: Tx, orgId: string, id: string): Promise<Member | undefined> {
  const rows = await tx
    .select(columns)
    .from(memberships)
    .innerJoin(user, eq(user.id, memberships.userId))
    .where(and(eq(memberships.organizationId, orgId), eq(memberships.id, id)))
    .limit(1);
  return rows[0] ? toMember(rows[0]) : undefined;
}

async function otherDispatchers(tx: Tx, orgId: string, id: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(memberships)
    .where(
      and(eq(memberships.organizationId, orgId), eq(memberships.role, 'dispatcher'), ne(memberships.id, id)),
    );
  return Number(row?.n ?? 0);
}

/**
 * The live event of a change to the users: the dispatchers' users list, and the person concerned;
 * and the person's open sockets in the organisation are checked again (closed once they no longer
 * hold what they were opened with).
 */
async function membersChanged(tx: Tx, orgId: string, member: Member, change: 'changed' | 'removed') {
  await appendLiveEvents(tx, orgId, [
    {
      topic: 'settings',
      kind: `members.${change}`,
      audience: { dispatchers: true, uids: [member.uid] },
      payload: { _key: 'members', member, change },
    },
  ]);
  await appendMembershipChanged(tx, orgId, member.uid);
}

/**
 * Changes a member's role and duties. Refused (`invalid`) when it would leave the organisation
 * without a dispatcher, or when the person already holds that role (`exists`).
 */
export async function changeMember(
  db: Db,
  orgId: string,
  id: string,
  change: { role: string; duties: string[] },
): Promise<WriteResult<Member>> {
  return withOrg(db, orgId, async (tx) => {
    const member = await findMember(tx, orgId, id);
    if (!member) return notFound();
    if (
      member.role === 'dispatcher' &&
      change.role !== 'dispatcher' &&
      (await otherDispatchers(tx, orgId, id)) === 0
    ) {
      return invalid('last_dispatcher', LAST_DISPATCHER_MESSAGE, 'role');
    }
    if (change.role !== member.role) {
      const [clash] = await tx
        .select({ id: memberships.id })
        .from(memberships)
        .where(
          and(
            eq(memberships.organizationId, orgId),
            eq(memberships.userId, member.uid),
            eq(memberships.role, change.role),
          ),
        );
      if (clash) return { ok: false, error: 'exists' };
    }
    await tx
      .update(memberships)
      .set({ role: change.role, duties: change.duties })
      .where(and(eq(memberships.organizationId, orgId), eq(memberships.id, id)));
    const updated = { ...member, role: change.role, duties: change.duties };
    await membersChanged(tx, orgId, updated, 'changed');
    return { ok: true, record: updated };
  });
}

/** Removes a membership (the person keeps their account). Never the last dispatcher. */
export async function removeMember(db: Db, orgId: string, id: string): Promise<WriteResult<Member>> {
  return withOrg(db, orgId, async (tx) => {
    const member = await findMember(tx, orgId, id);
    if (!member) return notFound();
    if (member.role === 'dispatcher' && (await otherDispatchers(tx, orgId, id)) === 0) {
      return invalid('last_dispatcher', LAST_DISPATCHER_MESSAGE, 'role');
    }
    await tx.delete(memberships).where(and(eq(memberships.organizationId, orgId), eq(memberships.id, id)));
    await membersChanged(tx, orgId, member, 'removed');
    return { ok: true, record: member };
  });
}
