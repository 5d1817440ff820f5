import { searchAnswer } from '@rostra/core/api/search';
import {
  FILTER_FIELDS,
  type FilterField,
  NUMERIC_FIELDS,
  NUMERIC_OPS,
  type NumericField,
  type NumericFilter,
  type NumericOp,
  SEARCH_KINDS,
  type SearchFilter,
  type SearchKind,
  searchOrg,
} from '@rostra/db/scheduling/search';
import { z } from 'zod';
import { MEMBERS, requireAuth } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { HttpError } from '../http/errors.ts';

/**
 * Default page size: 40, and the spec's 250 a page for bookings and resources (§7); a
 * `hitsPerPage` given applies to every kind, at most MAX_HITS.
 */
export const DEFAULT_HITS = 40;
export const MAX_HITS = 250;
const DEFAULT_HITS_OF: Partial<Record<SearchKind, number>> = { bookings: 250, resources: 250 };

export const searchBody = z.strictObject({
  query: z
    .string()
    .max(100)
    .refine((q) => q.trim().length > 0, 'Type something to search for')
    .describe('the text searched, typos tolerated'),
  page: z.number().int().min(0).max(10_000).optional().describe('0-based page of every kind; default 0'),
  hitsPerPage: z
    .number()
    .int()
    .min(1)
    .max(MAX_HITS)
    .optional()
    .describe(
      `hits per kind and page, at most ${MAX_HITS}; default ${DEFAULT_HITS}, and ${MAX_HITS} for bookings and resources`,
    ),
  kinds: z
    .array(z.enum(SEARCH_KINDS))
    .min(1)
    .max(SEARCH_KINDS.length)
    .optional()
    .describe('default: every kind'),
  filters: z
    .string()
    .max(1000)
    .optional()
    .describe(
      `clauses joined by AND, each "field:value" or "(field:a OR field:b)"; fields ${FILTER_FIELDS.join(', ')}`,
    ),
  numericFilters: z
    .array(z.string().max(100))
    .max(10)
    .optional()
    .describe(
      `each "field op number", op one of ${NUMERIC_OPS.join(' ')}; fields ${NUMERIC_FIELDS.join(', ')}`,
    ),
});

const refuse = (field: string, message: string): never => {
  throw new HttpError(400, 'validation_failed', `body.${field}: ${message}`, [
    { path: `body.${field}`, message },
  ]);
};

const isFilterField = (f: string): f is FilterField => (FILTER_FIELDS as readonly string[]).includes(f);

/**
 * The string filters in the hosted search engine's syntax, as far as the spec uses it:
 * `status:confirmed AND (labels:l1 OR labels:l2)`. Values of one clause must name one field.
 */
export function parseFilters(text: string): SearchFilter[] {
  if (text.trim() === '') return [];
  return text.split(/\s+AND\s+/).map((clause) => {
    const inner = clause.trim().replace(/^\((.*)\)$/, '$1');
    const terms = inner.split(/\s+OR\s+/).map((t) => {
      const m = /^([A-Za-z_]+):"?([^"\s()]+)"?$/.exec(t.trim());
      if (!m) return refuse('filters', `"${t.trim()}" is not field:value`);
      const [, field = '', value = ''] = m;
      if (!isFilterField(field))
        return refuse('filters', `unknown field "${field}"; use ${FILTER_FIELDS.join(', ')}`);
      return { field, value };
    });
    const field = terms[0]?.field as FilterField;
    if (terms.some((t) => t.field !== field)) refuse('filters', 'an OR group must name one field');
    return { field, values: terms.map((t) => t.value) };
  });
}

export function parseNumericFilters(list: readonly string[]): NumericFilter[] {
  return list.map((text) => {
    const m = /^\s*([A-Za-z_]+)\s*(<=|>=|!=|<|>|=)\s*(-?\d+(?:\.\d+)?)\s*$/.exec(text);
    if (!m) return refuse('numericFilters', `"${text}" is not "field op number"`);
    const [, field = '', op = '', value = ''] = m;
    if (!(NUMERIC_FIELDS as readonly string[]).includes(field))
      return refuse('numericFilters', `unknown field "${field}"; use ${NUMERIC_FIELDS.join(', ')}`);
    return { field: field as NumericField, op: op as NumericOp, value: Number(value) };
  });
}

/**
 * `POST /api/v1/search` — the top bar's global search (scheduling spec §7) over the caller's
 * organisation: bookings, group events, timelines (leaves, breaks), job-board jobs, master-roster
 * items, resources, customers, labels, forms, a result per kind with its hits (best first) and hit count. Readers-list rules apply (see
 * @rostra/db/scheduling/search).
 */
export function searchRoutes(app: App): void {
  app.post(
    `${API}/search`,
    {
      config: { access: MEMBERS },
      schema: {
        tags: ['records'],
        summary: 'Global search: typo-tolerant, ranked, a page of hits per kind',
        body: searchBody,
        response: {
          200: searchAnswer,
        },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const body = request.body;
      const input = {
        query: body.query,
        page: body.page ?? 0,
        hitsPerPage: Object.fromEntries(
          SEARCH_KINDS.map((k) => [k, body.hitsPerPage ?? DEFAULT_HITS_OF[k] ?? DEFAULT_HITS]),
        ) as Record<SearchKind, number>,
        kinds: body.kinds ? [...new Set(body.kinds)] : SEARCH_KINDS,
        filters: parseFilters(body.filters ?? ''),
        numericFilters: parseNumericFilters(body.numericFilters ?? []),
      };
      const isDispatcher = caller.role === 'dispatcher';
      const results = await searchOrg(
        app.deps.db.db,
        caller.orgId,
        {
          uid: caller.uid,
          seesAll: isDispatcher,
          catalogue: isDispatcher || caller.duties.includes('partner'),
          board: isDispatcher || caller.role === 'resource',
          masterLabelsOf: isDispatcher ? caller.uid : undefined,
        },
        input,
      );
      return { query: body.query, results };
    },
  );
}
