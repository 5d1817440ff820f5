import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyRosterValidation,
  overlapBufferMinutes,
  overlapsWithTolerance,
  overlapToleranceSeconds,
  type TimelineRecord,
  validateConflicts,
} from './conflicts.ts';

const at = (iso: string) => Date.parse(`${iso}Z`) / 1000;
const rec = (begin: string, end: string, extra: Partial<TimelineRecord> = {}): TimelineRecord => ({
  _key: 'booking',
  status: 'confirmed',
  resIds: ['r1'],
  utc_begin_plus_tz: at(`2026-01-05T${begin}`),
  utc_end_plus_tz: at(`2026-01-05T${end}`),
  ...extra,
});
const job = rec('09:00:00', '10:00:00', { _id: 'new' });

describe('overlap buffer minutes', () => {
  it('is rounded to a whole number: 4.6 → 5, 4.4 → 4, 4.5 → 5', () => {
    expect(overlapBufferMinutes(4.6)).toBe(5);
    expect(overlapBufferMinutes(4.4)).toBe(4);
    expect(overlapBufferMinutes(4.5)).toBe(5);
  });

  it('defaults to 5 when missing', () => {
    expect(overlapBufferMinutes(undefined)).toBe(5);
    expect(overlapBufferMinutes(null)).toBe(5);
  });

  it('is ignored (default 5) when not numeric; numeric text counts', () => {
    expect(overlapBufferMinutes('abc')).toBe(5);
    expect(overlapBufferMinutes('')).toBe(5);
    expect(overlapBufferMinutes(Number.NaN)).toBe(5);
    expect(overlapBufferMinutes(Number.POSITIVE_INFINITY)).toBe(5);
    expect(overlapBufferMinutes(true)).toBe(5);
    expect(overlapBufferMinutes({})).toBe(5);
    expect(overlapBufferMinutes(' 10 ')).toBe(10);
  });

  it('0 is a valid buffer; a negative one is taken as 0', () => {
    expect(overlapBufferMinutes(0)).toBe(0);
    expect(overlapBufferMinutes(-3)).toBe(0);
    expect(overlapBufferMinutes(-0.4)).toBe(0);
  });
});

describe('conflict: two jobs overlapping beyond the one tolerance (the larger of 900 s and the buffer)', () => {
  it('an overlap of exactly 900 s is allowed with the default buffer; one second more is a conflict', () => {
    expect(validateConflicts(job, [rec('09:45:00', '11:00:00')]).isConflict).toBe(false);
    expect(validateConflicts(job, [rec('09:44:59', '11:00:00')]).isConflict).toBe(true);
  });

  it('the overlap tolerance is max(900 s, buffer × 60), the buffer rounded', () => {
    expect(overlapToleranceSeconds(undefined)).toBe(900);
    expect(overlapToleranceSeconds(5)).toBe(900);
    expect(overlapToleranceSeconds(15)).toBe(900);
    expect(overlapToleranceSeconds(20.4)).toBe(1200);
    expect(overlapToleranceSeconds('soon')).toBe(900);
  });

  it('a buffer above 15 minutes forgives more: 20.4 allows a 20-minute overlap, 19.4 does not', () => {
    const other = [rec('09:40:00', '11:00:00')];
    expect(validateConflicts(job, other).isConflict).toBe(true);
    expect(validateConflicts(job, other, { overlap_buffer_minutes: 20.4 }).isConflict).toBe(false);
    expect(validateConflicts(job, other, { overlap_buffer_minutes: 19.4 }).isConflict).toBe(true);
  });

  it('a smaller or non-numeric buffer never shrinks the 900 s', () => {
    const other = [rec('09:45:00', '11:00:00')];
    expect(validateConflicts(job, other, { overlap_buffer_minutes: 0 }).isConflict).toBe(false);
    expect(validateConflicts(job, other, { overlap_buffer_minutes: 'soon' }).isConflict).toBe(false);
  });

  it('touching intervals do not overlap; the contract rule a.begin < b.end − t && b.begin < a.end − t', () => {
    expect(validateConflicts(job, [rec('10:00:00', '11:00:00')]).isConflict).toBe(false);
    expect(validateConflicts(job, [rec('08:00:00', '09:00:00')]).isConflict).toBe(false);
    expect(overlapsWithTolerance(rec('09:00:00', '10:00:00'), rec('09:45:00', '11:00:00'), 900)).toBe(false);
    expect(overlapsWithTolerance(rec('09:00:00', '10:00:00'), rec('09:44:59', '11:00:00'), 900)).toBe(true);
  });

  it('a record wholly inside another conflicts', () => {
    expect(validateConflicts(job, [rec('09:10:00', '09:30:00')]).isConflict).toBe(true);
  });

  it('only records sharing a resource collide, whether by resIds or resourceId', () => {
    expect(validateConflicts(job, [rec('09:00:00', '10:00:00', { resIds: ['r2'] })]).isConflict).toBe(false);
    expect(
      validateConflicts(job, [rec('09:00:00', '10:00:00', { resIds: [], resourceId: 'r1' })]).isConflict,
    ).toBe(true);
    expect(validateConflicts({ ...job, resIds: [] }, [rec('09:00:00', '10:00:00')]).isConflict).toBe(false);
  });

  it('reports the collision with the spec code, a title, the other record’s range, resource and id', () => {
    expect(validateConflicts(job, [rec('09:30:00', '11:00:00', { _id: 'b7' })])).toEqual({
      isConflict: true,
      errors: [
        {
          code: 'resource_busy',
          title: 'Resource Busy',
          message: 'already assigned from 05/Jan/2026 09:30:00 AM to 05/Jan/2026 11:00:00 AM',
          resourceId: 'r1',
          conflictId: 'b7',
        },
      ],
    });
  });

  it("prints the other record's range in the organisation's date_format", () => {
    const [found] = validateConflicts(job, [rec('09:30:00', '11:00:00')], {
      date_format: 'dd.mm.yyyy',
    }).errors;
    expect(found?.message).toBe('already assigned from 05.01.2026 09:30:00 AM to 05.01.2026 11:00:00 AM');
  });

  it('one error per shared resource', () => {
    const two = { ...job, resIds: ['r1', 'r2', 'r3'] };
    const errors = validateConflicts(two, [rec('09:00:00', '10:00:00', { resIds: ['r3', 'r1'] })]).errors;
    expect(errors.map((e) => e.resourceId)).toEqual(['r1', 'r3']);
  });

  it('the record itself (same _id) in the timeline is skipped', () => {
    expect(validateConflicts(job, [{ ...job }]).isConflict).toBe(false);
    expect(validateConflicts(job, [{ ...job, _id: 'other' }]).isConflict).toBe(true);
  });
});

