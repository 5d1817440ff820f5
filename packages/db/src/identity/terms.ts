import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { acceptedTerms } from '../schema/auth.ts';

/** The user's accepted-terms records keyed by whole version ('3' → { accepted: true }). */
export async function acceptedTermsOf(
  db: Db,
  userId: string,
): Promise<Record<string, { accepted: boolean }>> {
  const rows = await db
    .select({ version: acceptedTerms.version, accepted: acceptedTerms.accepted })
    .from(acceptedTerms)
    .where(eq(acceptedTerms.userId, userId));
  return Object.fromEntries(rows.map((r) => [r.version, { accepted: r.accepted }]));
}

/** Records acceptance of a whole terms version; accepting again keeps the first acceptance time. */
export async function acceptTerms(db: Db, userId: string, wholeVersion: string, now: Date): Promise<void> {
  await db
    .insert(acceptedTerms)
    .values({ userId, version: wholeVersion, accepted: true, acceptedAt: now })
    .onConflictDoUpdate({
      target: [acceptedTerms.userId, acceptedTerms.version],
      set: { accepted: true },
    });
}

/** Moves a guest's acceptances to the account it was upgraded to (anonymous account linking). */
export async function moveAcceptedTerms(db: Db, fromUserId: string, toUserId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const rows = await tx.select().from(acceptedTerms).where(eq(acceptedTerms.userId, fromUserId));
    if (rows.length === 0) return;
    await tx
      .insert(acceptedTerms)
      .values(rows.map((row) => ({ ...row, userId: toUserId })))
      .onConflictDoNothing();
    await tx.delete(acceptedTerms).where(eq(acceptedTerms.userId, fromUserId));
  });
}
