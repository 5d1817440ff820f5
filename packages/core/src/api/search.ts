import { z } from 'zod';
import { SEARCH_KINDS, type SearchKind } from '../shell/search-kinds.ts';

/*
 * The global search's answer (`POST /search`, scheduling spec §7): a page of hits per kind. The
 * server answers with it; the top bar's search takes its types from it.
 */

export { SEARCH_KINDS, type SearchKind };

/** One hit: the record as its kind's list shows it. */
export const searchHit = z.looseObject({ _id: z.string() });
export type SearchHit = z.infer<typeof searchHit>;

/** One kind's page of hits. */
export const kindResult = z.object({
  hits: z.array(searchHit),
  nbHits: z.number(),
  /** False when more matched than were counted: show "1000+". */
  exhaustiveNbHits: z.boolean(),
  page: z.number(),
  nbPages: z.number(),
  hitsPerPage: z.number(),
});
export type KindResult = z.infer<typeof kindResult>;

export const searchAnswer = z.object({
  query: z.string(),
  results: z.partialRecord(z.enum(SEARCH_KINDS), kindResult),
});
export type SearchAnswer = z.infer<typeof searchAnswer>;
