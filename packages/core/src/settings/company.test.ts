import { describe, expect, it } from 'vitest';
import {
  COMPANY_TEXT,
  checkCompanyChange,
  isTimeZone,
  orderedDocStatuses,
  overlapBufferOf,
  parseOverlapBuffer,
  secondaryLabels,
} from './company.ts';

describe('the overlap buffer (spec §5)', () => {
  it('is rounded to whole minutes, from numbers and numeric text', () => {
    expect(parseOverlapBuffer(7.4)).toEqual({ ok: true, value: 7 });
    expect(parseOverlapBuffer(7.5)).toEqual({ ok: true, value: 8 });
    expect(parseOverlapBuffer(' 12 ')).toEqual({ ok: true, value: 12 });
  });
  it('defaults to 5 when empty', () => {
    expect(parseOverlapBuffer('')).toEqual({ ok: true, value: 5 });
    expect(parseOverlapBuffer(undefined)).toEqual({ ok: true, value: 5 });
    expect(parseOverlapBuffer(null)).toEqual({ ok: true, value: 5 });
  });
  it('refuses what is not numeric with a clear message', () => {
    for (const bad of ['ten', '5m', Number.NaN, true, {}]) {
      expect(parseOverlapBuffer(bad)).toEqual({
        ok: false,
        issues: [
          { field: 'overlap_buffer_minutes', code: 'not_numeric', message: COMPANY_TEXT.overlapNotNumber },
        ],
      });
    }
  });
  it('accepts 0 to 1440 minutes and refuses beyond', () => {
    expect(parseOverlapBuffer(0)).toEqual({ ok: true, value: 0 });
    expect(parseOverlapBuffer(1440)).toEqual({ ok: true, value: 1440 });
    expect(parseOverlapBuffer(1440.6).ok).toBe(false);
    expect(parseOverlapBuffer(-1).ok).toBe(false);
  });
  it('a reader ignores a stored value that is not numeric (the default 5)', () => {
    expect(overlapBufferOf('x')).toBe(5);
    expect(overlapBufferOf(9.6)).toBe(10);
  });
});

describe('a company profile change', () => {
  it('is normalised: texts trimmed, metres rounded', () => {
    expect(
      checkCompanyChange({
        name: '  Harbour Care ',
        max_distance: 1500.4,
        default_country: { name: 'NZ', code: '+64' },
        time_zone: 'Pacific/Auckland',
        doc_statuses: { Draft: 1, Signed: { order: 2, secondary_label: 'Done' } },
        geofence: null,
      }),
    ).toEqual({
      ok: true,
      value: {
        name: 'Harbour Care',
        max_distance: 1500,
        default_country: { name: 'NZ', code: '+64' },
        time_zone: 'Pacific/Auckland',
        doc_statuses: { Draft: 1, Signed: { order: 2, secondary_label: 'Done' } },
        geofence: null,
      },
    });
  });
  it('gives each bad field its own message, and refuses unknown fields', () => {
    const checked = checkCompanyChange({
      name: ' ',
      gst_value: 101,
      date_format: 'yy',
      time_zone: 'Mars/Olympus',
      overlap_buffer_minutes: 'soon',
      default_country: { name: 'AU', code: '61' },
      careplan_type: ['a', 'a'],
      doc_statuses: { Draft: 1, draft: 2 },
      logo: 'x',
    });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(Object.fromEntries(checked.issues.map((i) => [i.field, i.message]))).toEqual({
      name: COMPANY_TEXT.nameRequired,
      gst_value: COMPANY_TEXT.gst,
      date_format: COMPANY_TEXT.dateFormat,
      time_zone: COMPANY_TEXT.timeZone,
      overlap_buffer_minutes: COMPANY_TEXT.overlapNotNumber,
      'default_country.code': COMPANY_TEXT.countryCode,
      careplan_type: COMPANY_TEXT.careplanType,
      doc_statuses: COMPANY_TEXT.docStatusRepeat,
      logo: 'logo is not a company profile field',
    });
  });
  it('checks the geofence ranges', () => {
    expect(checkCompanyChange({ geofence: { lat: -33.8, lng: 151.2, radius: 200 } }).ok).toBe(true);
    expect(checkCompanyChange({ geofence: { lat: 91, lng: 0, radius: 200 } }).ok).toBe(false);
  });
});

describe('document statuses', () => {
  const statuses = { Signed: { order: 2, secondary_label: 'Done' }, Draft: 1, Filed: { order: 2 } };
  it('secondary labels are keyed by the lower-case status name', () => {
    expect(secondaryLabels(statuses)).toEqual({ signed: 'Done' });
  });
  it('are listed by order, then name', () => {
    expect(orderedDocStatuses(statuses)).toEqual(['Draft', 'Filed', 'Signed']);
  });
});

it('time zones are the engine’s IANA names', () => {
  expect(isTimeZone('Australia/Sydney')).toBe(true);
  expect(isTimeZone('UTC')).toBe(true);
  expect(isTimeZone('Nowhere/Land')).toBe(false);
  expect(isTimeZone('')).toBe(false);
});
