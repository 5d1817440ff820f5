import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { appendSessionsEnded } from '../infra/live-events.ts';
import { session } from '../schema/auth.ts';

export type SessionRow = {
  id: string;
  userId: string;
  activeOrganizationId: string | null;
  activeRole: string | null;
  expiresAt: Date;
};

/** The session with this id when it has not expired at `now`. */
export async function findLiveSession(db: Db, sessionId: string, now: Date): Promise<SessionRow | undefined> {
  const rows = await db
    .select({
      id: session.id,
      userId: session.userId,
      activeOrganizationId: session.activeOrganizationId,
      activeRole: session.activeRole,
      expiresAt: session.expiresAt,
    })
    .from(session)
    .where(and(eq(session.id, sessionId), gt(session.expiresAt, now)))
    .limit(1);
  return rows[0];
}

/**
 * The membership a session started from a custom sign-in token is bound to, or undefined for a
 * session that is not bound (every other way of signing in) or does not exist.
 */
export async function findSessionBinding(
  db: Db,
  sessionId: string,
): Promise<{ orgId: string; role: string } | undefined> {
  const rows = await db
    .select({ orgId: session.boundOrgId, role: session.boundRole })
    .from(session)
    .where(eq(session.id, sessionId))
    .limit(1);
  const row = rows[0];
  return row?.orgId ? { orgId: row.orgId, role: row.role ?? '' } : undefined;
}

/**
 * Makes (org, role) the session's active membership. The caller has checked the membership. A
 * session bound to a sign-in token's membership is never moved: false when nothing changed.
 */
export async function setActiveMembership(
  db: Db,
  sessionId: string,
  active: { orgId: string; role: string },
  now: Date,
): Promise<boolean> {
  const moved = await db
    .update(session)
    .set({ activeOrganizationId: active.orgId, activeRole: active.role, updatedAt: now })
    .where(and(eq(session.id, sessionId), isNull(session.boundOrgId)))
    .returning({ id: session.id });
  return moved.length === 1;
}

/**
 * Ends one session (sign-out of a bearer caller, or a refused token login); its live sockets are
 * closed on every instance (a control event in the same transaction).
 */
export async function deleteSession(db: Db, sessionId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const ended = await tx.delete(session).where(eq(session.id, sessionId)).returning({
      id: session.id,
      userId: session.userId,
      activeOrganizationId: session.activeOrganizationId,
    });
    await appendSessionsEnded(tx, ended);
  });
}
