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

/**
 * The part of a client's IP address that one client holds, for limits kept per address: an IPv4
 * address whole; an IPv6 address's /64 network (a single host is commonly given a whole /64, so
 * counting its addresses one by one would hand it billions of fresh counters). IPv4-mapped IPv6
 * (`::ffff:192.0.2.1`) counts as the IPv4 address. Anything unparsable is kept as it came.
 */
export function clientAddress(ip: string): string {
  const address = ip.trim().toLowerCase().replace(/%.*$/, '');
  if (!address.includes(':')) return address;
  const groups = ipv6Groups(address);
  if (!groups) return address;
  if (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return [hi >> 8, hi & 0xff, lo >> 8, lo & 0xff].join('.');
  }
  return `${groups
    .slice(0, 4)
    .map((g) => g.toString(16))
    .join(':')}::/64`;
}

/** The eight 16-bit groups of an IPv6 address (an IPv4 tail is two), or undefined. */
function ipv6Groups(address: string): number[] | undefined {
  const halves = address.split('::');
  if (halves.length > 2) return undefined;
  const parts = halves.map((half) => (half ? half.split(':') : []));
  const tail = parts[parts.length - 1] ?? [];
  const last = tail.at(-1);
  if (last?.includes('.')) {
    const octets = last.split('.');
    if (octets.length !== 4 || !octets.every((o) => /^\d{1,3}$/.test(o) && Number(o) <= 255))
      return undefined;
    const [a, b, c, d] = octets.map(Number) as [number, number, number, number];
    tail.splice(-1, 1, ((a << 8) | b).toString(16), ((c << 8) | d).toString(16));
  }
  const head = parts[0] ?? [];
  const back = parts.length === 2 ? tail : [];
  const missing = 8 - head.length - back.length;
  if (parts.length === 1 ? missing !== 0 : missing < 1) return undefined;
  const groups = [...head, ...Array<string>(parts.length === 2 ? missing : 0).fill('0'), ...back];
  if (!groups.every((g) => /^[0-9a-f]{1,4}$/.test(g))) return undefined;
  return groups.map((g) => Number.parseInt(g, 16));
}
