import { describe, expect, it } from 'vitest';
import { isCurrentJob, STATUS_ORDER, statusOrder } from './status-order.ts';

describe('status order for exception reports', () => {
  it('runs draft 0, rostered 1, confirmed 2, dispatched 3, active 4, finished 5, reviewed 6, feedback 7', () => {
    expect(Object.entries(STATUS_ORDER)).toEqual([
      ['draft', 0],
      ['rostered', 1],
      ['confirmed', 2],
      ['dispatched', 3],
      ['active', 4],
      ['finished', 5],
      ['reviewed', 6],
      ['feedback', 7],
    ]);
  });

  it('statuses outside the table have no order', () => {
    expect(statusOrder('cancelled')).toBeUndefined();
    expect(statusOrder('toString')).toBeUndefined();
    expect(statusOrder(undefined)).toBeUndefined();
    expect(statusOrder('draft')).toBe(0);
  });
});

describe('current jobs', () => {
  it.each(['rostered', 'confirmed', 'active', 'dispatched'])('status %s is current', (status) => {
    expect(isCurrentJob({ status })).toBe(true);
  });

  it.each(['draft', 'finished', 'reviewed', 'feedback', 'cancelled', 'parked', 'break', undefined])(
    'status %s is not current',
    (status) => {
      expect(isCurrentJob({ status })).toBe(false);
    },
  );

  it('an inactive job is not current, whatever its status; inactive false is', () => {
    expect(isCurrentJob({ status: 'confirmed', inactive: true })).toBe(false);
    expect(isCurrentJob({ status: 'confirmed', inactive: false })).toBe(true);
  });
});
