import { describe, expect, it } from 'vitest';
import { timesheetCsv, timesheetWeeks, workedOnJob } from './timesheet.ts';

const H = 3600;
// Monday 2026-03-09 (wall clock); the Sunday week starts 2026-03-08.
const MON = Date.parse('2026-03-09T00:00:00Z') / 1000;
const ms = (sec: number) => sec * 1000;

describe('timesheets from jobs', () => {
  const names = new Map([
    ['r1', 'Ann Lee'],
    ['r2', 'Bob Ray'],
  ]);

  it("counts a resource's timer time, else the booking's span", () => {
    const job = {
      id: 'j1',
      begin: MON + 9 * H,
      end: MON + 12 * H,
      resIds: ['r1', 'r2'],
      entries: [
        { resource_id: 'r1', action: 'start' as const, at: ms(MON + 9 * H) },
        { resource_id: 'r1', action: 'stop' as const, at: ms(MON + 16 * H + 30 * 60) },
      ],
    };
    expect(workedOnJob(job, 'r1')).toBe(7.5 * H);
    expect(workedOnJob(job, 'r2')).toBe(3 * H);
  });

  it('a timer still running adds nothing until stopped', () => {
    const job = {
      id: 'j',
      begin: MON,
      end: MON + H,
      resIds: ['r1'],
      entries: [{ resource_id: 'r1', action: 'start' as const, at: ms(MON) }],
    };
    expect(workedOnJob(job, 'r1')).toBe(0);
  });

  it('groups by week (Sunday start by default) and resource, with hours as h.mm', () => {
    const weeks = timesheetWeeks(
      [
        { id: 'a', begin: MON + 9 * H, end: MON + 16 * H + 30 * 60, resIds: ['r1'], entries: [] },
        {
          id: 'b',
          begin: MON + 86_400 + 9 * H,
          end: MON + 86_400 + 10 * H,
          resIds: ['r1', 'r2'],
          entries: [],
        },
        { id: 'c', begin: MON + 7 * 86_400, end: MON + 7 * 86_400 + 2 * H, resIds: ['r2'], entries: [] },
      ],
      names,
    );
    expect(weeks).toEqual([
      {
        week_start: '2026-03-08',
        rows: [
          { resource_id: 'r1', name: 'Ann Lee', worked_seconds: 8.5 * H, jobs: 2, hours_hmm: '8.30' },
          { resource_id: 'r2', name: 'Bob Ray', worked_seconds: H, jobs: 1, hours_hmm: '1.00' },
        ],
      },
      {
        week_start: '2026-03-15',
        rows: [{ resource_id: 'r2', name: 'Bob Ray', worked_seconds: 2 * H, jobs: 1, hours_hmm: '2.00' }],
      },
    ]);
    expect(
      timesheetWeeks([{ id: 'a', begin: MON, end: MON + H, resIds: ['r1'], entries: [] }], names, 1)[0]
        ?.week_start,
    ).toBe('2026-03-09');
    expect(
      timesheetWeeks(
        [{ id: 'a', begin: MON, end: MON + H, resIds: ['r1', 'r2'], entries: [] }],
        names,
        0,
        'r2',
      )[0]?.rows,
    ).toHaveLength(1);
  });

  it('writes CSV with quoted cells and formulas kept as text', () => {
    const csv = timesheetCsv([
      {
        week_start: '2026-03-08',
        rows: [{ resource_id: 'r1', name: '=Lee, Ann', worked_seconds: 60, jobs: 1, hours_hmm: '0.01' }],
      },
    ]);
    expect(csv).toBe(
      'week_start,resource_id,name,jobs,worked_seconds,hours\r\n2026-03-08,r1,"\'=Lee, Ann",1,60,0.01\r\n',
    );
  });
});

describe('timesheets across daylight saving (Australia/Sydney)', () => {
  const SYD = 'Australia/Sydney';
  const wall = (iso: string) => Date.parse(`${iso}Z`) / 1000;
  const untimed = (begin: string, end: string) => ({
    id: 'n',
    begin: wall(begin),
    end: wall(end),
    resIds: ['r1'],
    entries: [],
  });

  it('an untimed 01:00–04:00 booking is 4 h the night clocks go back and 2 h the night they go forward', () => {
    expect(workedOnJob(untimed('2026-04-05T01:00:00', '2026-04-05T04:00:00'), 'r1', SYD)).toBe(4 * H);
    expect(workedOnJob(untimed('2026-10-04T01:00:00', '2026-10-04T04:00:00'), 'r1', SYD)).toBe(2 * H);
  });

  it('on other nights, and without a zone, the span is the wall-clock one', () => {
    expect(workedOnJob(untimed('2026-04-12T01:00:00', '2026-04-12T04:00:00'), 'r1', SYD)).toBe(3 * H);
    expect(workedOnJob(untimed('2026-04-05T01:00:00', '2026-04-05T04:00:00'), 'r1')).toBe(3 * H);
  });

  it("a timed job counts its timer's real instants, whatever the wall clock showed", () => {
    // Started at 01:00 AEDT (14:00 UTC), stopped at 04:00 AEST (18:00 UTC) on the back night.
    const job = {
      ...untimed('2026-04-05T01:00:00', '2026-04-05T04:00:00'),
      entries: [
        { resource_id: 'r1', action: 'start' as const, at: Date.parse('2026-04-04T14:00:00Z') },
        { resource_id: 'r1', action: 'stop' as const, at: Date.parse('2026-04-04T18:00:00Z') },
      ],
    };
    expect(workedOnJob(job, 'r1', SYD)).toBe(4 * H);
  });

  it('the week of the back night sums real hours: 4 h + 3 h = 7.00', () => {
    const weeks = timesheetWeeks(
      [
        untimed('2026-04-05T01:00:00', '2026-04-05T04:00:00'),
        { ...untimed('2026-04-06T09:00:00', '2026-04-06T12:00:00'), id: 'm' },
      ],
      new Map([['r1', 'Ann Lee']]),
      0,
      undefined,
      SYD,
    );
    expect(weeks).toEqual([
      {
        week_start: '2026-04-05',
        rows: [{ resource_id: 'r1', name: 'Ann Lee', worked_seconds: 7 * H, jobs: 2, hours_hmm: '7.00' }],
      },
    ]);
  });
});
