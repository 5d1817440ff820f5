import { describe, expect, it } from 'vitest';
import { resourceSchema } from './resource.ts';

describe('resource', () => {
  it('needs only an _id; passes unknown seed fields through', () => {
    expect(resourceSchema.parse({ _id: 'r1', legacy: { a: 1 } })).toEqual({ _id: 'r1', legacy: { a: 1 } });
    expect(resourceSchema.safeParse({ name: 'Ann' }).success).toBe(false);
  });

  it('accepts labels or lbls, null limits, and refuses negative hour limits and bad coordinates', () => {
    expect(resourceSchema.safeParse({ _id: 'r1', lbls: ['l1'], max_hrs_wk: null }).success).toBe(true);
    expect(resourceSchema.safeParse({ _id: 'r1', max_hrs_wk: -1 }).success).toBe(false);
    expect(resourceSchema.safeParse({ _id: 'r1', _geoloc: { lat: -91, lng: 0 } }).success).toBe(false);
  });
});
