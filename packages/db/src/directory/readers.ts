import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { memberships } from '../schema/auth.ts';

/**
 * The user ids among `uids` that hold no membership of the organisation (in the order given,
 * each once): a readers list (`_uid_r`) may name only the organisation's users.
 */
export async function nonMembers(db: Db, orgId: string, uids: readonly string[]): Promise<string[]> {
  const wanted = [...new Set(uids)];
  if (wanted.length === 0) return [];
  const rows = await db
    .selectDistinct({ uid: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.organizationId, orgId), inArray(memberships.userId, wanted)));
  const found = new Set(rows.map((r) => r.uid));
  return wanted.filter((u) => !found.has(u));
}
