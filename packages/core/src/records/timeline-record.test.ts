import { describe, expect, it } from 'vitest';
import { bookingSchema, timelineRecordSchema } from './timeline-record.ts';

describe('timeline record', () => {
  it('imports a seed booking as it is: unknown fields kept, nulls accepted', () => {
    const seed = {
      _id: 'bk1',
      _key: 'booking',
      status: 'confirmed',
      resIds: ['r1'],
      utc_begin_plus_tz: 1767603600,
      utc_end_plus_tz: 1767610800,
      fortnight_time_boundaries: { start_time: 1, end_time: 2 },
      MasterResourceID: ['m1', 'm2'],
      external_data: { IsExternalBooking: false, VisitStemID: 'v1', SourceSystem: 'legacy' },
      _geoloc: null,
      rs_preferred: null,
      legacy_colour: '#fff',
    };
    expect(bookingSchema.parse(seed)).toEqual(seed);
  });

  it('every field is optional: leaves and breaks are records with only their times and resource', () => {
    expect(timelineRecordSchema.safeParse({}).success).toBe(true);
    const leave = { status: 'leave', resourceId: 'r1', utc_begin_plus_tz: 1, utc_end_plus_tz: 2 };
    expect(timelineRecordSchema.parse(leave)).toEqual(leave);
  });

  it('refuses wrong types, naming the field', () => {
    const r = timelineRecordSchema.safeParse({ utc_begin_plus_tz: '09:00', MasterResourceID: 3 });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.'))).toEqual(['utc_begin_plus_tz', 'MasterResourceID']);
  });
});
