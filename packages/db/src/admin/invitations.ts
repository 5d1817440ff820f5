import { randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { appendLiveEvents } from '../infra/live-events.ts';
import { invalid, notFound, type WriteResult } from '../infra/write-result.ts';
import { invitations, memberships } from '../schema/auth.ts';
import { withOrg } from '../tenant.ts';

/*
 * Invitations to join the organisation (issue #8): a dispatcher invites an email address with a
 * role and duties; the person, signed in with that address, accepts and becomes a member. The
 * identity library's own invitation endpoints stay off; its `invitations` table holds ours. Its
 * `role` column keeps the role and the duties as `role` or `role+duty+duty` (no migration needed).
 */

/** How long an invitation stays open. */
export const INVITATION_DAYS = 7;

export type Invitation = {
  id: string;
  email: string;
  role: string;
  duties: string[];
  status: 'pending' | 'accepted' | 'revoked' | 'expired';
  expires_at: string;
  created_at: string;
  inviter_id: string;
};

export const INVITATION_TEXT = {
  notFound: 'This invitation does not exist or was withdrawn.',
  expired: 'This invitation has expired. Ask for a new one.',
  otherEmail: 'This invitation was sent to another email address. Sign in with that address to accept it.',
  alreadyMember: 'That person already has this role in the organisation.',
} as const;

export function encodeInvitedRole(role: string, duties: readonly string[]): string {
  return [role, ...duties].join('+');
}

export function decodeInvitedRole(stored: string | null): { role: string; duties: string[] } {
  const [role = '', ...duties] = (stored ?? '').split('+');
  return { role, duties };
}

type Row = typeof invitations.$inferSelect;

function toInvitation(row: Row, now: Date): Invitation {
  const status =
    row.status === 'pending' && row.expiresAt.getTime() <= now.getTime()
      ? 'expired'
      : (row.status as Invitation['status']);
  return {
    id: row.id,
    email: row.email,
    ...decodeInvitedRole(row.role),
    status,
    expires_at: row.expiresAt.toISOString(),
    created_at: row.createdAt.toISOString(),
    inviter_id: row.inviterId,
  };
}

const changed = (invitation: Invitation) => ({
  topic: 'settings' as const,
  kind: 'invitations.changed',
  audience: { dispatchers: true },
  payload: { _key: 'invitations', invitation },
});

/** The organisation's invitations, newest first (accepted and withdrawn ones included). */
export async function listInvitations(db: Db, orgId: string, now: Date): Promise<Invitation[]> {
  const rows = await withOrg(db, orgId, (tx) =>
    tx
      .select()
      .from(invitations)
      .where(eq(invitations.organizationId, orgId))
      .orderBy(desc(invitations.createdAt), desc(invitations.id))
      .limit(500),
  );
  return rows.map((r) => toInvitation(r, now));
}

/**
 * Invites an email address (lower-cased) with a role and duties. An open invitation of the same
 * address and role is renewed (new expiry, new duties) rather than doubled; a person who already
 * holds the role is refused (`exists`).
 */
export async function createInvitation(
  db: Db,
  orgId: string,
  input: { email: string; role: string; duties: string[]; inviterId: string; now: Date },
): Promise<WriteResult<Invitation>> {
  const email = input.email.trim().toLowerCase();
  const expiresAt = new Date(input.now.getTime() + INVITATION_DAYS * 86_400_000);
  return withOrg(db, orgId, async (tx) => {
    const [member] = await tx
      .execute(sql`
      select m.id from memberships m join "user" u on u.id = m.user_id
      where m.org_id = ${orgId} and lower(u.email) = ${email} and m.role = ${input.role} limit 1`)
      .then((r) => (r as unknown as { rows: unknown[] }).rows);
    if (member) return { ok: false, error: 'exists' };
    const open = (
      await tx
        .select()
        .from(invitations)
        .where(
          and(
            eq(invitations.organizationId, orgId),
            eq(invitations.email, email),
            eq(invitations.status, 'pending'),
          ),
        )
    ).find((r) => decodeInvitedRole(r.role).role === input.role);
    const role = encodeInvitedRole(input.role, input.duties);
    const [row] = open
      ? await tx
          .update(invitations)
          .set({ role, expiresAt, inviterId: input.inviterId })
          .where(and(eq(invitations.organizationId, orgId), eq(invitations.id, open.id)))
          .returning()
      : await tx
          .insert(invitations)
          .values({
            id: randomUUID(),
            organizationId: orgId,
            email,
            role,
            expiresAt,
            inviterId: input.inviterId,
            createdAt: input.now,
          })
          .returning();
    if (!row) return notFound();
    const invitation = toInvitation(row, input.now);
    await appendLiveEvents(tx, orgId, [changed(invitation)]);
    return { ok: true, record: invitation };
  });
}

/** Withdraws an open invitation (accepted ones stay as they are: remove the member instead). */
export async function revokeInvitation(
  db: Db,
  orgId: string,
  id: string,
  now: Date,
): Promise<WriteResult<Invitation>> {
  return withOrg(db, orgId, async (tx) => {
    const [row] = await tx
      .update(invitations)
      .set({ status: 'revoked' })
      .where(
        and(eq(invitations.organizationId, orgId), eq(invitations.id, id), eq(invitations.status, 'pending')),
      )
      .returning();
    if (!row) return notFound();
    const invitation = toInvitation(row, now);
    await appendLiveEvents(tx, orgId, [changed(invitation)]);
    return { ok: true, record: invitation };
  });
}

/**
 * Accepts an open invitation for the signed-in person whose email it was sent to: adds the
 * membership (role and duties of the invitation) and marks it accepted. Refusals carry a message
 * for the person (`invalid`): unknown or withdrawn, expired, another address.
 */
export async function acceptInvitation(
  db: Db,
  orgId: string,
  id: string,
  person: { uid: string; email: string },
  now: Date,
): Promise<WriteResult<Invitation>> {
  return withOrg(db, orgId, async (tx) => {
    const [row] = await tx
      .select()
      .from(invitations)
      .where(and(eq(invitations.organizationId, orgId), eq(invitations.id, id)))
      .for('update');
    if (row?.status !== 'pending' || !row) return invalid('invitation_not_found', INVITATION_TEXT.notFound);
    if (row.expiresAt.getTime() <= now.getTime())
      return invalid('invitation_expired', INVITATION_TEXT.expired);
    if (row.email !== person.email.trim().toLowerCase()) {
      return invalid('invitation_other_email', INVITATION_TEXT.otherEmail);
    }
    const { role, duties } = decodeInvitedRole(row.role);
    await tx
      .insert(memberships)
      .values({ id: randomUUID(), organizationId: orgId, userId: person.uid, role, duties })
      .onConflictDoNothing();
    const [saved] = await tx
      .update(invitations)
      .set({ status: 'accepted' })
      .where(and(eq(invitations.organizationId, orgId), eq(invitations.id, id)))
      .returning();
    const invitation = toInvitation(saved ?? row, now);
    await appendLiveEvents(tx, orgId, [changed(invitation)]);
    return { ok: true, record: invitation };
  });
}
