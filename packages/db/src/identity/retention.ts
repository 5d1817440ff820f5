import { and, eq, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import {
  authThrottle,
  invitations,
  messageOutbox,
  session,
  shortLinks,
  verification,
} from '../schema/auth.ts';
import { withOrg } from '../tenant.ts';

/*
 * What the identity layer leaves behind, removed on a schedule (the background `retention` job,
 * apps/server/src/jobs/jobs.ts): expired sessions and verification rows, rate-limit windows long
 * closed, sign-in links and codes in the message outbox once used or expired, expired short links
 * and invitations closed a while ago. Each function answers how many rows it removed or cleared.
 */

/** Sessions and verification rows (sign-in links, codes, reset tokens) past their expiry. */
export async function pruneExpiredIdentityRowsUnsafe(
  db: Db,
  now: Date,
): Promise<{ sessions: number; verifications: number }> {
  const sessions = await db.delete(session).where(lt(session.expiresAt, now)).returning({ id: session.id });
  const verifications = await db
    .delete(verification)
    .where(lt(verification.expiresAt, now))
    .returning({ id: verification.id });
  return { sessions: sessions.length, verifications: verifications.length };
}

/** Rate-limit counters whose window began before `before` (the longest window ago): all closed. */
export async function pruneThrottleUnsafe(db: Db, before: Date): Promise<number> {
  const gone = await db
    .delete(authThrottle)
    .where(lt(authThrottle.windowStartedAt, before))
    .returning({ key: authThrottle.key });
  return gone.length;
}

/** What a message says once the link or code it carried is gone. */
export const FORGOTTEN_SECRET_BODY = 'The link or code this message carried was used or has expired.';

/**
 * Clears the link or code (and the body that quotes it) of outbox messages for `purpose` sent
 * before `before`: their secret has expired. Messages without a secret are kept as they are.
 */
export async function forgetExpiredOutboxSecretsUnsafe(
  db: Db,
  purpose: string,
  before: Date,
): Promise<number> {
  const cleared = await db
    .update(messageOutbox)
    .set({ link: null, code: null, body: FORGOTTEN_SECRET_BODY })
    .where(
      and(
        eq(messageOutbox.purpose, purpose),
        lt(messageOutbox.createdAt, before),
        or(isNotNull(messageOutbox.link), isNotNull(messageOutbox.code)),
      ),
    )
    .returning({ id: messageOutbox.id });
  return cleared.length;
}

/**
 * Clears a secret as soon as it has been used: the messages to `recipient` for `purpose` that
 * carried this code, or a link with this token in it.
 */
export async function forgetUsedOutboxSecretUnsafe(
  db: Db,
  used: { purpose: string; recipient?: string | undefined } & ({ code: string } | { linkToken: string }),
): Promise<number> {
  const secret =
    'code' in used
      ? eq(messageOutbox.code, used.code)
      : // A token is URL-safe text: it stands in the link as it is.
        and(isNotNull(messageOutbox.link), sqlContains(messageOutbox.link, used.linkToken));
  const cleared = await db
    .update(messageOutbox)
    .set({ link: null, code: null, body: FORGOTTEN_SECRET_BODY })
    .where(
      and(
        eq(messageOutbox.purpose, used.purpose),
        used.recipient === undefined ? undefined : eq(messageOutbox.recipient, used.recipient),
        secret,
      ),
    )
    .returning({ id: messageOutbox.id });
  return cleared.length;
}

function sqlContains(column: typeof messageOutbox.link, text: string) {
  // strpos, not LIKE: the token may hold `_` or `%`, which LIKE reads as wildcards.
  return sql`strpos(${column}, ${text}) > 0`;
}

/** The organisation's short links created before `beforeUtcSeconds` (they expire after 3599 s). */
export async function pruneShortLinks(db: Db, orgId: string, beforeUtcSeconds: number): Promise<number> {
  return withOrg(db, orgId, async (tx) => {
    const gone = await tx
      .delete(shortLinks)
      .where(and(eq(shortLinks.orgId, orgId), lt(shortLinks.utcQa, beforeUtcSeconds)))
      .returning({ id: shortLinks.id });
    return gone.length;
  });
}

/**
 * The organisation's invitations that closed (accepted, revoked or expired) and whose open period
 * ended before `before`: the settings list shows closed ones for a while, then they go.
 */
export async function pruneInvitations(db: Db, orgId: string, before: Date): Promise<number> {
  return withOrg(db, orgId, async (tx) => {
    const gone = await tx
      .delete(invitations)
      .where(and(eq(invitations.organizationId, orgId), lt(invitations.expiresAt, before)))
      .returning({ id: invitations.id });
    return gone.length;
  });
}
