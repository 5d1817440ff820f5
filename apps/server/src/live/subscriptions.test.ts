import type { LiveEvent } from '@rostra/db/infra/live-events';
import { describe, expect, it } from 'vitest';
import { matches } from './subscriptions.ts';

/*
 * Issue 16 point 1: a timeline window holds the records overlapping it, so its live updates are
 * those of the records overlapping it too (a leave or a night visit begun before the window).
 */

const H = 3600;
const DAY = 86_400;
const FROM = Date.parse('2026-03-11T00:00:00Z') / 1000;
const window = { topic: 'timeline' as const, from: FROM, to: FROM + DAY };
const PAD = 900;

const changed = (payload: Record<string, unknown>): LiveEvent => ({
  topic: 'booking',
  kind: 'record.changed',
  audience: { dispatchers: true },
  payload: { _id: 'b1', _key: 'booking', ...payload },
  seq: 1,
  orgId: 'o1',
  createdAt: new Date(0),
});

describe('live updates of a timeline window', () => {
  it('a change to a record begun before the window and still running in it reaches the window', () => {
    expect(matches(window, changed({ utc_begin_plus_tz: FROM - DAY, utc_end_plus_tz: FROM + 2 * DAY }))).toBe(
      true,
    );
    expect(matches(window, changed({ utc_begin_plus_tz: FROM - 2 * H, utc_end_plus_tz: FROM + 6 * H }))).toBe(
      true,
    );
  });

  it('a record moved out of the window, from a place overlapping it, reaches it too', () => {
    const moved = changed({
      utc_begin_plus_tz: FROM + 5 * DAY,
      utc_end_plus_tz: FROM + 5 * DAY + H,
      previous_begin: FROM - 2 * H,
      previous_end: FROM + H,
    });
    expect(matches(window, moved)).toBe(true);
  });

  it('a record ending where the padded window begins, or beginning where it ends, does not', () => {
    expect(matches(window, changed({ utc_begin_plus_tz: FROM - 4 * H, utc_end_plus_tz: FROM - PAD }))).toBe(
      false,
    );
    expect(
      matches(window, changed({ utc_begin_plus_tz: FROM + DAY + PAD, utc_end_plus_tz: FROM + DAY + 2 * H })),
    ).toBe(false);
  });
});
