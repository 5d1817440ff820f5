import { describe, expect, it } from 'vitest';
import { templateStart } from '../roster/grid.ts';
import {
  bookingTimes,
  bookingTitle,
  checkBookingCustomer,
  checkBookingTimes,
  customerPlace,
  fillFromCustomer,
  isLiveBooking,
} from './booking-rules.ts';

// 30 Nov 2026, wall clock written as UTC.
const DAY0 = Date.parse('2026-11-30T00:00:00Z') / 1000;
const H = 3600;

describe('isLiveBooking', () => {
  it('is a booking of real time: _key booking or none', () => {
    expect(isLiveBooking({ utc_begin_plus_tz: DAY0 })).toBe(true);
    expect(isLiveBooking({ _key: 'booking', type: 'roster', utc_begin_plus_tz: DAY0 })).toBe(true);
  });

  it('is not a leave, break, group event or master-roster template item', () => {
    for (const _key of ['leave', 'break', 'groupevent']) expect(isLiveBooking({ _key })).toBe(false);
    expect(isLiveBooking({ _key: 'booking', type: 'roster', utc_begin_plus_tz: templateStart(0) })).toBe(
      false,
    );
  });
});

describe('checkBookingTimes: "you must enter a valid time"', () => {
  const refused = {
    code: 'invalid_time_range',
    message: 'you must enter a valid time',
    field: 'utc_end_plus_tz',
  };

  it('refuses an end before the beginning (14:00 → 13:00)', () => {
    expect(checkBookingTimes({ utc_begin_plus_tz: DAY0 + 14 * H, utc_end_plus_tz: DAY0 + 13 * H })).toEqual(
      refused,
    );
  });

  it('boundary: an end equal to the beginning is refused, one second later passes', () => {
    expect(checkBookingTimes({ utc_begin_plus_tz: DAY0, utc_end_plus_tz: DAY0 })).toEqual(refused);
    expect(checkBookingTimes({ utc_begin_plus_tz: DAY0, utc_end_plus_tz: DAY0 + 1 })).toBeNull();
  });

  it('refuses a missing time, naming its field', () => {
    expect(checkBookingTimes({ utc_end_plus_tz: DAY0 })?.field).toBe('utc_begin_plus_tz');
    expect(checkBookingTimes({ utc_begin_plus_tz: DAY0 })?.field).toBe('utc_end_plus_tz');
  });
});

describe('bookingTimes: a day and two clock times', () => {
  it('14:00 → 13:00 is refused, not turned into a 23-hour booking', () => {
    expect(bookingTimes(DAY0, 14 * 60, 13 * 60, false)).toEqual({
      ok: false,
      issue: { code: 'invalid_time_range', message: 'you must enter a valid time', field: 'utc_end_plus_tz' },
    });
  });

  it('with "ends next day" 14:00 → 13:00 is 23 hours, ending the next day', () => {
    expect(bookingTimes(DAY0, 14 * 60, 13 * 60, true)).toEqual({
      ok: true,
      begin: DAY0 + 14 * H,
      end: DAY0 + 37 * H,
    });
  });

  it('a same-day range passes; boundary: the same time twice is refused, next day makes it 24 hours', () => {
    expect(bookingTimes(DAY0, 9 * 60, 10 * 60, false)).toEqual({
      ok: true,
      begin: DAY0 + 9 * H,
      end: DAY0 + 10 * H,
    });
    expect(bookingTimes(DAY0, 9 * 60, 9 * 60, false).ok).toBe(false);
    expect(bookingTimes(DAY0, 9 * 60, 9 * 60, true)).toEqual({
      ok: true,
      begin: DAY0 + 9 * H,
      end: DAY0 + 33 * H,
    });
  });
});

describe('checkBookingCustomer', () => {
  it('refuses a booking without a customer', () => {
    const issue = {
      code: 'customer_required',
      message: 'Choose the customer of the booking',
      field: 'customerId',
    };
    expect(checkBookingCustomer({}, false)).toEqual(issue);
    expect(checkBookingCustomer({ customerId: null }, false)).toEqual(issue);
    expect(checkBookingCustomer({ customerId: ' ' }, false)).toEqual(issue);
  });

  it('passes one with a customer, and one without when the organisation allows it', () => {
    expect(checkBookingCustomer({ customerId: 'c1' }, false)).toBeNull();
    expect(checkBookingCustomer({}, true)).toBeNull();
  });
});

