import { sql } from 'drizzle-orm';
import type { Db, Tx } from './client.ts';

/**
 * Runs `fn` in a transaction bound to one organisation: `app.org_id` is set for that transaction
 * only, so row-level security lets it see and write that organisation's rows and nothing else.
 * Every tenant query function goes through here.
 *
 * It is `SET LOCAL`, not `set_config(…, true)`: Citus passes a `SET LOCAL` on to the worker nodes
 * of the transaction, a `set_config` call it does not (docs/scale-out.md). `SET` takes no bind
 * parameter, so the value is written as a quoted literal.
 */
export function withOrg<T>(db: Db, orgId: string, fn: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local app.org_id = ${quoteLiteral(orgId)}`));
    return fn(tx);
  });
}

/**
 * A string as an SQL literal: quotes doubled, and an `E''` literal when it holds a backslash, so it
 * reads the same whatever `standard_conforming_strings` says. NUL cannot be in a literal: refused.
 */
export function quoteLiteral(value: string): string {
  if (value.includes('\0')) throw new Error('a NUL character cannot be an SQL literal');
  const quoted = value.replaceAll("'", "''");
  return value.includes('\\') ? `E'${quoted.replaceAll('\\', '\\\\')}'` : `'${quoted}'`;
}
