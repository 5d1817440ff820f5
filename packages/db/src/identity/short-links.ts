import { and, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { shortLinks } from '../schema/auth.ts';
import { withOrg } from '../tenant.ts';

export type ShortLink = { id: string; target: string; createdBy: string; utc_qa: number };

/** Stores a short link in the organisation. `utcQa` is the creation time in epoch seconds. */
export async function createShortLink(
  db: Db,
  orgId: string,
  link: { id: string; target: string; createdBy: string; utcQa: number },
): Promise<ShortLink> {
  await withOrg(db, orgId, (tx) => tx.insert(shortLinks).values({ orgId, ...link }));
  return { id: link.id, target: link.target, createdBy: link.createdBy, utc_qa: link.utcQa };
}

/** The organisation's short link with this id; another organisation's id is simply not found. */
export async function findShortLink(db: Db, orgId: string, id: string): Promise<ShortLink | undefined> {
  const rows = await withOrg(db, orgId, (tx) =>
    tx
      .select({
        id: shortLinks.id,
        target: shortLinks.target,
        createdBy: shortLinks.createdBy,
        utc_qa: shortLinks.utcQa,
      })
      .from(shortLinks)
      .where(and(eq(shortLinks.orgId, orgId), eq(shortLinks.id, id)))
      .limit(1),
  );
  return rows[0];
}
