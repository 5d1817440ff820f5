import { and, asc, eq, gt, type SQL } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { type Reader, readableBy } from '../identity/readers.ts';
import { decodeCursor, InvalidCursorError, type Page, pageOf, pageSize } from '../infra/paging.ts';
import { withOrg } from '../tenant.ts';
import type { RecordKind } from './record-kinds.ts';

export type ListQuery = {
  /** Extra conditions on the kind's table (the route's filters). */
  where?: readonly (SQL | undefined)[];
  cursor?: string | undefined;
  limit?: number | undefined;
  /** Who reads: applies the readers-list rule to kinds that carry one. */
  reader?: Reader | undefined;
};

/** A page of an organisation's records of one kind, in id order. Throws InvalidCursorError. */
export async function listRecords(
  db: Db,
  orgId: string,
  kind: RecordKind,
  query: ListQuery = {},
): Promise<Page<Record<string, unknown>>> {
  const limit = pageSize(query.limit);
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, 1);
  if (query.cursor !== undefined && after === undefined) throw new InvalidCursorError();
  const rows = await withOrg(db, orgId, (tx) =>
    tx
      .select()
      .from(kind.table)
      .where(
        and(
          eq(kind.cols.orgId, orgId),
          after ? gt(kind.cols.id, String(after[0])) : undefined,
          kind.cols.readers && query.reader ? readableBy(kind.cols.readers, query.reader) : undefined,
          ...(query.where ?? []),
        ),
      )
      .orderBy(asc(kind.cols.id))
      .limit(limit + 1),
  );
  return pageOf(rows as Record<string, unknown>[], limit, (r) => [String(r[kind.idKey])], kind.toRecord);
}
