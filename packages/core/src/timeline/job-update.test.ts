import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { changedFields, type JobRecord, jobUpdate } from './job-update.ts';

const before: JobRecord = {
  _id: 'b1',
  _key: 'booking',
  status: 'confirmed',
  resIds: ['r1'],
  resourceId: 'r1',
  utc_begin_plus_tz: 1_767_603_600,
  utc_end_plus_tz: 1_767_610_800,
  _geoloc: { lat: -33.87, lng: 151.21 },
  labels: ['l1', 'l2'],
  notes: 'gate code 1234',
  _qa_update_utc: 100,
};
const moved = { ...before, utc_begin_plus_tz: 1_767_607_200, _qa_update_utc: 200 };

describe('job update: only the changed fields are sent', () => {
  it('sends the changed fields with their new values, and nothing else', () => {
    expect(jobUpdate(before, moved)).toEqual({
      _id: 'b1',
      changed: ['utc_begin_plus_tz'],
      fields: { utc_begin_plus_tz: 1_767_607_200 },
    });
  });

  it('nothing is sent if no field changed (bookkeeping times do not count)', () => {
    expect(jobUpdate(before, { ...before })).toBeNull();
    expect(jobUpdate(before, { ...before, _qa_update_utc: 999, _qa_create_utc: 1 })).toBeNull();
  });

  it('values compare by structure: equal copies of arrays and objects are unchanged', () => {
    const copy = { ...before, labels: ['l1', 'l2'], _geoloc: { lng: 151.21, lat: -33.87 } };
    expect(jobUpdate(before, copy)).toBeNull();
    expect(changedFields(before, { ...before, labels: ['l2', 'l1'] })).toEqual(['labels']);
    expect(changedFields(before, { ...before, _geoloc: { lat: -33.87, lng: 151.2 } })).toEqual(['_geoloc']);
  });

  it('a removed field is sent as null; a field set to undefined equals a missing one', () => {
    const { notes: _, ...withoutNotes } = before;
    expect(jobUpdate(before, withoutNotes)?.fields).toEqual({ notes: null });
    expect(jobUpdate(withoutNotes, { ...withoutNotes, notes: undefined })).toBeNull();
  });

  it('several changes come back sorted by field name', () => {
    expect(jobUpdate(before, { ...moved, notes: 'new', resIds: ['r1', 'r2'] })?.changed).toEqual([
      'notes',
      'resIds',
      'utc_begin_plus_tz',
    ]);
  });

  it('property: a record compared with a copy of itself sends nothing', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (extra) => {
        const rec = { ...extra, status: 'active', resIds: ['r1'] };
        expect(jobUpdate(rec, JSON.parse(JSON.stringify(rec)))).toBeNull();
      }),
    );
  });
});

describe('job update: which saves send one', () => {
  it.each(['rostered', 'confirmed', 'dispatched', 'active', 'finished', 'reviewed', 'feedback'])(
    'status %s sends',
    (status) => {
      expect(jobUpdate(before, { ...moved, status })).not.toBeNull();
    },
  );

  it.each(['draft', 'cancelled', 'parked', 'break', 'MultiDay'])('status %s does not send', (status) => {
    expect(jobUpdate(before, { ...moved, status })).toBeNull();
  });

  it('a roster item (type roster) does not send; a record without type, or of another type, does', () => {
    expect(jobUpdate(before, { ...moved, type: 'roster' })).toBeNull();
    expect(jobUpdate(before, { ...moved, type: undefined })).not.toBeNull();
    expect(jobUpdate(before, { ...moved, type: 'booking' })).not.toBeNull();
  });

  it('a new item (no previous version) does not send', () => {
    expect(jobUpdate(undefined, moved)).toBeNull();
  });

  it('an item without confirmed resources does not send; one resource is enough', () => {
    expect(jobUpdate(before, { ...moved, resIds: [] })).toBeNull();
    expect(jobUpdate(before, { ...moved, resIds: undefined })).toBeNull();
    expect(jobUpdate(before, { ...moved, resIds: ['r9'] })?.changed).toEqual(['resIds', 'utc_begin_plus_tz']);
  });

  it('the status change itself is a changed field', () => {
    expect(jobUpdate(before, { ...before, status: 'dispatched' })?.fields).toEqual({ status: 'dispatched' });
  });
});
