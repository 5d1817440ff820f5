import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DAY, MINUTE, toYmd } from '../time/calendar.ts';
import { buildRosterGrid } from './grid.ts';
import {
  isSecondWeek,
  resolveTemplateSlot,
  rolloutTemplate,
  type TemplateItem,
  templateFieldsFor,
} from './template.ts';

const at = (iso: string) => Date.parse(`${iso}Z`) / 1000;
const iso = (sec: number) => new Date(sec * 1000).toISOString().slice(0, 16);

describe('template slot', () => {
  it('day_num wins over day_n; day_n may be a day code or a 0–6 number', () => {
    const base = { startAt: 540, endAt: 600 };
    expect(resolveTemplateSlot({ ...base, day_num: 2, day_n: 'fr' })).toMatchObject({ slot: { weekday: 2 } });
    expect(resolveTemplateSlot({ ...base, day_n: 'fr' })).toMatchObject({ slot: { weekday: 5 } });
    expect(resolveTemplateSlot({ ...base, day_n: 0 })).toMatchObject({ slot: { weekday: 0 } });
    expect(resolveTemplateSlot({ ...base, day_num: 7 })).toEqual({
      error: 'day_num must be 0–6 or day_n a day code su…sa',
    });
  });

  it('week 2 or 4 is the second week; 1, 3 and none are the first', () => {
    expect([1, 2, 3, 4, undefined, 0].map(isSecondWeek)).toEqual([false, true, false, true, false, false]);
    expect(resolveTemplateSlot({ day_num: 1, startAt: 0, endAt: 60, week: 4 })).toMatchObject({
      slot: { week: 2 },
    });
    expect(resolveTemplateSlot({ day_num: 1, startAt: 0, endAt: 60, week: 3 })).toMatchObject({
      slot: { week: 1 },
    });
  });

  it('endAt after startAt is the same day; endAt <= startAt ends the next day; equal is 24 hours', () => {
    const dur = (startAt: number, endAt: number) => {
      const r = resolveTemplateSlot({ day_num: 1, startAt, endAt });
      return 'slot' in r ? r.slot.durationMinutes : r.error;
    };
    expect(dur(540, 1020)).toBe(480);
    expect(dur(540, 1440)).toBe(900);
    expect(dur(1320, 360)).toBe(480);
    expect(dur(600, 600)).toBe(1440);
  });

  it('startAt must be 0–1439 and endAt 0–1440 minutes', () => {
    expect('slot' in resolveTemplateSlot({ day_num: 1, startAt: 1439, endAt: 0 })).toBe(true);
    expect(resolveTemplateSlot({ day_num: 1, startAt: 1440, endAt: 0 })).toEqual({
      error: 'startAt must be minutes 0–1439',
    });
    expect(resolveTemplateSlot({ day_num: 1, startAt: 0, endAt: 1441 })).toEqual({
      error: 'endAt must be minutes 0–1440',
    });
  });

  it('without day fields, the item is placed by its times within fortnight_time_boundaries', () => {
    const start_time = at('2025-12-28T00:00:00');
    const fortnight_time_boundaries = { start_time, end_time: start_time + 14 * DAY };
    const item = (begin: string, end: string): TemplateItem => ({
      utc_begin_plus_tz: at(begin),
      utc_end_plus_tz: at(end),
      fortnight_time_boundaries,
    });
    // Exactly 7 days after the fortnight start is week 2; one second before is week 1.
    expect(resolveTemplateSlot(item('2026-01-04T00:00:00', '2026-01-04T02:00:00'))).toEqual({
      slot: { weekday: 0, week: 2, startMinute: 0, durationMinutes: 120 },
    });
    expect(resolveTemplateSlot(item('2026-01-03T23:59:00', '2026-01-04T00:59:00'))).toMatchObject({
      slot: { weekday: 6, week: 1 },
    });
    expect(resolveTemplateSlot(item('2025-12-27T09:00:00', '2025-12-27T10:00:00'))).toEqual({
      error: 'utc_begin_plus_tz is outside its fortnight',
    });
    expect(resolveTemplateSlot({})).toEqual({
      error: 'needs day_num/day_n with startAt/endAt, or times with fortnight_time_boundaries',
    });
  });
});

