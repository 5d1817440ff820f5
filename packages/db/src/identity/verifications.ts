import { desc, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { verification } from '../schema/auth.ts';

export type VerificationRow = { identifier: string; value: string; expiresAt: Date };

/**
 * The identity library's pending verification (reset link, email link, phone code) under this
 * identifier, expired or not: callers tell "expired" from "never issued or already used".
 */
export async function findVerification(db: Db, identifier: string): Promise<VerificationRow | undefined> {
  const rows = await db
    .select({
      identifier: verification.identifier,
      value: verification.value,
      expiresAt: verification.expiresAt,
    })
    .from(verification)
    .where(eq(verification.identifier, identifier))
    .orderBy(desc(verification.createdAt))
    .limit(1);
  return rows[0];
}