describe('conflict: ignored statuses', () => {
  it.each(['cancelled', 'finished', 'draft'])('another job in status %s is ignored', (status) => {
    expect(validateConflicts(job, [rec('09:00:00', '10:00:00', { status })]).isConflict).toBe(false);
  });

  it.each(['rostered', 'confirmed', 'dispatched', 'active', 'reviewed', 'feedback'])(
    'another job in status %s counts',
    (status) => {
      expect(validateConflicts(job, [rec('09:00:00', '10:00:00', { status })]).isConflict).toBe(true);
    },
  );

  it('deleted or inactive records are ignored', () => {
    expect(validateConflicts(job, [rec('09:00:00', '10:00:00', { isDeleted: true })]).isConflict).toBe(false);
    expect(validateConflicts(job, [rec('09:00:00', '10:00:00', { inactive: true })]).isConflict).toBe(false);
  });

  it('the validated record is judged whatever its own status (a draft roster item can still conflict)', () => {
    expect(validateConflicts({ ...job, status: 'draft' }, [rec('09:00:00', '10:00:00')]).isConflict).toBe(
      true,
    );
  });
});

describe('conflict: leave and break', () => {
  const leave = rec('08:00:00', '12:00:00', { _key: 'leave', status: 'leave', _id: 'l1' });
  const brk = rec('09:30:00', '10:00:00', { _key: 'break', type: 'break', status: 'break', _id: 'k1' });

  it('a leave of the resource overlapping the job is a conflict, though leave is an ignored status', () => {
    expect(validateConflicts(job, [leave]).errors).toEqual([
      {
        code: 'resource_on_leave',
        title: 'Resource On Leave',
        message: 'on leave from 05/Jan/2026 08:00:00 AM to 05/Jan/2026 12:00:00 PM',
        resourceId: 'r1',
        conflictId: 'l1',
      },
    ]);
  });

  it('a leave known only by status leave, or a break only by type break, counts', () => {
    expect(validateConflicts(job, [{ ...leave, _key: 'booking' }]).errors[0]?.code).toBe('resource_on_leave');
    expect(validateConflicts(job, [{ ...brk, _key: undefined, status: undefined }]).errors[0]?.code).toBe(
      'resource_break_time',
    );
  });

  it('a break overlapping by one second conflicts (no tolerance); a touching one does not', () => {
    expect(validateConflicts(job, [brk]).errors.map((e) => e.code)).toEqual(['resource_break_time']);
    expect(validateConflicts(job, [rec('09:59:59', '10:30:00', { _key: 'break' })]).isConflict).toBe(true);
    expect(validateConflicts(job, [rec('10:00:00', '10:30:00', { _key: 'break' })]).isConflict).toBe(false);
  });

  it('a leave over a job conflicts by plain overlap, whatever the buffer', () => {
    const lv = rec('09:59:59', '18:00:00', { _key: 'leave', status: 'leave', _id: 'lv' });
    expect(validateConflicts(lv, [job], { overlap_buffer_minutes: 30 }).errors[0]?.code).toBe(
      'resource_busy',
    );
  });

  it('a cancelled leave, or a leave of another resource, is ignored', () => {
    expect(validateConflicts(job, [{ ...leave, status: 'cancelled' }]).isConflict).toBe(false);
    expect(validateConflicts(job, [{ ...leave, resIds: ['r9'] }]).isConflict).toBe(false);
  });

  it('a leave being saved over a job conflicts; over another leave it does not', () => {
    expect(validateConflicts(leave, [rec('09:00:00', '10:00:00')]).errors[0]?.code).toBe('resource_busy');
    expect(validateConflicts(leave, [{ ...leave, _id: 'l2' }]).isConflict).toBe(false);
  });
});

