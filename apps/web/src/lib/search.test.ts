import { describe, expect, it } from 'vitest';
import { countText, hitTarget, hitText, type KindResult } from './search.ts';

describe('top-bar search hits', () => {
  it('open on their screens: bookings by job_id, resources and customers by id, others on their menu path', () => {
    expect(hitTarget('bookings', { _id: 'b 1/2' })).toBe('/bookings?job_id=b%201%2F2');
    expect(hitTarget('resources', { _id: 'r1' })).toBe('/resources?id=r1');
    expect(hitTarget('customers', { _id: 'c1' })).toBe('/customers?id=c1');
    expect(hitTarget('groupevents', { _id: 'g1' })).toBe('/groupevents');
    expect(hitTarget('forms', { _id: 'f1' })).toBe('/forms');
    expect(hitTarget('labels', { _id: 'l1' })).toBe('/settings');
    expect(hitTarget('boards', { _id: 'b1' })).toBe('/job_board');
    expect(hitTarget('masterrosters', { _id: 'm1' })).toBe('/masterroster');
  });

  it('show a master-roster item by its week and weekday, never its 1970 date; a board job by customer', () => {
    const item = hitText('masterrosters', {
      _id: 'm1',
      customer_first_name: 'Ada',
      customer_last_name: 'Lovelace',
      day_num: 2,
      week: 2,
      startAt: 9 * 60 + 30,
      endAt: 11 * 60,
    });
    expect(item).toEqual({ title: 'Ada Lovelace', detail: 'Week 2 · Tuesday 09:30' });
    const job = hitText('boards', {
      _id: 'b1',
      customer_first_name: 'Ada',
      customer_last_name: 'Lovelace',
      suburb: 'Carlton',
      utc_begin_plus_tz: Date.parse('2026-03-09T09:30:00Z') / 1000,
    });
    expect(job.title).toBe('Ada Lovelace');
    expect(job.detail).toMatch(/^.+ · Carlton$/);
  });

  it('show a booking by reference with the customer, begin and status; people by name with contact', () => {
    const begin = Date.parse('2026-03-09T09:30:00Z') / 1000;
    const booking = hitText('bookings', {
      _id: 'b1',
      reference: 'REF-1',
      customer_first_name: 'Ada',
      customer_last_name: 'Lovelace',
      utc_begin_plus_tz: begin,
      status: 'confirmed',
    });
    expect(booking.title).toBe('REF-1');
    expect(booking.detail).toMatch(/^Ada Lovelace · .+ · confirmed$/);
    // Without a reference the customer is the title and is not repeated.
    expect(
      hitText('bookings', { _id: 'b2', customer_first_name: 'Ada', customer_last_name: 'Lovelace' }),
    ).toEqual({
      title: 'Ada Lovelace',
      detail: '',
    });
    expect(hitText('resources', { _id: 'r1', name: 'Ann Lee', email: 'ann@x.test', mobile: '0400' })).toEqual(
      {
        title: 'Ann Lee',
        detail: 'ann@x.test · 0400',
      },
    );
    expect(hitText('customers', { _id: 'c9' }).title).toBe('c9');
  });

  it('count "1000+" when the server stopped counting', () => {
    const r = (nbHits: number, exhaustiveNbHits: boolean): KindResult => ({
      hits: [],
      nbHits,
      exhaustiveNbHits,
      page: 0,
      nbPages: 1,
      hitsPerPage: 5,
    });
    expect(countText(r(12, true))).toBe('12');
    expect(countText(r(1000, false))).toBe('1000+');
  });
});
