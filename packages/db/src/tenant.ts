import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

/**
 * Runs `fn` in a transaction bound to one organisation: `app.org_id` is set for that transaction
 * only (`set_config(..., true)`), so row-level security lets it see and write that organisation's
 * rows and nothing else. Every tenant query function goes through here.
 */
export function withOrg<T>(db: Db, orgId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('app.org_id', ${orgId}, true)`);
    return fn(tx);
  });
}
