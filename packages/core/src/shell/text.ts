/**
 * Text the application accepts (security issue #15, point 4): no string it takes in may hold a NUL
 * character or an unpaired UTF-16 surrogate. PostgreSQL refuses both in `text` (a server error),
 * and PGlite silently stores a lone surrogate as U+FFFD, so such input is refused at the edge,
 * naming where it was, instead of failing or changing on the way to the database.
 */

/** A NUL, a high surrogate not followed by a low one, or a low surrogate not after a high one. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is what is looked for
const BAD_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const BAD_TEXT_ALL = new RegExp(BAD_TEXT.source, 'g');

/** What a refusal of bad text says after the field's path. */
export const BAD_TEXT_MESSAGE = 'must not contain NUL characters or unpaired surrogates';

/** Whether a string holds a NUL character or an unpaired surrogate. */
export function isBadText(value: string): boolean {
  return BAD_TEXT.test(value);
}

/**
 * A string safe to show in a message or a field path: each NUL and unpaired surrogate is written
 * as its escape (`\u0000`, `\ud800`), everything else as it is.
 */
export function showText(value: string): string {
  return value.replace(BAD_TEXT_ALL, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * The path of the first string in `value` that holds bad text (see isBadText), or undefined when
 * there is none. Strings, array items, object keys and object values are looked at, in document
 * order; the path continues `path` the way validation errors name fields (`body.items.0.name`).
 * A bad key is named by its own path, shown escaped (`body.a\u0000`). Other values (numbers,
 * booleans, null, buffers) hold no text. Walks without recursion, so any nesting depth is safe.
 */
export function findBadText(value: unknown, path: string): string | undefined {
  // Each entry: a value (or an object's key, looked at before its value) and its path.
  const stack: { item: unknown; at: string }[] = [{ item: value, at: path }];
  for (let next = stack.pop(); next !== undefined; next = stack.pop()) {
    const { item, at } = next;
    if (typeof item === 'string') {
      if (isBadText(item)) return at;
      continue;
    }
    if (item === null || typeof item !== 'object' || ArrayBuffer.isView(item)) continue;
    const isArray = Array.isArray(item);
    const entries = isArray
      ? item.map((v, i): [string, unknown] => [String(i), v])
      : Object.entries(item as Record<string, unknown>);
    // Pushed last to first, so that the first entry (its key, then its value) comes first.
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, v] = entries[i] as [string, unknown];
      const entryPath = `${at}.${showText(key)}`;
      stack.push({ item: v, at: entryPath });
      if (!isArray) stack.push({ item: key, at: entryPath });
    }
  }
  return undefined;
}
