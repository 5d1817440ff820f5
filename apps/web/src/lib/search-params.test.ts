import { describe, expect, it } from 'vitest';
import { patchSearch, searchSchema, textSearch } from './search-params.ts';

const schema = searchSchema({ view: ['day', 'week', 'fortnight'], date: 'text', page: 'text' });
const read = (value: unknown) => schema['~standard'].validate(value).value;

describe('searchSchema', () => {
  it('keeps the named text fields and the listed words', () => {
    expect(read({ view: 'week', date: '2026-05-04' })).toEqual({ view: 'week', date: '2026-05-04' });
  });

  it('reads an unknown word or an empty value as not given, and never fails', () => {
    expect(read({ view: 'month', date: '' })).toEqual({});
    expect(read({ view: 7 })).toEqual({});
    expect(read(undefined)).toEqual({});
  });

  it('leaves keys it does not name to the routes around it', () => {
    expect(read({ date: '2026-05-04', token: 'abc' })).toEqual({ date: '2026-05-04' });
  });
});

describe('textSearch', () => {
  it('keeps the named fields as typed, and only those', () => {
    const list = textSearch('q', 'page', 'id');
    expect(list['~standard'].validate({ q: 'smith', page: '2', id: '007', other: 'x' }).value).toEqual({
      q: 'smith',
      page: '2',
      id: '007',
    });
    expect(list['~standard'].validate({ q: '' }).value).toEqual({});
  });
});

describe('patchSearch', () => {
  it('sends a changed filter back to the first page and drops emptied values', () => {
    expect(patchSearch({ q: 'smith', page: '3', status: 'active' }, { status: '' })).toEqual({ q: 'smith' });
  });

  it('keeps the page the change asks for', () => {
    expect(patchSearch({ q: 'smith', page: '3' }, { page: '4' })).toEqual({ q: 'smith', page: '4' });
  });
});
