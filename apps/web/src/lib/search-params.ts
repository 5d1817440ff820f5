import * as z from 'zod/mini';

/*
 * What every screen's search schema is made of (issue 17 point 5). The router keeps query values
 * as the strings they are (no JSON parsing of `?id=007`), so each value is an optional string and
 * each screen reads its own meaning from it; an empty value (`?q=`) counts as not given. zod's mini build: the schemas are in the entry chunk
 * with the routes, so they must stay small (sign-in's budget, docs/performance.md).
 */
export const text = z.optional(
  z.pipe(
    z.string(),
    z.transform((value) => (value === '' ? undefined : value)),
  ),
);

/**
 * The search after a change of some values: empty ones are left out and `page` goes back to the
 * first unless the change sets it (a new filter shows its first page).
 */
export function patchSearch<S extends { page?: string | undefined }>(search: S, patch: Partial<S>): S {
  const next: S = { ...search, page: undefined, ...patch };
  for (const key of Object.keys(next) as (keyof S)[]) {
    if (next[key] === '' || next[key] === undefined) delete next[key];
  }
  return next;
}
