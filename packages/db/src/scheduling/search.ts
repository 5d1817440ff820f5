import { and, arrayOverlaps, asc, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../client.ts';
import { readableBy } from '../identity/readers.ts';
import { customers, labels, resources, timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';
import { toCustomer, toLabel, toResource, toTimelineRecord } from './mapping.ts';
import { customerText, labelText, resourceText, timelineText } from './search-text.ts';

/*
 * Global search (scheduling spec §7): one organisation's bookings, group events, timelines
 * (leaves and breaks), resources, customers and labels, typo-tolerant and ranked.
 *
 * Matching: the search text of a kind (search-text.ts) contains the query (LIKE) or the query is
 * word-similar to a part of it (pg_trgm `<%`, threshold WORD_SIMILARITY) — both answered by the
 * kind's trigram GIN index. Records carrying a label whose name matches also match (found by
 * label). Ranking: trigram word similarity plus full-text `ts_rank` (exact words rank higher than
 * near misses), ties by id. Readers: the `_uid_r` rule for timeline records; resources and
 * customers are the catalogue (dispatchers and partners) plus a user's own record; labels are
 * catalogue only. Promoted dispatchers are not resources (as in every resource list).
 */

export const SEARCH_KINDS = [
  'bookings',
  'groupevents',
  'timelines',
  'resources',
  'customers',
  'labels',
] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** Fields the string filters may name (`field:value`); values of one field are OR-ed, fields AND-ed. */
export const FILTER_FIELDS = [
  'status',
  '_key',
  'labels',
  'resIds',
  'customerId',
  'resourceId',
  'type',
] as const;
export type FilterField = (typeof FILTER_FIELDS)[number];
/** Fields the numeric filters may name (wall-clock seconds). */
export const NUMERIC_FIELDS = ['utc_begin_plus_tz', 'utc_end_plus_tz'] as const;
export type NumericField = (typeof NUMERIC_FIELDS)[number];
export const NUMERIC_OPS = ['<', '<=', '=', '!=', '>=', '>'] as const;
export type NumericOp = (typeof NUMERIC_OPS)[number];

export type SearchFilter = { field: FilterField; values: string[] };
export type NumericFilter = { field: NumericField; op: NumericOp; value: number };

export type SearchInput = {
  /** 1–100 characters; compared lower-cased, whitespace collapsed. */
  query: string;
  /** 0-based page of every kind. */
  page: number;
  hitsPerPage: number;
  kinds: readonly SearchKind[];
  filters: SearchFilter[];
  numericFilters: NumericFilter[];
};

/** Who searches: `seesAll` (dispatcher) reads every record; `catalogue` (dispatcher, partner) the catalogue. */
export type Searcher = { uid: string; seesAll: boolean; catalogue: boolean };

export type KindResult = {
  hits: Record<string, unknown>[];
  nbHits: number;
  page: number;
  nbPages: number;
  hitsPerPage: number;
};

/** pg_trgm word-similarity threshold: "Lovelase" finds "Lovelace" (0.67), "Ann Lea" finds "Ann Lee". */
export const WORD_SIMILARITY = 0.6;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The query as matched: lower-cased, trimmed, inner whitespace collapsed. */
export function normaliseQuery(query: string): string {
  return query.trim().replace(/\s+/g, ' ').toLowerCase();
}

type KindSpec = {
  table: typeof timelineRecords | typeof resources | typeof customers | typeof labels;
  id: PgColumn;
  text: SQL;
  labels?: PgColumn;
  /** Filterable fields of the kind; a filter on another field leaves the kind without hits. */
  fields: Partial<Record<FilterField, { column: PgColumn; isArray: boolean }>>;
  numeric: Partial<Record<NumericField, PgColumn>>;
  visible(s: Searcher): SQL | undefined | false;
  fixed?: SQL;
  toHit(row: Record<string, unknown>): Record<string, unknown>;
};

const T = timelineRecords;
const timelineFields: KindSpec['fields'] = {
  status: { column: T.status, isArray: false },
  _key: { column: T.key, isArray: false },
  labels: { column: T.labels, isArray: true },
  resIds: { column: T.resIds, isArray: true },
  customerId: { column: T.customerId, isArray: false },
  resourceId: { column: T.resourceId, isArray: false },
  type: { column: T.type, isArray: false },
};
const timelineKind = (keys: string[]): KindSpec => ({
  table: T,
  id: T.id,
  text: timelineText,
  labels: T.labels,
  fields: timelineFields,
  numeric: { utc_begin_plus_tz: T.beginAt, utc_end_plus_tz: T.endAt },
  visible: (s) => readableBy(T.readers, { uid: s.uid, seesAll: s.seesAll }),
  fixed: inArray(T.key, keys),
  toHit: (row) => {
    const r = row as typeof T.$inferSelect;
    return toTimelineRecord(r, r.resIds);
  },
});

const KINDS: Record<SearchKind, KindSpec> = {
  bookings: timelineKind(['booking']),
  groupevents: timelineKind(['groupevent']),
  timelines: timelineKind(['leave', 'break']),
  resources: {
    table: resources,
    id: resources.id,
    text: resourceText,
    labels: resources.labels,
    fields: { labels: { column: resources.labels, isArray: true } },
    numeric: {},
    visible: (s) => (s.catalogue ? undefined : eq(resources.uid, s.uid)),
    fixed: eq(resources.promotedDispatcher, false),
    toHit: (row) => toResource(row as typeof resources.$inferSelect),
  },
  customers: {
    table: customers,
    id: customers.id,
    text: customerText,
    fields: {},
    numeric: {},
    visible: (s) => (s.catalogue ? undefined : eq(customers.uid, s.uid)),
    toHit: (row) => toCustomer(row as typeof customers.$inferSelect),
  },
  labels: {
    table: labels,
    id: labels.id,
    text: labelText,
    fields: { type: { column: labels.type, isArray: false } },
    numeric: {},
    visible: (s) => (s.catalogue ? undefined : false),
    toHit: (row) => toLabel(row as typeof labels.$inferSelect),
  },
};

const OPS: Record<NumericOp, string> = { '<': '<', '<=': '<=', '=': '=', '!=': '<>', '>=': '>=', '>': '>' };

/** The kind's filter conditions, or false when a filter names a field the kind does not have. */
function filterConditions(spec: KindSpec, input: SearchInput): SQL[] | false {
  const out: SQL[] = [];
  for (const f of input.filters) {
    const field = spec.fields[f.field];
    if (!field) return false;
    out.push(
      field.isArray ? arrayOverlaps(field.column, f.values) : (inArray(field.column, f.values) as SQL),
    );
  }
  for (const f of input.numericFilters) {
    const column = spec.numeric[f.field];
    if (!column) return false;
    out.push(sql`${column} ${sql.raw(OPS[f.op])} ${f.value}`);
  }
  return out;
}

const empty = (input: SearchInput): KindResult => ({
  hits: [],
  nbHits: 0,
  page: input.page,
  nbPages: 0,
  hitsPerPage: input.hitsPerPage,
});

async function searchKind(
  tx: Tx,
  orgId: string,
  spec: KindSpec,
  searcher: Searcher,
  input: SearchInput,
  q: string,
  labelIds: string[],
): Promise<KindResult> {
  const visible = spec.visible(searcher);
  const filters = filterConditions(spec, input);
  if (visible === false || filters === false) return empty(input);
  const pattern = `%${escapeLike(q)}%`;
  const byText = sql`(${spec.text} like ${pattern} or ${q} <% ${spec.text})`;
  const byLabel = spec.labels && labelIds.length > 0 ? arrayOverlaps(spec.labels, labelIds) : undefined;
  const score = sql<number>`(word_similarity(${q}, ${spec.text})
    + ts_rank(to_tsvector('simple', ${spec.text}), plainto_tsquery('simple', ${q}))
    ${byLabel ? sql`+ case when ${byLabel} then 0.5 else 0 end` : sql``})`;
  const orgCol = (spec.table as typeof resources).orgId;
  const where = and(
    eq(orgCol, orgId),
    spec.fixed,
    visible,
    ...filters,
    byLabel ? sql`(${byText} or ${byLabel})` : byText,
  );
  const rows = await tx
    .select({ row: spec.table, score, total: sql<number>`count(*) over ()` })
    .from(spec.table)
    .where(where)
    .orderBy(desc(score), asc(spec.id))
    .limit(input.hitsPerPage)
    .offset(input.page * input.hitsPerPage);
  let nbHits = Number(rows[0]?.total ?? 0);
  if (rows.length === 0 && input.page > 0) {
    // Past the last page: the window function saw no row, so count apart.
    const [c] = await tx.select({ n: sql<number>`count(*)` }).from(spec.table).where(where);
    nbHits = Number(c?.n ?? 0);
  }
  return {
    hits: rows.map((r) => ({ ...spec.toHit(r.row as Record<string, unknown>), _score: Number(r.score) })),
    nbHits,
    page: input.page,
    nbPages: Math.ceil(nbHits / input.hitsPerPage),
    hitsPerPage: input.hitsPerPage,
  };
}

/** Search one organisation for `input`, as `searcher` may read; a result per requested kind. */
export async function searchOrg(
  db: Db,
  orgId: string,
  searcher: Searcher,
  input: SearchInput,
): Promise<Partial<Record<SearchKind, KindResult>>> {
  const q = normaliseQuery(input.query);
  return withOrg(db, orgId, async (tx) => {
    await tx.execute(
      sql`select set_config('pg_trgm.word_similarity_threshold', ${String(WORD_SIMILARITY)}, true)`,
    );
    // Labels whose name matches: records carrying one are found by label.
    const pattern = `%${escapeLike(q)}%`;
    const matched = await tx
      .select({ id: labels.id })
      .from(labels)
      .where(and(eq(labels.orgId, orgId), sql`(${labelText} like ${pattern} or ${q} <% ${labelText})`));
    const labelIds = matched.map((l) => l.id);
    const out: Partial<Record<SearchKind, KindResult>> = {};
    for (const kind of input.kinds) {
      out[kind] = await searchKind(tx, orgId, KINDS[kind], searcher, input, q, labelIds);
    }
    return out;
  });
}