describe('conflict: the record’s own times', () => {
  it('end must be after begin: equal or earlier is refused, one second later is fine', () => {
    const equal = validateConflicts(rec('09:00:00', '09:00:00'), []);
    expect(equal).toEqual({
      isConflict: true,
      errors: [{ code: 'invalid_time_range', title: 'Invalid Time', message: 'end must be after begin' }],
    });
    expect(validateConflicts(rec('10:00:00', '09:00:00'), []).isConflict).toBe(true);
    expect(validateConflicts(rec('09:00:00', '09:00:01'), [])).toEqual({ isConflict: false, errors: [] });
  });

  it('times that are not numbers are refused with the spec’s text', () => {
    const bad = { ...job, utc_end_plus_tz: Number.NaN };
    expect(validateConflicts(bad, []).errors[0]?.message).toBe('you must enter a valid time');
  });
});

describe('conflict: exceptions become an error, never a throw', () => {
  const throwing = (thrown: unknown): TimelineRecord => ({
    ...job,
    get resIds(): string[] {
      throw thrown;
    },
  });

  it('the error is titled with the exception message', () => {
    expect(validateConflicts(throwing(new Error('boom')), [rec('09:00:00', '10:00:00')])).toEqual({
      isConflict: true,
      errors: [{ code: 'fallback', title: 'boom', message: 'boom' }],
    });
  });

  it('without a message it is titled "Something went wrong"', () => {
    for (const thrown of [new Error(''), 42, undefined]) {
      expect(validateConflicts(throwing(thrown), []).errors).toEqual([
        { code: 'fallback', title: 'Something went wrong', message: 'Something went wrong' },
      ]);
    }
  });
});

describe('conflict: properties', () => {
  const counted = fc.record({
    begin: fc.integer({ min: 0, max: 48 * 60 }),
    length: fc.integer({ min: 1, max: 24 * 60 }),
    kind: fc.constantFrom('job', 'leave', 'break'),
    status: fc.constantFrom('rostered', 'confirmed', 'dispatched', 'active'),
    resIds: fc.subarray(['r1', 'r2', 'r3']),
  });
  const toRecord = (
    r: typeof counted extends fc.Arbitrary<infer T> ? T : never,
    id: string,
  ): TimelineRecord => ({
    _id: id,
    _key: r.kind === 'job' ? 'booking' : r.kind,
    status: r.kind === 'leave' ? 'leave' : r.status,
    resIds: r.resIds,
    utc_begin_plus_tz: r.begin * 60,
    utc_end_plus_tz: (r.begin + r.length) * 60,
  });

  it('symmetric: a conflicts with b exactly when b conflicts with a', () => {
    fc.assert(
      fc.property(counted, counted, fc.integer({ min: 0, max: 120 }), (x, y, buffer) => {
        const a = toRecord(x, 'a');
        const b = toRecord(y, 'b');
        const opts = { overlap_buffer_minutes: buffer };
        expect(validateConflicts(a, [b], opts).isConflict).toBe(validateConflicts(b, [a], opts).isConflict);
      }),
    );
  });

  it('a larger buffer never creates a conflict that a smaller one did not have', () => {
    fc.assert(
      fc.property(counted, counted, fc.nat(60), fc.nat(60), (x, y, small, extra) => {
        const a = toRecord(x, 'a');
        const b = toRecord(y, 'b');
        const wide = validateConflicts(a, [b], { overlap_buffer_minutes: small + extra }).isConflict;
        if (wide) expect(validateConflicts(a, [b], { overlap_buffer_minutes: small }).isConflict).toBe(true);
      }),
    );
  });
});

describe('roster item after validation', () => {
  const item = {
    _id: 'x',
    type: 'roster',
    status: 'rostered',
    resIds: ['r1'],
    resourceId: 'r1',
    resource_first_name: 'Ann',
    resource_last_name: 'Lee',
    notes: 'keep',
  };

  it('a conflicting roster item becomes draft with no resources', () => {
    const result = validateConflicts(rec('09:00:00', '09:00:00'), []);
    expect(applyRosterValidation(item, result)).toEqual({
      _id: 'x',
      type: 'roster',
      status: 'draft',
      isConflict: true,
      resIds: [],
      notes: 'keep',
    });
  });

  it('a clean roster item becomes rostered and keeps its resources', () => {
    expect(applyRosterValidation({ ...item, status: 'draft' }, { isConflict: false, errors: [] })).toEqual({
      ...item,
      status: 'rostered',
      isConflict: false,
    });
  });
});