describe('customerPlace and fillFromCustomer', () => {
  const customer = {
    _id: 'c1',
    name: 'Ada Lovelace',
    first_name: 'Ada',
    last_name: 'Lovelace',
    addressline1: '12 King Street',
    suburb: 'Newtown',
    postcode: '2042',
    lat: -33.89,
    lng: 151.18,
    labels: ['l-nurse'],
  };

  it("takes the customer's address, location and labels", () => {
    expect(customerPlace(customer)).toEqual({
      all_location: '12 King Street, Newtown, 2042',
      addressline1: '12 King Street',
      addressline2: null,
      addressline3: null,
      _geoloc: { lat: -33.89, lng: 151.18 },
      cs_lbls: ['l-nurse'],
      customer_first_name: 'Ada',
      customer_last_name: 'Lovelace',
    });
  });

  it("prefers the customer's all_location and _geoloc; splits a bare name", () => {
    const p = customerPlace({
      _id: 'c2',
      name: 'Bea May Smith',
      all_location: 'Unit 4',
      _geoloc: { lat: 1, lng: 2 },
    });
    expect(p).toMatchObject({
      all_location: 'Unit 4',
      _geoloc: { lat: 1, lng: 2 },
      cs_lbls: [],
      customer_first_name: 'Bea',
      customer_last_name: 'May Smith',
    });
  });

  it('fills only what the input leaves out; a field given (even null) stays', () => {
    const filled = fillFromCustomer(
      { customerId: 'c1', all_location: 'Hospital ward 3', cs_lbls: null },
      customer,
    );
    expect(filled).toMatchObject({
      all_location: 'Hospital ward 3',
      addressline1: '12 King Street',
      _geoloc: { lat: -33.89, lng: 151.18 },
      cs_lbls: null,
      customer_first_name: 'Ada',
      customer_last_name: 'Lovelace',
    });
  });

  it('boundary: a customer with no place adds no empty fields', () => {
    const filled = fillFromCustomer({ customerId: 'c9' }, { _id: 'c9', name: 'Nobody' });
    expect(filled).toEqual({
      customerId: 'c9',
      cs_lbls: [],
      customer_first_name: 'Nobody',
    });
  });

  it('keeps the names the input gives', () => {
    const filled = fillFromCustomer({ customerId: 'c1', customer_first_name: 'Quentin' }, customer);
    expect(filled).toMatchObject({ customer_first_name: 'Quentin', customer_last_name: 'Lovelace' });
  });
});

describe('bookingTitle', () => {
  const b = {
    _id: 'b0389',
    customer_first_name: 'Ada',
    customer_last_name: 'Lovelace',
    utc_begin_plus_tz: DAY0 + 14 * H,
    utc_end_plus_tz: DAY0 + 15.5 * H,
  };

  it('is the reference when there is one', () => {
    expect(bookingTitle({ ...b, reference: 'HC-00247' })).toBe('HC-00247');
  });

  it('falls back to customer and time, never the id (blank reference too)', () => {
    expect(bookingTitle(b)).toBe('Ada Lovelace · 14:00–15:30');
    expect(bookingTitle({ ...b, reference: '  ' })).toBe('Ada Lovelace · 14:00–15:30');
    expect(bookingTitle({ ...b, utc_end_plus_tz: DAY0 + 37 * H })).toBe('Ada Lovelace · 14:00–13:00');
  });

  it('without a customer says so, with the time', () => {
    expect(bookingTitle({ _id: 'b1', utc_begin_plus_tz: DAY0 + 9 * H, utc_end_plus_tz: DAY0 + 10 * H })).toBe(
      'No customer · 09:00–10:00',
    );
    expect(bookingTitle({ _id: 'b1' })).toBe('No customer');
  });
});
