import type { SearchHit } from '@rostra/core/api/search';
import { SEARCH_KINDS, type SearchKind } from '@rostra/core/shell/search-kinds';
import { and, arrayContains, arrayOverlaps, eq, getTableName, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';
import { readableBy } from '../identity/readers.ts';
import { fromJsonRows } from '../json-rows.ts';
import { orgDocuments } from '../schema/documents.ts';
import { customers, labels, resources, timelineRecords } from '../schema/scheduling.ts';
import { withOrg } from '../tenant.ts';
import { ON_JOB_BOARD } from './bids.ts';
import { type MasterLabelFilters, masterLabelFiltersIn } from './dispatcher-master-labels.ts';
import { toCustomer, toLabel, toResource, toTimelineRecord } from './mapping.ts';
import { customerText, formText, labelText, resourceText, timelineText } from './search-text.ts';
import { IS_TEMPLATE_ITEM } from './template-items.ts';

/*
 * Global search (scheduling spec §7): one organisation's bookings, group events, timelines
 * (leaves and breaks), job-board jobs (boards), master-roster template items (masterrosters),
 * resources, customers, labels and forms, typo-tolerant and ranked.
 *
 * Matching: the query is cut into words and EVERY word must match the kind's search text
 * (search-text.ts): a word of three letters or more without digits matches as a substring (LIKE)
 * or as a near miss (pg_trgm `<%`, word similarity ≥ WORD_SIMILARITY); a word with digits (a
 * reference, a number) only as a substring; a word of one or two characters as the start of a
 * word. Records carrying a label whose name matches the whole query match too (found by label).
 * Every one of these conditions is answered by the kind's trigram (or labels) GIN index.
 *
 * Speed: row-level security forbids non-leakproof operators (LIKE, `<%`) in index conditions, so
 * the candidates are found through the one-organisation views of migration 0011 (see there), which
 * return ids and scores only; the page's records are then read by primary key under RLS. Only
 * the first CANDIDATES matches (plus the pages asked for) are ranked and counted: beyond that
 * `nbHits` is a lower bound and `exhaustiveNbHits` is false ("1000+").
 *
 * Ranking: the whole query as a phrase in the text (+1), found by label (+0.5), plus pg_trgm word
 * similarity of the query to the text (1 for every word present as a whole word); ties by id.
 * Readers: the `_uid_r` rule for timeline records, except that dispatchers and resources find
 * every job on the job board (as the board shows it: boardHit) and only dispatchers search the
 * master roster; resources and customers are the catalogue
 * (dispatchers and partners) plus a user's own record; labels are catalogue only; forms whose
 * readers list is empty are every member's. Promoted dispatchers are not resources.
 */

export { SEARCH_KINDS, type SearchKind };

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
  /** Hits per page, per kind (the route's defaults: 250 for bookings and resources, else 40). */
  hitsPerPage: Record<SearchKind, number>;
  kinds: readonly SearchKind[];
  filters: SearchFilter[];
  numericFilters: NumericFilter[];
};

/**
 * Who searches: `seesAll` (dispatcher) reads every record; `catalogue` (dispatcher, partner) the
 * catalogue; `board` (dispatcher, resource) the job board's open jobs, whatever their readers.
 */
export type Searcher = {
  uid: string;
  seesAll: boolean;
  catalogue: boolean;
  board: boolean;
  /** A dispatcher's uid: their published master labels narrow bookings, resources and customers. */
  masterLabelsOf?: string | undefined;
};

export type KindResult = {
  hits: SearchHit[];
  /** Matches counted; a lower bound when `exhaustiveNbHits` is false. */
  nbHits: number;
  /** False when more than CANDIDATES (and the pages asked for) matched: show "1000+". */
  exhaustiveNbHits: boolean;
  page: number;
  nbPages: number;
  hitsPerPage: number;
};

/**
 * pg_trgm word-similarity threshold for a word: "lovelase" finds "lovelace" (0.67), "lea" finds
 * "lee" (0.5), "drivr" finds "driver" (0.67). Set for the search's transaction only.
 */
