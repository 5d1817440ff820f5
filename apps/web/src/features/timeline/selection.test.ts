import type { WindowRecord } from '@rostra/core/api/timeline';
import { HOUR } from '@rostra/core/time/calendar';
import { describe, expect, it } from 'vitest';
import { UNASSIGNED_ROW } from './model.ts';
import {
  copyPlan,
  isPickClick,
  multiMovePlan,
  NOTHING_PICKED,
  refreshPick,
  togglePick,
  unassignPlan,
} from './selection.ts';

const rec = (id: string, begin: number, resIds: string[]): WindowRecord =>
  ({ _id: id, utc_begin_plus_tz: begin, utc_end_plus_tz: begin + HOUR, resIds, version: 1 }) as WindowRecord;
const a = rec('a', 9 * HOUR, ['r1']);
const b = rec('b', 11 * HOUR, ['r2', 'r3']);
const c = rec('c', 13 * HOUR, []);

describe('picking several bars', () => {
  it('toggles a booking in and out; one that may not be picked stays out', () => {
    const one = togglePick(NOTHING_PICKED, a, 'r1', true);
    expect([...one.keys()]).toEqual(['a']);
    const two = togglePick(one, b, 'r2', true);
    expect([...two.keys()]).toEqual(['a', 'b']);
    expect([...togglePick(two, a, 'r1', true).keys()]).toEqual(['b']);
    expect(togglePick(two, c, UNASSIGNED_ROW, false)).toBe(two);
    // Taking a locked booking out is always allowed.
    expect([...togglePick(two, a, 'r1', false).keys()]).toEqual(['b']);
  });

  it('adds on Ctrl, Cmd or Shift click only', () => {
    expect(isPickClick({ ctrlKey: true, metaKey: false, shiftKey: false })).toBe(true);
    expect(isPickClick({ ctrlKey: false, metaKey: true, shiftKey: false })).toBe(true);
    expect(isPickClick({ ctrlKey: false, metaKey: false, shiftKey: true })).toBe(true);
    expect(isPickClick({ ctrlKey: false, metaKey: false, shiftKey: false })).toBe(false);
  });

  it('follows the window: records as they are now, gone ones dropped', () => {
    const picked = togglePick(togglePick(NOTHING_PICKED, a, 'r1', true), b, 'r2', true);
    const moved = { ...a, utc_begin_plus_tz: 10 * HOUR };
    const next = refreshPick(picked, new Map([['a', moved]]));
    expect([...next.keys()]).toEqual(['a']);
    expect(next.get('a')?.record).toBe(moved);
  });
});

describe('moving the picked bookings together', () => {
  const picked = togglePick(
    togglePick(togglePick(NOTHING_PICKED, a, 'r1', true), b, 'r2', true),
    c,
    UNASSIGNED_ROW,
    true,
  );

  it('shifts every one by the anchor’s time shift onto the target row', () => {
    // a dropped from 09:00 on r1 to 10:00 on r4.
    expect(multiMovePlan(picked, a.utc_begin_plus_tz, { rowId: 'r4', begin: 10 * HOUR })).toEqual([
      {
        id: 'a',
        before: { begin: 9 * HOUR, end: 10 * HOUR, resIds: ['r1'] },
        after: { begin: 10 * HOUR, end: 11 * HOUR, resIds: ['r4'] },
      },
      // b keeps r3 and swaps the resource it was picked on.
      {
        id: 'b',
        before: { begin: 11 * HOUR, end: 12 * HOUR, resIds: ['r2', 'r3'] },
        after: { begin: 12 * HOUR, end: 13 * HOUR, resIds: ['r4', 'r3'] },
      },
      {
        id: 'c',
        before: { begin: 13 * HOUR, end: 14 * HOUR, resIds: [] },
        after: { begin: 14 * HOUR, end: 15 * HOUR, resIds: ['r4'] },
      },
    ]);
  });

  it('leaves out bookings that would not change', () => {
    const plan = multiMovePlan(picked, 0, { rowId: 'r1', begin: 0 });
    expect(plan.map((p) => p.id)).toEqual(['b', 'c']);
  });

  it('unassigns every one at its own time; one already unassigned is left out', () => {
    const plan = unassignPlan(picked);
    expect(plan.map((p) => [p.id, p.after.resIds, p.after.begin])).toEqual([
      ['a', [], 9 * HOUR],
      ['b', [], 11 * HOUR],
    ]);
  });
});

describe('copying the picked bookings to a row', () => {
  const picked = togglePick(
    togglePick(togglePick(NOTHING_PICKED, a, 'r1', true), b, 'r2', true),
    c,
    UNASSIGNED_ROW,
    true,
  );

  it('puts each copy on the target row in place of the resource it was picked on', () => {
    expect(copyPlan(picked, 'r4')).toEqual([
      { id: 'a', resIds: ['r4'] },
      { id: 'b', resIds: ['r4', 'r3'] },
      { id: 'c', resIds: ['r4'] },
    ]);
  });

  it('copies to Unassigned with no resources, as a drop there does', () => {
    expect(copyPlan(picked, UNASSIGNED_ROW)).toEqual([
      { id: 'a', resIds: [] },
      { id: 'b', resIds: [] },
      { id: 'c', resIds: [] },
    ]);
  });

  it('copies nothing when nothing is picked', () => {
    expect(copyPlan(NOTHING_PICKED, 'r4')).toEqual([]);
  });
});
