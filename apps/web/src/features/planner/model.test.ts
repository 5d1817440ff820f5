import { describe, expect, it } from 'vitest';
import { seriesState } from './model.ts';

describe('seriesState', () => {
  const next = { _id: 'b2', utc_begin_plus_tz: 100 };

  it('is ended once ended, whatever is left', () => {
    expect(seriesState({ ended_at: 50, next: null })).toBe('ended');
    expect(seriesState({ ended_at: 50, next })).toBe('ended');
  });

  it('is running with a booking to come, finished without', () => {
    expect(seriesState({ ended_at: null, next })).toBe('running');
    expect(seriesState({ ended_at: null, next: null })).toBe('finished');
  });
});