export const WORD_SIMILARITY = 0.5;
/** Matches ranked and counted per kind, beyond the pages asked for (see above). */
export const CANDIDATES = 1000;
/** Words of a query considered (the rest are ignored): each is one more index condition. */
export const MAX_WORDS = 8;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The query as matched: lower-cased, trimmed, inner whitespace collapsed. */
export function normaliseQuery(query: string): string {
  return query.trim().replace(/\s+/g, ' ').toLowerCase();
}

/** The distinct words of a normalised query, at most MAX_WORDS. */
export function queryWords(q: string): string[] {
  return [...new Set(q.split(' ').filter((w) => w !== ''))].slice(0, MAX_WORDS);
}

/** How one word must match a search text (see the module comment). */
export function wordMatches(text: SQL, word: string): SQL {
  const w = escapeLike(word);
  if (word.length < 3) return sql`(${text} like ${`${w}%`} or ${text} like ${`% ${w}%`})`;
  if (/\d/.test(word)) return sql`${text} like ${`%${w}%`}`;
  return sql`(${text} like ${`%${w}%`} or ${word} <% ${text})`;
}

const allWordsMatch = (text: SQL, words: string[]): SQL =>
  and(...words.map((w) => wordMatches(text, w))) as SQL;

type KindSpec = {
  table: typeof timelineRecords | typeof resources | typeof customers | typeof labels | typeof orgDocuments;
  /** The one-organisation view of migration 0011 the candidates are found through, if any. */
  view?: string;
  id: PgColumn;
  orgId: PgColumn;
  text: SQL;
  labels?: PgColumn;
  /** Filterable fields of the kind; a filter on another field leaves the kind without hits. */
  fields: Partial<Record<FilterField, { column: PgColumn; isArray: boolean }>>;
  numeric: Partial<Record<NumericField, PgColumn>>;
  visible(s: Searcher): SQL | undefined | false;
  fixed?: SQL;
  /** The promoted dispatcher's narrowing of this kind (spec §5), if any. */
  narrow?(n: MasterLabelFilters): SQL | undefined;
  toHit(row: Record<string, unknown>): SearchHit;
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
/** Master-roster template items: bookings of type `roster` on the 1970 template fortnight. */
const isTemplate = IS_TEMPLATE_ITEM;
/** On the job board (its one rule, ON_JOB_BOARD), and not a template item. */
const isOnBoard = sql`(${ON_JOB_BOARD} and not ${isTemplate})`;

/**
 * The kinds read from timeline records. They share one scan of the table (the `tl` CTE, see
 * searchOrg), which flags each match `readable`, `template` and `on_board`; each kind then takes
 * its share of the matches by `pick` (SQL over tl's columns). `allowed` says who may search it.
 */
type TimelineKind = { keys: string[]; pick: string; allowed(s: Searcher): boolean };
const TIMELINE_KINDS: Partial<Record<SearchKind, TimelineKind>> = {
  bookings: { keys: ['booking'], pick: "key = 'booking' and readable and not template", allowed: () => true },
  groupevents: { keys: ['groupevent'], pick: "key = 'groupevent' and readable", allowed: () => true },
  timelines: {
    keys: ['leave', 'break'],
    pick: "key in ('leave', 'break') and readable",
    allowed: () => true,
  },
  // The master roster is the dispatchers' screen.
  masterrosters: { keys: ['booking'], pick: 'template', allowed: (s) => s.seesAll },
  // Resources see every job on the board (only the fields needed to take it, see boardHit).
  boards: { keys: ['booking'], pick: 'on_board', allowed: (s) => s.board },
};

const timelineKind = (keys: string[]): KindSpec => ({
  table: T,
  view: 'search_timeline_records',
  id: T.id,
  orgId: T.orgId,
  text: timelineText,
  labels: T.labels,
  fields: timelineFields,
  numeric: { utc_begin_plus_tz: T.beginAt, utc_end_plus_tz: T.endAt },
  visible: (s) => readableBy(T.readers, { uid: s.uid, seesAll: s.seesAll }),
  fixed: inArray(T.key, keys),
  narrow: (n) => (n.bookings ? sql`(${T.key} <> 'booking' or ${n.bookings})` : undefined),
  toHit: (row) => {
    const r = row as typeof T.$inferSelect;
    return toTimelineRecord(r, r.resIds);
  },
});

const text = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);
/** A job-board hit: what the job board shows of a job (board-routes.ts), never notes or readers. */
function boardHit(row: Record<string, unknown>): SearchHit {
  const r = row as typeof T.$inferSelect;
  return {
    _id: r.id,
    status: r.status,
    utc_begin_plus_tz: r.beginAt,
    utc_end_plus_tz: r.endAt,
    customer_first_name: text(r.data.customer_first_name),
    customer_last_name: text(r.data.customer_last_name),
    suburb: text(r.data.suburb),
    all_location: text(r.data.all_location) ?? text(r.data.addressline1),
    labels: r.labels,
    version: r.version,
  };
}

