import { describe, expect, it } from 'vitest';
import { moveAction, moveTargets, styleMap } from './model.ts';

describe('board moves', () => {
  it('a drop on a column takes the action that leads there, if the role may take it', () => {
    expect(moveAction('dispatcher', 'rostered', 'confirmed')).toBe('allocate');
    expect(moveAction('dispatcher', 'confirmed', 'dispatched')).toBe('dispatch');
    expect(moveAction('dispatcher', 'finished', 'reviewed')).toBe('review');
    expect(moveAction('dispatcher', 'confirmed', 'cancelled')).toBe('cancel');
    expect(moveAction('resource', 'dispatched', 'active')).toBe('start');
    // Not the resource's actions (spec §6): review, park, cancel, allocate.
    expect(moveAction('resource', 'finished', 'reviewed')).toBeNull();
    expect(moveAction('resource', 'confirmed', 'cancelled')).toBeNull();
    expect(moveAction('resource', 'rostered', 'confirmed')).toBeNull();
    // Customers and schedulers have no actions at all.
    expect(moveAction('customer', 'active', 'finished')).toBeNull();
    expect(moveAction('scheduler', 'active', 'finished')).toBeNull();
  });

  it('nothing moves a booking into draft or rostered, or into the column it is in', () => {
    expect(moveAction('dispatcher', 'confirmed', 'draft')).toBeNull();
    expect(moveAction('dispatcher', 'confirmed', 'rostered')).toBeNull();
    expect(moveAction('dispatcher', 'active', 'active')).toBeNull();
  });

  it('lists the keyboard targets of a booking for the role, in column order', () => {
    expect(moveTargets('resource', 'confirmed').map((t) => t.status)).toEqual([
      'dispatched',
      'active',
      'finished',
    ]);
    expect(moveTargets('customer', 'confirmed')).toEqual([]);
  });

  it("uses the organisation's status colours over the defaults", () => {
    const styles = styleMap([{ _key: 'active', _value: 'On site', color: '#000', textColor: '#fff' }]);
    expect(styles.get('active')).toEqual({ label: 'On site', bg: '#000', fg: '#fff' });
    expect(styles.get('draft')?.label).toBe('Draft');
  });
});
