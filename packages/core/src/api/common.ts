import { z } from 'zod';

/*
 * Building blocks of the API's request and response schemas (issue 17 point 1): every feature's
 * schemas in `api/<feature>.ts` are made of these, the server validates with them and the web
 * takes its types and its form checks from them. Requests are bounded (the robustness probe sends
 * 1 MB strings); responses are as permissive as the records the server keeps.
 */

export const ID = z.string().min(1).max(100);
export const IDS = z.array(ID).max(500);
export const TEXT = z.string().max(200);
export const LONG_TEXT = z.string().max(5000);
export const SECONDS = z.number().int().min(-62_135_596_800).max(253_402_300_799);
export const GEO = z.strictObject({ lat: z.number().min(-90).max(90), lng: z.number().min(-180).max(180) });
export const VERSION = z.number().int().min(0).max(2_147_483_647);
export const FLAG = z.boolean();
export const PHONE = z.string().max(40);

/** `version` of a change's body: the version read (or an If-Match header instead). */
export const withVersion = { version: VERSION.optional().describe('the version read; or send If-Match') };

/** A change of a record: any of its fields and the version read, never its id. */
export function updateBodyOf<S extends z.ZodRawShape>(fields: S) {
  const { _id: _, ...rest } = fields;
  return z.strictObject({ ...(rest as Omit<S, '_id'>), ...withVersion }).partial();
}

/** `true` / `false` in a query string. */
export const queryBoolean = z.enum(['true', 'false']).transform((v) => v === 'true');

/** `?cursor&limit` of a cursor list. */
export const cursorQuery = {
  cursor: z.string().max(400).optional().describe('next_cursor of the previous page'),
  limit: z.coerce.number().int().min(1).max(250).optional().describe('page size, default 40, at most 250'),
};

/** `?page&limit` of a numbered list (spec §9: 10 default pages, 40, 50 group lists; at most 250). */
export const numberedQuery = {
  page: z.coerce.number().int().min(1).max(100_000).optional().describe('1-based; default 1'),
  limit: z.coerce.number().int().min(1).max(250).optional().describe('page size, default 40'),
};

/** `?q=` of a directory list. */
export const searchText = z
  .string()
  .max(100)
  .optional()
  .describe('text in the id, names, email, phone or address');

/** A window bound of a query string in wall-clock seconds. */
export const querySeconds = z.coerce.number().pipe(SECONDS);

/** One numbered page with the total ("41–80 of 400"). */
export function numberedPageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number(), page: z.number(), limit: z.number() });
}
export type NumberedPage<T> = z.infer<ReturnType<typeof numberedPageOf<z.ZodType<T>>>>;

/** One page of a cursor list (`?cursor&limit`): the items and the cursor of the next page, if any. */
export function cursorPageOf<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), next_cursor: z.string().nullable() });
}
export type CursorPage<T> = z.infer<ReturnType<typeof cursorPageOf<z.ZodType<T>>>>;

/** A stored record's stamps, as every versioned record answers them. */
export const stamps = {
  version: z.number().optional(),
  _qa_create_utc: z.number().nullish(),
  _qa_update_utc: z.number().nullish(),
};

/** What every record of a collection answers: its id and, once stored, its version. */
export const storedRecord = z.object({ _id: z.string(), version: stamps.version });
export type StoredRecord = z.infer<typeof storedRecord>;

/** A person's or a thing's names as records carry them (customers, resources, users). */
export const recordNames = z.object({
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  name: z.string().nullish(),
});
export type RecordNames = z.infer<typeof recordNames>;

/** A record named in another's answer (a blacklisted resource, a blacklisting customer). */
export const namedRef = z.object({ _id: z.string(), name: z.string() });
export type NamedRef = z.infer<typeof namedRef>;

/** Every failure's answer: `{ error: { code, message, details? } }` (message for people). */
export const apiErrorAnswer = z.object({
  error: z.object({ code: z.string(), message: z.string(), details: z.unknown().optional() }),
});
export type ApiErrorAnswer = z.infer<typeof apiErrorAnswer>;

/**
 * A 409 answer: what the write names was changed by someone else since it was read
 * (`version_conflict`, with the stored record as `details.current`), already exists, or the
 * record's state does not allow it now (a rule's own code and message).
 */
export const conflictAnswer = apiErrorAnswer.meta({
  description:
    'Conflict: changed by someone else since it was read (version_conflict; details.current is the stored record), already exists, or not allowed in the current state',
});
