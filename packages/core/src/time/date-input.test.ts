import { describe, expect, it } from 'vitest';
import { DATE_FORMATS } from './calendar.ts';
import {
  dateExample,
  dateFormatOf,
  formatDateInput,
  formatDateTimeInput,
  formatTimeInput,
  parseDateInput,
  parseDateTimeInput,
  parseTimeInput,
} from './date-input.ts';

describe('dateFormatOf: the organisation format, else the spec default', () => {
  it('keeps a known format', () => {
    expect(dateFormatOf('mm/dd/yyyy')).toBe('mm/dd/yyyy');
    expect(dateFormatOf('dd.mm.yyyy')).toBe('dd.mm.yyyy');
  });
  it('falls back to dd/mmm/yyyy for a missing or unknown one', () => {
    expect(dateFormatOf(undefined)).toBe('dd/mmm/yyyy');
    expect(dateFormatOf('yy')).toBe('dd/mmm/yyyy');
    expect(dateFormatOf(7)).toBe('dd/mmm/yyyy');
  });
});

describe('formatDateInput: a YYYY-MM-DD value in the organisation format', () => {
  it('writes every format', () => {
    expect(formatDateInput('2026-11-05', 'dd/mmm/yyyy')).toBe('05/Nov/2026');
    expect(formatDateInput('2026-11-05', 'dd/mm/yyyy')).toBe('05/11/2026');
    expect(formatDateInput('2026-11-05', 'mm/dd/yyyy')).toBe('11/05/2026');
    expect(formatDateInput('2026-11-05', 'yyyy-mm-dd')).toBe('2026-11-05');
    expect(formatDateInput('2026-11-05', 'dd-mm-yyyy')).toBe('05-11-2026');
    expect(formatDateInput('2026-11-05', 'dd.mm.yyyy')).toBe('05.11.2026');
    expect(dateExample('dd/mmm/yyyy')).toBe('25/Nov/2026');
  });
  it('gives an empty text for an empty or impossible value', () => {
    expect(formatDateInput('', 'dd/mmm/yyyy')).toBe('');
    expect(formatDateInput('2026-02-30', 'dd/mmm/yyyy')).toBe('');
    expect(formatDateInput('25/11/2026', 'dd/mmm/yyyy')).toBe('');
  });
});

describe('parseDateInput: what a person types, read in the organisation format', () => {
  it('reads the format it shows, and the forgiving spellings of it', () => {
    expect(parseDateInput('25/Nov/2026', 'dd/mmm/yyyy')).toBe('2026-11-25');
    expect(parseDateInput(' 5 nov 2026 ', 'dd/mmm/yyyy')).toBe('2026-11-05');
    expect(parseDateInput('5-November-26', 'dd/mmm/yyyy')).toBe('2026-11-05');
    expect(parseDateInput('5/11/2026', 'dd/mmm/yyyy')).toBe('2026-11-05');
    expect(parseDateInput('05.11.2026', 'dd.mm.yyyy')).toBe('2026-11-05');
  });
  it('day and month order follow the format: 05/11 is 5 Nov for AU, 11 May for US', () => {
    expect(parseDateInput('05/11/2026', 'dd/mm/yyyy')).toBe('2026-11-05');
    expect(parseDateInput('05/11/2026', 'mm/dd/yyyy')).toBe('2026-05-11');
    expect(parseDateInput('Nov/05/2026', 'mm/dd/yyyy')).toBe('2026-11-05');
  });
  it('always understands ISO, whatever the format', () => {
    expect(parseDateInput('2026-11-25', 'dd/mmm/yyyy')).toBe('2026-11-25');
    expect(parseDateInput('2026-11-25', 'mm/dd/yyyy')).toBe('2026-11-25');
  });
  it('refuses dates that do not exist and text that is not a date', () => {
    expect(parseDateInput('31/Feb/2026', 'dd/mmm/yyyy')).toBeUndefined();
    expect(parseDateInput('29/Feb/2026', 'dd/mmm/yyyy')).toBeUndefined();
    expect(parseDateInput('13/25/2026', 'mm/dd/yyyy')).toBeUndefined();
    expect(parseDateInput('25/Novx/2026', 'dd/mmm/yyyy')).toBeUndefined();
    expect(parseDateInput('25/No/2026', 'dd/mmm/yyyy')).toBeUndefined();
    expect(parseDateInput('25/Nov', 'dd/mmm/yyyy')).toBeUndefined();
    expect(parseDateInput('25/Nov/202', 'dd/mmm/yyyy')).toBeUndefined();
    expect(parseDateInput('tomorrow', 'dd/mmm/yyyy')).toBeUndefined();
    expect(parseDateInput('', 'dd/mmm/yyyy')).toBeUndefined();
  });
  it('boundaries: the last day of a month, 29 Feb in leap years, 2-digit years are 20yy', () => {
    expect(parseDateInput('31/Dec/2026', 'dd/mmm/yyyy')).toBe('2026-12-31');
    expect(parseDateInput('32/Dec/2026', 'dd/mmm/yyyy')).toBeUndefined();
    expect(parseDateInput('30/Apr/2026', 'dd/mmm/yyyy')).toBe('2026-04-30');
    expect(parseDateInput('31/Apr/2026', 'dd/mmm/yyyy')).toBeUndefined();
    expect(parseDateInput('29/Feb/2028', 'dd/mmm/yyyy')).toBe('2028-02-29');
    expect(parseDateInput('29/Feb/2100', 'dd/mmm/yyyy')).toBeUndefined();
    expect(parseDateInput('29/Feb/2000', 'dd/mmm/yyyy')).toBe('2000-02-29');
    expect(parseDateInput('1/1/00', 'dd/mm/yyyy')).toBe('2000-01-01');
  });
  it('round-trips every format', () => {
    for (const f of DATE_FORMATS) {
      for (const ymd of ['2026-01-01', '2026-02-28', '2028-02-29', '2026-12-31', '2026-05-11']) {
        expect(parseDateInput(formatDateInput(ymd, f), f), `${f} ${ymd}`).toBe(ymd);
      }
    }
  });
});

