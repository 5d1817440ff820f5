import { lt } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { usedSignInTokens } from '../schema/auth.ts';

/** How long a used token's record outlives the token, so clocks a little apart cannot reopen it. */
const KEEP_PAST_EXPIRY_MS = 24 * 60 * 60 * 1000;

/**
 * Marks a custom sign-in token as used, once: true for the first use of this `jti`, false for
 * every later one. One statement (insert, or nothing on conflict) decides, so of two uses at the
 * same moment exactly one wins on every instance. Records of tokens long expired are pruned.
 */
export async function consumeSignInToken(
  db: Db,
  token: { jti: string; userId: string; expiresAt: Date },
  now: Date,
): Promise<boolean> {
  await db
    .delete(usedSignInTokens)
    .where(lt(usedSignInTokens.expiresAt, new Date(now.getTime() - KEEP_PAST_EXPIRY_MS)));
  const won = await db
    .insert(usedSignInTokens)
    .values({ jti: token.jti, userId: token.userId, expiresAt: token.expiresAt, usedAt: now })
    .onConflictDoNothing({ target: usedSignInTokens.jti })
    .returning({ jti: usedSignInTokens.jti });
  return won.length === 1;
}
