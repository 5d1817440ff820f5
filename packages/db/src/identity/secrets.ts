import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { serverSecrets } from '../schema/auth.ts';

/**
 * The stored secret called `name`, creating it with `generate()` the first time. When several
 * instances start at once, the first insert wins and every instance reads that same value.
 */
export async function getOrCreateSecret(db: Db, name: string, generate: () => string): Promise<string> {
  await db.insert(serverSecrets).values({ name, value: generate() }).onConflictDoNothing();
  const rows = await db
    .select({ value: serverSecrets.value })
    .from(serverSecrets)
    .where(eq(serverSecrets.name, name));
  const value = rows[0]?.value;
  if (value === undefined) throw new Error(`secret ${name} could not be stored`);
  return value;
}
