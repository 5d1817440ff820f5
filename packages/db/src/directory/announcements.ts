import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { type Audience, appendLiveEvents } from '../infra/live-events.ts';
import { memberships } from '../schema/auth.ts';
import { orgDocuments } from '../schema/documents.ts';
import { withOrg } from '../tenant.ts';
import { type NumberedPage, numberedPage } from './lists.ts';

/*
 * Announcements (issue 8): a dispatcher writes a title and a body for everyone in the
 * organisation or for some roles; it is stored as an `org_documents` row of kind `announcement`
 * (`data`: title, body, roles) and broadcast live, in the same transaction, on the
 * `notifications` topic (kind `announcement`) to exactly that audience.
 */

export const ANNOUNCEMENT_ROLES = ['dispatcher', 'scheduler', 'resource', 'customer'] as const;
export type AnnouncementRole = (typeof ANNOUNCEMENT_ROLES)[number];

export type Announcement = {
  _id: string;
  title: string;
  body: string;
  /** Empty: every member. */
  roles: AnnouncementRole[];
  created_by: string | null;
  /** Epoch milliseconds. */
  created_at: number;
};

type Row = typeof orgDocuments.$inferSelect;

function toAnnouncement(row: Row): Announcement {
  const roles = Array.isArray(row.data.roles) ? (row.data.roles as AnnouncementRole[]) : [];
  return {
    _id: row.id,
    title: row.name,
    body: typeof row.data.body === 'string' ? row.data.body : '',
    roles,
    created_by: row.createdBy,
    created_at: row.createdAt.getTime(),
  };
}

/** Who hears it: every member, or the users holding one of the roles in this organisation. */
async function audienceOf(db: Db, orgId: string, roles: readonly AnnouncementRole[]): Promise<Audience> {
  if (roles.length === 0) return { members: true };
  // Memberships are global (identity); read by organisation id, never another's.
  const rows = await db
    .selectDistinct({ uid: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.organizationId, orgId), inArray(memberships.role, [...roles])));
  return { uids: rows.map((r) => r.uid) };
}

export async function createAnnouncement(
  db: Db,
  orgId: string,
  input: { title: string; body: string; roles: AnnouncementRole[]; uid: string; id: string },
): Promise<Announcement> {
  const roles = [...new Set(input.roles)].sort();
  const audience = await audienceOf(db, orgId, roles);
  return withOrg(db, orgId, async (tx) => {
    const [row] = await tx
      .insert(orgDocuments)
      .values({
        orgId,
        id: input.id,
        kind: 'announcement',
        name: input.title,
        createdBy: input.uid,
        data: { body: input.body, roles },
      })
      .returning();
    const announcement = toAnnouncement(row as Row);
    await appendLiveEvents(tx, orgId, [
      { topic: 'notifications', kind: 'announcement', audience, payload: { ...announcement } },
    ]);
    return announcement;
  });
}

/** Announcements the caller's role was told, newest first. Dispatchers see every one. */
export function listAnnouncements(
  db: Db,
  orgId: string,
  query: { role: string; page: number; limit: number },
): Promise<NumberedPage<Announcement>> {
  const where = and(
    eq(orgDocuments.orgId, orgId),
    eq(orgDocuments.kind, 'announcement'),
    query.role === 'dispatcher'
      ? undefined
      : or(
          sql`coalesce(jsonb_array_length(${orgDocuments.data}->'roles'), 0) = 0`,
          sql`${orgDocuments.data}->'roles' @> jsonb_build_array(${query.role}::text)`,
        ),
  );
  return withOrg(db, orgId, async (tx) => {
    return numberedPage(
      tx,
      orgDocuments,
      where,
      [desc(orgDocuments.createdAt), desc(orgDocuments.id)],
      query,
      toAnnouncement,
    );
  });
}
