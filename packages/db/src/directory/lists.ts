import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../client.ts';
import { toCustomer, toResource } from '../scheduling/mapping.ts';
import { customers, resources } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';

/*
 * The directory's numbered lists of customers and resources: text search, filters, a page at a
 * time with the total ("41–80 of 400"). Offset paging, as the bookings list: a person pages a few
 * pages deep and the total needs the same count anyway.
 */

export type NumberedPage<T> = { items: T[]; total: number; page: number; limit: number };

/**
 * One numbered page of `table`'s rows matching `where`, in `order`, each through `map`, with the
 * total: the count and the page, in the caller's transaction.
 */
export async function numberedPage<T extends PgTable, Out>(
  tx: Tx,
  table: T,
  where: SQL | undefined,
  order: SQL[],
  query: { page: number; limit: number },
  map: (row: T['$inferSelect']) => Out,
): Promise<NumberedPage<Out>> {
  const from = table as PgTable;
  const [counted] = await tx.select({ n: count() }).from(from).where(where);
  const rows = await tx
    .select()
    .from(from)
    .where(where)
    .orderBy(...order)
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  return {
    items: (rows as T['$inferSelect'][]).map(map),
    total: Number(counted?.n ?? 0),
    page: query.page,
    limit: query.limit,
  };
}

export type DirectoryListQuery = {
  q?: string | undefined;
  inactive?: boolean | undefined;
  /** Carrying this label id. */
  label?: string | undefined;
  page: number;
  limit: number;
  /** Extra conditions (a dispatcher's published master labels). */
  where?: SQL | undefined;
};

/** `%text%` for ILIKE with the pattern characters of the text taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function customerText(q: string | undefined): SQL | undefined {
  const text = q?.trim() ?? '';
  if (text === '') return undefined;
  const p = containsPattern(text);
  const d = customers.data;
  return sql`(${customers.id} ilike ${p} or ${customers.name} ilike ${p}
    or concat_ws(' ', ${customers.firstName}, ${customers.lastName}) ilike ${p}
    or coalesce(${customers.email}, '') ilike ${p} or coalesce(${customers.phone}, '') ilike ${p}
    or coalesce(${d}->>'mobile', '') ilike ${p} or coalesce(${d}->>'all_location', '') ilike ${p}
    or coalesce(${d}->>'suburb', '') ilike ${p})`;
}

/** The organisation's customers, by name. Customer labels live in `data.labels`. */
export function listDirectoryCustomers(
  db: Db,
  orgId: string,
  query: DirectoryListQuery,
): Promise<NumberedPage<Record<string, unknown>>> {
  const where = and(
    eq(customers.orgId, orgId),
    query.inactive === undefined ? undefined : eq(customers.inactive, query.inactive),
    query.label === undefined
      ? undefined
      : sql`coalesce(${customers.data}->'labels', '[]'::jsonb) @> jsonb_build_array(${query.label}::text)`,
    customerText(query.q),
    query.where,
  );
  return withOrg(db, orgId, async (tx) => {
    return numberedPage(
      tx,
      customers,
      where,
      [asc(sql`lower(${customers.name})`), asc(customers.id)],
      query,
      toCustomer,
    );
  });
}

function resourceText(q: string | undefined): SQL | undefined {
  const text = q?.trim() ?? '';
  if (text === '') return undefined;
  const p = containsPattern(text);
  return sql`(${resources.id} ilike ${p} or ${resources.name} ilike ${p}
    or concat_ws(' ', ${resources.firstName}, ${resources.lastName}) ilike ${p}
    or coalesce(${resources.email}, '') ilike ${p} or coalesce(${resources.mobile}, '') ilike ${p}
    or coalesce(${resources.phone}, '') ilike ${p})`;
}

/**
 * The organisation's resources, by name. Promoted dispatchers are never in a resource list
 * (scheduling spec §2).
 */
export function listDirectoryResources(
  db: Db,
  orgId: string,
  query: DirectoryListQuery & { external?: boolean | undefined },
): Promise<NumberedPage<Record<string, unknown>>> {
  const where = and(
    eq(resources.orgId, orgId),
    eq(resources.promotedDispatcher, false),
    query.inactive === undefined ? undefined : eq(resources.inactive, query.inactive),
    query.external === undefined ? undefined : eq(resources.external, query.external),
    query.label === undefined ? undefined : sql`${resources.labels} @> array[${query.label}]::text[]`,
    resourceText(query.q),
    query.where,
  );
  return withOrg(db, orgId, async (tx) => {
    return numberedPage(
      tx,
      resources,
      where,
      [asc(sql`lower(${resources.name})`), asc(resources.id)],
      query,
      toResource,
    );
  });
}
