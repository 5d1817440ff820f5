import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { account, user } from '../schema/auth.ts';

export type UserRow = {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  image: string | null;
  phoneNumber: string | null;
  isAnonymous: boolean;
  createdAt: Date;
};

const userColumns = {
  id: user.id,
  name: user.name,
  email: user.email,
  emailVerified: user.emailVerified,
  image: user.image,
  phoneNumber: user.phoneNumber,
  isAnonymous: sql<boolean>`coalesce(${user.isAnonymous}, false)`,
  createdAt: user.createdAt,
};

export async function findUserById(db: Db, id: string): Promise<UserRow | undefined> {
  const rows = await db.select(userColumns).from(user).where(eq(user.id, id)).limit(1);
  return rows[0];
}

/** Emails are compared without regard to case (the identity library stores them lower-cased). */
export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const rows = await db
    .select(userColumns)
    .from(user)
    .where(eq(sql`lower(${user.email})`, email.trim().toLowerCase()))
    .limit(1);
  return rows[0];
}

export async function findUserByPhone(db: Db, phoneNumber: string): Promise<UserRow | undefined> {
  const rows = await db.select(userColumns).from(user).where(eq(user.phoneNumber, phoneNumber)).limit(1);
  return rows[0];
}

/** Whether the user can sign in with a password (has a credential account with a password). */
export async function hasPassword(db: Db, userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: account.id })
    .from(account)
    .where(
      and(
        eq(account.userId, userId),
        eq(account.providerId, 'credential'),
        sql`${account.password} is not null`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/** Provider ids of the user's accounts ('credential', the OIDC provider id, …). */
export async function listProviders(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ providerId: account.providerId })
    .from(account)
    .where(eq(account.userId, userId));
  return rows.map((r) => r.providerId);
}

/** The profile's display name (the spec's `displayName`, the library's `name`). */
export async function setUserName(db: Db, userId: string, name: string, now: Date): Promise<void> {
  await db.update(user).set({ name, updatedAt: now }).where(eq(user.id, userId));
}

/** The profile photo's address (`photoUrl`, the library's `image`); answers the one it replaced. */
export async function setUserImage(
  db: Db,
  userId: string,
  image: string | null,
  now: Date,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ image: user.image })
      .from(user)
      .where(eq(user.id, userId))
      .for('update');
    await tx.update(user).set({ image, updatedAt: now }).where(eq(user.id, userId));
    return before?.image ?? null;
  });
}

/** Every user's photo address that starts with `prefix` (the sweep keeps their files). Not tenant-scoped. */
export async function userImagesUnsafe(db: Db, prefix: string): Promise<string[]> {
  const rows = await db
    .select({ image: user.image })
    .from(user)
    .where(sql`starts_with(${user.image}, ${prefix})`);
  return rows.map((r) => r.image ?? '');
}
