import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findBadText, isBadText, showText } from './text.ts';

describe('isBadText', () => {
  it('refuses NUL characters and unpaired surrogates wherever they are', () => {
    for (const bad of [
      '\u0000',
      'a\u0000b',
      '\ud800',
      'x\ud800',
      '\udc00',
      '\udc00\ud800',
      'a\ud83d',
      '\ude00b',
    ])
      expect(isBadText(bad), JSON.stringify(bad)).toBe(true);
  });

  it('accepts other text, surrogate pairs (emoji) and other control characters included', () => {
    for (const good of ['', 'plain', '\ud83d\ude00', 'tab\there', '\u0001', '\ufffd', 'ümlaut 日本'])
      expect(isBadText(good), JSON.stringify(good)).toBe(false);
  });

  it('agrees with well-formedness plus NUL for any string', () => {
    const wellFormed = (s: string) => (s as string & { isWellFormed(): boolean }).isWellFormed();
    // Single code units, surrogate halves and NUL often, so that pairs and lone halves both occur.
    const unit = fc.oneof(
      fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff', '\ud83d', '\ude00', 'a'),
      fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
    );
    fc.assert(
      fc.property(fc.string({ unit }), (s) => {
        expect(isBadText(s)).toBe(s.includes('\u0000') || !wellFormed(s));
      }),
    );
  });
});

describe('showText', () => {
  it('writes bad characters as their escapes and keeps the rest', () => {
    expect(showText('a\u0000b\ud800\ud83d\ude00')).toBe('a\\u0000b\\ud800\ud83d\ude00');
    expect(isBadText(showText('\udc00\u0000'))).toBe(false);
  });
});

describe('findBadText', () => {
  it('names the first bad string by its path, as validation errors name fields', () => {
    expect(findBadText({ title: 'x', body: '\ud800' }, 'body')).toBe('body.body');
    expect(findBadText({ items: [{ name: 'ok' }, { name: 'a\u0000' }] }, 'body')).toBe('body.items.1.name');
    expect(findBadText('\u0000', 'params.id')).toBe('params.id');
    expect(findBadText({ a: '\u0000', b: '\ud800' }, 'body')).toBe('body.a');
  });

  it('refuses a bad key, naming it escaped, before its value and later entries', () => {
    expect(findBadText({ meta: { 'k\u0000': 'fine' } }, 'body')).toBe('body.meta.k\\u0000');
    expect(findBadText({ '\ud800': 'x\u0000', z: '\u0000' }, 'body')).toBe('body.\\ud800');
  });

  it('finds nothing in good input and in values that hold no text', () => {
    expect(findBadText({ a: 1, b: [true, null, 'ok', { c: '\ud83d\ude00' }] }, 'body')).toBeUndefined();
    expect(findBadText(new Uint8Array([0, 0xed, 0xa0, 0x80]), 'body')).toBeUndefined();
    expect(findBadText(undefined, 'body')).toBeUndefined();
  });

  it('walks any depth without exhausting the stack', () => {
    let deep: unknown = '\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findBadText(deep, 'body')).toBe(`body${'.0'.repeat(200_000)}`);
  });
});