describe('time of day: shown hh:MM AA, typed as people type it', () => {
  it('writes HH:MM the spec way', () => {
    expect(formatTimeInput('09:30')).toBe('09:30 AM');
    expect(formatTimeInput('13:05')).toBe('01:05 PM');
    expect(formatTimeInput('00:15')).toBe('12:15 AM');
    expect(formatTimeInput('12:00')).toBe('12:00 PM');
    expect(formatTimeInput('')).toBe('');
    expect(formatTimeInput('24:00')).toBe('');
  });
  it('reads 12- and 24-hour spellings', () => {
    expect(parseTimeInput('09:30 AM')).toBe('09:30');
    expect(parseTimeInput('9:30')).toBe('09:30');
    expect(parseTimeInput('9.30pm')).toBe('21:30');
    expect(parseTimeInput('9 pm')).toBe('21:00');
    expect(parseTimeInput('9:30 p.m.')).toBe('21:30');
    expect(parseTimeInput('21:30')).toBe('21:30');
    expect(parseTimeInput('930')).toBe('09:30');
    expect(parseTimeInput('1730')).toBe('17:30');
    expect(parseTimeInput('09:30:00 AM')).toBe('09:30');
  });
  it('boundaries: 12 AM is midnight, 12 PM noon, 23:59 the last minute', () => {
    expect(parseTimeInput('12:00 AM')).toBe('00:00');
    expect(parseTimeInput('12:00 PM')).toBe('12:00');
    expect(parseTimeInput('12:59 am')).toBe('00:59');
    expect(parseTimeInput('23:59')).toBe('23:59');
    expect(parseTimeInput('0:00')).toBe('00:00');
  });
  it('refuses times that do not exist', () => {
    expect(parseTimeInput('24:00')).toBeUndefined();
    expect(parseTimeInput('9:60')).toBeUndefined();
    expect(parseTimeInput('13 pm')).toBeUndefined();
    expect(parseTimeInput('0 am')).toBeUndefined();
    expect(parseTimeInput('noon')).toBeUndefined();
    expect(parseTimeInput('')).toBeUndefined();
  });
  it('round-trips every minute of the day', () => {
    for (let m = 0; m < 24 * 60; m += 7) {
      const hm = `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
      expect(parseTimeInput(formatTimeInput(hm))).toBe(hm);
    }
  });
});

describe('date and time together', () => {
  it('writes a wall-clock value as date then time', () => {
    expect(formatDateTimeInput('2026-11-25T09:30:15', 'dd/mmm/yyyy')).toBe('25/Nov/2026 09:30:15 AM');
    expect(formatDateTimeInput('2026-11-25T21:30', 'mm/dd/yyyy')).toBe('11/25/2026 09:30:00 PM');
    expect(formatDateTimeInput('2026-11-25T00:00:59', 'dd/mmm/yyyy')).toBe('25/Nov/2026 12:00:59 AM');
    expect(formatDateTimeInput('', 'dd/mmm/yyyy')).toBe('');
  });
  it('reads the organisation format, spaces in the date, and ISO', () => {
    expect(parseDateTimeInput('25/Nov/2026 09:30 AM', 'dd/mmm/yyyy')).toBe('2026-11-25T09:30:00');
    expect(parseDateTimeInput('25 Nov 2026 9:30pm', 'dd/mmm/yyyy')).toBe('2026-11-25T21:30:00');
    expect(parseDateTimeInput('2026-11-25T09:30', 'dd/mmm/yyyy')).toBe('2026-11-25T09:30:00');
    expect(parseDateTimeInput('2026-11-25T09:30:15', 'dd/mmm/yyyy')).toBe('2026-11-25T09:30:15');
    expect(parseDateTimeInput('25/Nov/2026 09:30:15 PM', 'dd/mmm/yyyy')).toBe('2026-11-25T21:30:15');
    expect(parseDateTimeInput(formatDateTimeInput('2026-11-25T00:00:59', 'dd.mm.yyyy'), 'dd.mm.yyyy')).toBe(
      '2026-11-25T00:00:59',
    );
  });
  it('refuses a missing or bad part', () => {
    expect(parseDateTimeInput('25/Nov/2026', 'dd/mmm/yyyy')).toBeUndefined();
    expect(parseDateTimeInput('31/Nov/2026 09:30', 'dd/mmm/yyyy')).toBeUndefined();
    expect(parseDateTimeInput('25/Nov/2026 25:00', 'dd/mmm/yyyy')).toBeUndefined();
    expect(parseDateTimeInput('25/Nov/2026 09:30:60', 'dd/mmm/yyyy')).toBeUndefined();
  });
});
