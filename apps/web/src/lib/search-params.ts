/*
 * What every screen's search schema is made of (issue 17 point 5). A schema is a Standard Schema
 * (https://standardschema.dev), which TanStack Router's `validateSearch` takes as it takes a zod
 * one, with the same typed `useSearch`, `navigate` and `Link search`. Not zod itself: the schemas
 * sit with the routes in the entry chunk, and zod there brings the whole zod core that the rest of
 * the app shares (14 KB gzipped measured, over sign-in's 150 KB budget, docs/performance.md).
 *
 * The router keeps query values as the strings they are (no JSON parsing of `?id=007`): a field
 * is text, or one of a few words; an empty or unknown value counts as not given, and keys the
 * schema does not name are left to the routes around (the shell's one-shot parameters).
 */

/** A field of a search schema: any text, or one of the listed words. */
type Field = 'text' | readonly string[];

type Shape = Readonly<Record<string, Field>>;

type ValueOf<F extends Field> = F extends readonly (infer W)[] ? W : string;

/** What a screen reads from (and its links write to) its query. */
export type SearchOf<S extends Shape> = { [K in keyof S]?: ValueOf<S[K]> | undefined };

export type SearchSchema<S extends Shape> = {
  readonly shape: S;
  readonly '~standard': {
    readonly version: 1;
    readonly vendor: 'rostra';
    readonly validate: (value: unknown) => { readonly value: SearchOf<S> };
    readonly types?: { readonly input: SearchOf<S>; readonly output: SearchOf<S> };
  };
};

/** Reads the named fields of a query; never fails (a bad value is as good as none). */
export function searchSchema<const S extends Shape>(shape: S): SearchSchema<S> {
  const validate = (value: unknown) => {
    const out: Record<string, string> = {};
    for (const [key, field] of Object.entries(shape)) {
      const given: unknown =
        typeof value === 'object' && value !== null ? Reflect.get(value, key) : undefined;
      if (typeof given !== 'string' || given === '') continue;
      if (field === 'text' || field.includes(given)) out[key] = given;
    }
    return { value: out as SearchOf<S> };
  };
  return { shape, '~standard': { version: 1, vendor: 'rostra', validate } };
}

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

/** A schema of text fields only, by their names (a list's filters, page, the opened record). */
export function textSearch<const K extends string>(...keys: readonly K[]): SearchSchema<Record<K, 'text'>> {
  return searchSchema(Object.fromEntries(keys.map((k) => [k, 'text'])) as Record<K, 'text'>);
}