const D = orgDocuments;
const KINDS: Record<SearchKind, KindSpec> = {
  bookings: timelineKind(['booking']),
  groupevents: timelineKind(['groupevent']),
  timelines: timelineKind(['leave', 'break']),
  masterrosters: timelineKind(['booking']),
  boards: { ...timelineKind(['booking']), toHit: boardHit },
  resources: {
    table: resources,
    view: 'search_resources',
    id: resources.id,
    orgId: resources.orgId,
    text: resourceText,
    labels: resources.labels,
    fields: { labels: { column: resources.labels, isArray: true } },
    numeric: {},
    visible: (s) => (s.catalogue ? undefined : eq(resources.uid, s.uid)),
    fixed: eq(resources.promotedDispatcher, false),
    narrow: (n) => n.resources,
    toHit: (row) => toResource(row as typeof resources.$inferSelect),
  },
  customers: {
    table: customers,
    view: 'search_customers',
    id: customers.id,
    orgId: customers.orgId,
    text: customerText,
    fields: {},
    numeric: {},
    visible: (s) => (s.catalogue ? undefined : eq(customers.uid, s.uid)),
    narrow: (n) => n.customers,
    toHit: (row) => toCustomer(row as typeof customers.$inferSelect),
  },
  labels: {
    table: labels,
    view: 'search_labels',
    id: labels.id,
    orgId: labels.orgId,
    text: labelText,
    fields: { type: { column: labels.type, isArray: false } },
    numeric: {},
    visible: (s) => (s.catalogue ? undefined : false),
    toHit: (row) => toLabel(row as typeof labels.$inferSelect),
  },
  // Form templates: a handful per organisation, read under RLS without a view or an index.
  forms: {
    table: D,
    id: D.id,
    orgId: D.orgId,
    text: formText,
    fields: { status: { column: D.status, isArray: false } },
    numeric: {},
    visible: (s) =>
      s.seesAll
        ? undefined
        : (or(sql`cardinality(${D.readers}) = 0`, arrayContains(D.readers, [s.uid])) as SQL),
    fixed: eq(D.kind, 'form'),
    toHit: (row) => {
      const r = row as typeof D.$inferSelect;
      return {
        ...r.data,
        _id: r.id,
        name: r.name,
        ...(r.status !== null ? { status: r.status } : {}),
        version: r.version,
      };
    },
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

const empty = (input: SearchInput, kind: SearchKind): KindResult => ({
  hits: [],
  nbHits: 0,
  exhaustiveNbHits: true,
  page: input.page,
  nbPages: 0,
  hitsPerPage: input.hitsPerPage[kind],
});

/**
 * The source the candidates are read from, named as the table so that the schema's columns
 * (rendered `"table"."column"`) refer to it: the kind's one-organisation view, or the table.
 */
function source(spec: KindSpec): SQL {
  const name = getTableName(spec.table);
  return spec.view
    ? sql`${sql.identifier(spec.view)} as ${sql.identifier(name)}`
    : sql`${sql.identifier(name)}`;
}

type Part = { kind: SearchKind; spec: KindSpec; where: SQL; score: SQL } | { kind: SearchKind; spec: null };

/** The kind's candidates (CTE body): ids and scores of the first `limit` matches. */
function kindPart(
  kind: SearchKind,
  spec: KindSpec,
  searcher: Searcher,
  input: SearchInput,
  orgId: string,
  q: string,
  words: string[],
  labelIds: SQL,
  narrow: MasterLabelFilters,
): Part {
  const visible = spec.visible(searcher);
  const filters = filterConditions(spec, input);
  if (visible === false || filters === false) return { kind, spec: null };
  const byText = allWordsMatch(spec.text, words);
  const byLabel = spec.labels ? sql`${spec.labels} && ${labelIds}` : undefined;
  const score = sql`(word_similarity(${q}, ${spec.text})
    + case when ${spec.text} like ${`%${escapeLike(q)}%`} then 1 else 0 end
    ${byLabel ? sql`+ case when ${byLabel} then 0.5 else 0 end` : sql``})`;
  const where = and(
    eq(spec.orgId, orgId),
    spec.fixed,
    visible,
    spec.narrow?.(narrow),
    ...filters,
    // The label test first: a record found by label is not then put through the text tests.
    byLabel ? sql`(${byLabel} or ${byText})` : byText,
  ) as SQL;
  return { kind, spec, where, score };
}

type Answer = {
  k: number;
  id: string | null;
  score: number | null;
  total: string | number | null;
  row: unknown;
  /** Position in the page (1-based). */
  n: string | number;
};

/**
 * Search one organisation for `input`, as `searcher` may read; a result per requested kind. One
 * statement answers every kind (a round trip costs more than the work on a busy host): per kind
 * a CTE of its first `limit` candidates, its count, and its page of records (read from the table
 * itself, under RLS) as JSON.
 */
export async function searchOrg(
  db: Db,
  orgId: string,
  searcher: Searcher,
  input: SearchInput,
): Promise<Partial<Record<SearchKind, KindResult>>> {
  const q = normaliseQuery(input.query);
  const words = queryWords(q);
  // Rank and count the first `limit` matches only; one more than asked tells "there are more".
  const pageSize = Math.max(...input.kinds.map((k) => input.hitsPerPage[k]));
  const limit = Math.max(CANDIDATES, (input.page + 1) * pageSize) + 1;
  // Labels whose name matches the whole query: records carrying one are found by label.
  const labelIds = sql`(select coalesce(array_agg(id), '{}') from matched_labels)`;
  /** The statement for the kinds asked (narrowed by the promoted dispatcher's master labels). */
  const plan = (narrow: MasterLabelFilters) => {
    const parts = input.kinds.map((kind) => {
      const tk = TIMELINE_KINDS[kind];
      if (!tk) return kindPart(kind, KINDS[kind], searcher, input, orgId, q, words, labelIds, narrow);
      return (tk.allowed(searcher) ? { kind, spec: KINDS[kind] } : { kind, spec: null }) as Part;
    });
    // The timeline kinds share one scan of timeline_records (one index scan instead of five): its
    // first `limit` × kinds candidates, each flagged readable / template / on the job board, and
    // shared out by each kind's `pick` afterwards.
    const timelineKinds = parts.flatMap((p) => (p.spec && TIMELINE_KINDS[p.kind] ? [p.kind] : []));
    const tlLimit = limit * timelineKinds.length;
    const readable = readableBy(T.readers, { uid: searcher.uid, seesAll: searcher.seesAll });
    const boardsToo = timelineKinds.includes('boards');
    const tlSpec: KindSpec = {
      ...timelineKind([...new Set(timelineKinds.flatMap((k) => TIMELINE_KINDS[k]?.keys ?? []))]),
      visible: () => (readable && boardsToo ? (or(readable, isOnBoard) as SQL) : readable),
    };
    const tl =
      timelineKinds.length > 0
        ? kindPart('bookings', tlSpec, searcher, input, orgId, q, words, labelIds, narrow)
        : null;
    const live = parts.flatMap((p, i) =>
      p.spec && (!TIMELINE_KINDS[p.kind] || tl?.spec) ? [{ ...p, i }] : [],
    );
    const ctes = live.map((p) => {
      const c = sql.identifier(`c${p.i}`);
      const tk = TIMELINE_KINDS[p.kind];
      if (tk) return sql`, ${c} as (select id, score from tl where ${sql.raw(tk.pick)} limit ${limit})`;
      if (!('where' in p)) throw new Error('unreachable');
      return sql`, ${c} as materialized (
        select ${p.spec.id} as id, ${p.score} as score from ${source(p.spec)} where ${p.where} limit ${limit})`;
    });
    const tlCte =
      tl?.spec && 'where' in tl
        ? sql`, tl as materialized (select ${T.id} as id, ${T.key} as key, ${tl.score} as score,
            ${readable ?? sql`true`} as readable, ${isTemplate} as template, ${isOnBoard} as on_board
            from ${source(tl.spec)} where ${tl.where} limit ${tlLimit})`
        : sql``;
    const tlCount =
      tl?.spec && 'where' in tl
        ? sql`select -1 as k, null::text as id, null::float8 as score, (select count(*) from tl) as total, null::jsonb as row, 0::bigint as n union all `
        : sql``;
    const selects = live.map((p) => {
      const c = sql.identifier(`c${p.i}`);
      const k = sql.raw(String(p.i));
      const name = sql.identifier(getTableName(p.spec.table));
      const per = input.hitsPerPage[p.kind];
      return sql`select ${k} as k, null::text as id, null::float8 as score, (select count(*) from ${c}) as total, null::jsonb as row, 0::bigint as n
        union all
        select ${k}, c.id, c.score::float8, null::bigint, to_jsonb(t), c.n
        from (select id, score, row_number() over (order by score desc, id) as n from ${c}
          order by score desc, id limit ${per} offset ${input.page * per}) c
        join ${name} t on t.org_id = ${orgId} and t.id = c.id`;
    });
    const statement = sql`with matched_labels as materialized (
        select ${labels.id} as id from ${source(KINDS.labels)}
        where ${eq(labels.orgId, orgId)} and ${allWordsMatch(labelText, words)} limit 100)
      ${tlCte}
      ${sql.join(ctes, sql``)}
      ${tlCount}
      ${sql.join(selects, sql` union all `)}`;
    return { parts, live, statement, tlLimit };
  };
  const { parts, live, tlLimit, answers } = await withOrg(db, orgId, async (tx) => {
    const narrow = searcher.masterLabelsOf
      ? await masterLabelFiltersIn(tx, orgId, searcher.masterLabelsOf)
      : {};
    const { parts, live, statement, tlLimit } = plan(narrow);
    if (live.length === 0) return { parts, live, tlLimit, answers: [] as Answer[] };
    // SET LOCAL (not set_config): Citus passes it on to the worker nodes (docs/scale-out.md).
    await tx.execute(sql.raw(`set local pg_trgm.word_similarity_threshold = ${Number(WORD_SIMILARITY)}`));
    if (process.env.ROSTRA_SEARCH_EXPLAIN) {
      const plan = (await tx.execute(sql`explain (analyze) ${statement}`)) as unknown as {
        rows: Record<string, string>[];
      };
      console.log(plan.rows.map((r) => Object.values(r)[0]).join('\n'));
    }
    const answers = ((await tx.execute(statement)) as unknown as { rows: Answer[] }).rows;
    return { parts, live, tlLimit, answers };
  });
  const out: Partial<Record<SearchKind, KindResult>> = {};
  for (const p of parts) out[p.kind] = empty(input, p.kind);
  for (const p of live) {
    const mine = answers.filter((a) => Number(a.k) === p.i);
    const counted = Number(mine.find((a) => a.id === null)?.total ?? 0);
    const tlCounted = Number(answers.find((a) => Number(a.k) === -1)?.total ?? 0);
    const exhaustive = counted < limit && (!TIMELINE_KINDS[p.kind] || tlCounted < tlLimit);
    const nbHits = exhaustive ? counted : limit - 1;
    const hits = mine
      .filter((a) => a.id !== null)
      .sort((a, b) => Number(a.n) - Number(b.n))
      .map((a) => {
        const json = (typeof a.row === 'string' ? JSON.parse(a.row) : a.row) as Record<string, unknown>;
        const [row = {}] = fromJsonRows(p.spec.table, [json]);
        return { ...p.spec.toHit(row), _score: Number(a.score) };
      });
    out[p.kind] = {
      hits,
      nbHits,
      exhaustiveNbHits: exhaustive,
      page: input.page,
      nbPages: Math.ceil(nbHits / input.hitsPerPage[p.kind]),
      hitsPerPage: input.hitsPerPage[p.kind],
    };
  }
  return out;
}