describe('template rollout', () => {
  // Sun 2026-01-11 week holds Thu 01-15 (ISO W3, odd) → week 1; Sun 01-18 week holds W4 → week 2.
  const items: TemplateItem[] = [
    { _id: 'a', day_num: 1, startAt: 540, endAt: 1020, week: 1 },
    { _id: 'b', day_n: 'we', startAt: 1320, endAt: 360, week: 2 },
    { _id: 'c', day_num: 5, startAt: 600, endAt: 600, week: 4 },
  ];
  const rows = (r: ReturnType<typeof rolloutTemplate>) =>
    r.placements.map((p) => `${p.item._id} ${iso(p.utc_begin_plus_tz)}→${iso(p.utc_end_plus_tz)} w${p.week}`);

  it('week-1 items land in week-1 weeks and week-2 items in week-2 weeks, in date order', () => {
    const r = rolloutTemplate(items, { from: at('2026-01-11T00:00:00'), to: at('2026-01-25T00:00:00') });
    expect(r.issues).toEqual([]);
    expect(rows(r)).toEqual([
      'a 2026-01-12T09:00→2026-01-12T17:00 w1',
      'b 2026-01-21T22:00→2026-01-22T06:00 w2',
      'c 2026-01-23T10:00→2026-01-24T10:00 w2',
    ]);
    expect(r.placements[0]?.fortnight_time_boundaries).toEqual({
      start_time: at('2026-01-11T00:00:00'),
      end_time: at('2026-01-25T00:00:00'),
    });
  });

  it('a placement belongs to the period by its start: begin at from is in, begin at to is out', () => {
    const monday9 = at('2026-01-12T09:00:00');
    expect(rows(rolloutTemplate(items, { from: monday9, to: monday9 + 1 }))).toEqual([
      'a 2026-01-12T09:00→2026-01-12T17:00 w1',
    ]);
    expect(rows(rolloutTemplate(items, { from: monday9 - DAY, to: monday9 }))).toEqual([]);
  });

  it('parity across a year end: 2026-W53 and 2027-W01 are both odd, so two week-1 weeks follow', () => {
    const r = rolloutTemplate(items, { from: at('2026-12-27T00:00:00'), to: at('2027-01-10T00:00:00') });
    expect(rows(r)).toEqual([
      'a 2026-12-28T09:00→2026-12-28T17:00 w1',
      'a 2027-01-04T09:00→2027-01-04T17:00 w1',
    ]);
  });

  it('a weekly rollout places every item every week, whatever its week', () => {
    const r = rolloutTemplate(items, {
      from: at('2026-01-11T00:00:00'),
      to: at('2026-01-25T00:00:00'),
      fortnight: false,
    });
    expect(r.placements.map((p) => p.item._id)).toEqual(['a', 'b', 'c', 'a', 'b', 'c']);
    expect(r.placements[0]?.fortnight_time_boundaries).toEqual({
      start_time: at('2026-01-11T00:00:00'),
      end_time: at('2026-01-18T00:00:00'),
    });
  });

  it('week_start_day Monday: a Sunday week-1 item falls at the end of the Monday week', () => {
    const sunday: TemplateItem[] = [{ day_num: 0, startAt: 480, endAt: 960, week: 1 }];
    const mon = rolloutTemplate(sunday, {
      from: at('2026-01-12T00:00:00'),
      to: at('2026-01-26T00:00:00'),
      week_start_day: 1,
    });
    expect(mon.placements.map((p) => toYmd(p.utc_begin_plus_tz))).toEqual(['2026-01-18']);
    const sun = rolloutTemplate(sunday, { from: at('2026-01-11T00:00:00'), to: at('2026-01-25T00:00:00') });
    expect(sun.placements.map((p) => toYmd(p.utc_begin_plus_tz))).toEqual(['2026-01-11']);
  });

  it('items that do not resolve are reported by position and id, and the rest still roll out', () => {
    const r = rolloutTemplate(
      [
        { day_num: 9, startAt: 0, endAt: 60 },
        { _id: 'x', day_num: 1, startAt: 1440, endAt: 0 },
        items[0] as TemplateItem,
      ],
      {
        from: at('2026-01-11T00:00:00'),
        to: at('2026-01-18T00:00:00'),
      },
    );
    expect(r.issues).toEqual([
      { code: 'invalid_template_item', index: 0, message: 'day_num must be 0–6 or day_n a day code su…sa' },
      { code: 'invalid_template_item', index: 1, _id: 'x', message: 'startAt must be minutes 0–1439' },
    ]);
    expect(r.placements).toHaveLength(1);
  });

  it('property: fields drawn on a fortnight grid roll back out onto the same times', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_000_000_000 }),
        fc.integer({ min: 0, max: 14 * 1440 - 1 }),
        fc.integer({ min: 1, max: 1440 }),
        fc.integer({ min: 0, max: 6 }),
        (anySec, startMinute, minutes, week_start_day) => {
          const built = buildRosterGrid({ week_start: anySec, fortnight: true, week_start_day });
          if (!built.ok) throw new Error('grid');
          const { start_time, end_time } = built.grid.time_boundaries;
          const begin = start_time + startMinute * MINUTE;
          const end = begin + minutes * MINUTE;
          const fields = templateFieldsFor(built.grid, begin, end);
          if (!fields) throw new Error('begin is on the grid');
          const r = rolloutTemplate([fields], { from: start_time, to: end_time, week_start_day });
          const times = r.placements.map((p) => [p.utc_begin_plus_tz, p.utc_end_plus_tz]);
          expect(times).toContainEqual([begin, end]);
          // Two placements only where ISO week 53 makes both weeks of the 14 days week 1.
          const weeks = new Set(Object.values(built.grid.set).map((d) => d.week));
          expect(times).toHaveLength(weeks.size === 2 ? 1 : 2);
        },
      ),
    );
  });

  it('templateFieldsFor reads week and day from the grid, and refuses a time off the grid', () => {
    const built = buildRosterGrid({ masterroster: true, fortnight: true });
    if (!built.ok) throw new Error('grid');
    const tuesdayWeek2 = built.grid.time_boundaries.start_time + 9 * DAY + 22 * 3600;
    expect(templateFieldsFor(built.grid, tuesdayWeek2, tuesdayWeek2 + 8 * 3600)).toEqual({
      day_num: 2,
      day_n: 'tu',
      startAt: 1320,
      endAt: 360,
      week: 2,
      fortnight_time_boundaries: built.grid.fortnight_time_boundaries,
    });
    expect(
      templateFieldsFor(
        built.grid,
        built.grid.time_boundaries.end_time,
        built.grid.time_boundaries.end_time + 60,
      ),
    ).toBeNull();
  });
});
