import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { authThrottle } from '../schema/auth.ts';

export type ThrottleCount = {
  /** Hits in the current window, this one included. */
  count: number;
  /** When the current window began. */
  windowStartedAt: Date;
};

/**
 * Counts one hit against `key` in a fixed window of `windowSeconds` that starts at the first hit
 * after the previous window ended. One atomic statement, so concurrent hits on several server
 * instances are all counted. `now` is passed in (not the database clock) so tests can move time.
 */
export async function hitThrottle(
  db: Db,
  key: string,
  windowSeconds: number,
  now: Date,
): Promise<ThrottleCount> {
  const windowStart = new Date(now.getTime() - windowSeconds * 1000);
  const rows = await db
    .insert(authThrottle)
    .values({ key, count: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: authThrottle.key,
      set: {
        count: sql`case when ${authThrottle.windowStartedAt} <= ${windowStart} then 1 else ${authThrottle.count} + 1 end`,
        windowStartedAt: sql`case when ${authThrottle.windowStartedAt} <= ${windowStart} then ${now} else ${authThrottle.windowStartedAt} end`,
      },
    })
    .returning({ count: authThrottle.count, windowStartedAt: authThrottle.windowStartedAt });
  const row = rows[0];
  if (!row) throw new Error(`throttle ${key} was not counted`);
  return row;
}

/** Hits counted against `key` in the window that is open at `now` (0 when none is open). */
export async function peekThrottle(
  db: Db,
  key: string,
  windowSeconds: number,
  now: Date,
): Promise<ThrottleCount> {
  const rows = await db.select().from(authThrottle).where(eq(authThrottle.key, key)).limit(1);
  const row = rows[0];
  if (!row || row.windowStartedAt.getTime() <= now.getTime() - windowSeconds * 1000) {
    return { count: 0, windowStartedAt: now };
  }
  return { count: row.count, windowStartedAt: row.windowStartedAt };
}

export async function clearThrottle(db: Db, key: string): Promise<void> {
  await db.delete(authThrottle).where(eq(authThrottle.key, key));
}
