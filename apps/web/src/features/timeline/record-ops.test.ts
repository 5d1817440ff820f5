import type { Booking } from '@rostra/core/api/bookings';
import { WEEK } from '@rostra/core/time/calendar';
import { describe, expect, it } from 'vitest';
import { barKeyAction } from './layout.ts';
import { copyBody } from './record-ops.ts';

const booking = {
  _id: 'b1',
  _key: 'booking',
  status: 'parked',
  resIds: ['r1'],
  resourceId: 'r1',
  customerId: 'c1',
  utc_begin_plus_tz: 1_000_000,
  utc_end_plus_tz: 1_003_600,
  notes: 'Ring twice',
  template_id: 't1',
  isConflict: true,
  version: 4,
} as unknown as Booking;

describe('copies of a booking', () => {
  it('copy to next week: a week later, the same resources and fields, marked a copy; no identity or template', () => {
    const body = copyBody(booking, WEEK, true);
    expect(body).toMatchObject({
      _key: 'booking',
      resIds: ['r1'],
      customerId: 'c1',
      notes: 'Ring twice',
      utc_begin_plus_tz: 1_000_000 + WEEK,
      utc_end_plus_tz: 1_003_600 + WEEK,
      is_copy: true,
    });
    expect(body).not.toHaveProperty('_id');
    expect(body).not.toHaveProperty('template_id');
    // Derived fields are the server's: never sent.
    expect(body).not.toHaveProperty('isConflict');
    expect(body).not.toHaveProperty('version');
  });

  it('a duplicate stays at its time, unassigned; a status a new booking cannot start in becomes draft', () => {
    const body = copyBody(booking, 0, false);
    expect(body).toMatchObject({
      resIds: [],
      resourceId: null,
      utc_begin_plus_tz: 1_000_000,
      status: 'draft',
    });
    expect(copyBody({ ...booking, status: 'confirmed' }, 0, false).status).toBe('confirmed');
  });
});

describe("a focused bar's keys", () => {
  const key = (k: string, mods: Partial<{ shiftKey: boolean; ctrlKey: boolean }> = {}) =>
    barKeyAction({ key: k, shiftKey: false, ctrlKey: false, metaKey: false, altKey: false, ...mods });
  it('Enter opens, C shows candidates, Delete unassigns, the menu key and Shift+F10 open the menu', () => {
    expect(key('Enter')).toBe('open');
    expect(key('c')).toBe('candidates');
    expect(key('Delete')).toBe('unassign');
    expect(key('ContextMenu')).toBe('menu');
    expect(key('F10', { shiftKey: true })).toBe('menu');
    expect(key('F10')).toBeNull();
    // Ctrl+C stays the browser's copy.
    expect(key('c', { ctrlKey: true })).toBeNull();
  });
});
