import type { Company } from '@rostra/core/api/identity';
import {
  type DateFormat,
  dateFormatOf,
  formatDate,
  formatDateTime,
  formatTime,
  toWallClock,
  weekStart,
} from '@rostra/core/time/calendar';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { meQuery } from './session.ts';

/**
 * How the signed-in organisation prints dates and counts weeks: its `date_format` (default
 * dd/mmm/yyyy; date-times add hh:MM:ss AA), its `week_start_day` (default 0, Sunday) and its clock
 * (`time_zone`). Every screen prints through these, never the browser's locale or core's defaults.
 * Wall-clock functions take the spec's seconds; `instant*` take a real instant (epoch seconds).
 */
export type OrgDates = {
  format: DateFormat;
  weekStartDay: number;
  timeZone: string;
  /** The day of wall-clock seconds: `05/Jan/2026`. */
  date: (wall: number) => string;
  /** Wall-clock date and time with seconds: `05/Jan/2026 09:30:00 AM`. */
  dateTime: (wall: number) => string;
  /** `05/Jan/2026 · 09:30 AM – 11:00 AM` (the end's date too when it is another day). */
  span: (begin: number, end: number) => string;
  /** A real instant (epoch seconds) on the organisation's clock, with seconds. */
  instant: (epochSeconds: number) => string;
  /** The organisation's day of a real instant (epoch seconds). */
  instantDate: (epochSeconds: number) => string;
  /** Start of the week holding wall-clock `wall`, on the organisation's week start day. */
  weekStart: (wall: number) => number;
};

type CompanyDates =
  | { [K in 'date_format' | 'time_zone' | 'week_start_day']?: Company[K] | undefined }
  | null
  | undefined;

/** The organisation's dates from its company document (defaults for missing fields). */
export function orgDates(company: CompanyDates): OrgDates {
  const format = dateFormatOf(company?.date_format);
  const wsd = company?.week_start_day;
  const weekStartDay = typeof wsd === 'number' && Number.isInteger(wsd) && wsd >= 0 && wsd <= 6 ? wsd : 0;
  const timeZone = company?.time_zone || 'UTC';
  const date = (wall: number) => formatDate(wall, format);
  const wallOf = (epochSeconds: number) => toWallClock(epochSeconds * 1000, timeZone);
  return {
    format,
    weekStartDay,
    timeZone,
    date,
    dateTime: (wall) => formatDateTime(wall, format),
    span: (begin, end) =>
      date(begin) === date(end)
        ? `${date(begin)} · ${formatTime(begin)} – ${formatTime(end)}`
        : `${date(begin)} ${formatTime(begin)} – ${date(end)} ${formatTime(end)}`,
    instant: (epochSeconds) => formatDateTime(wallOf(epochSeconds), format),
    instantDate: (epochSeconds) => date(wallOf(epochSeconds)),
    weekStart: (wall) => weekStart(wall, weekStartDay),
  };
}

/** The signed-in organisation's dates (the spec's defaults until `/me` is known). */
export function useOrgDates(): OrgDates {
  const company = useQuery(meQuery).data?.company;
  const format = company?.date_format;
  const zone = company?.time_zone;
  const wsd = company?.week_start_day;
  return useMemo(
    () => orgDates({ date_format: format, time_zone: zone, week_start_day: wsd }),
    [format, zone, wsd],
  );
}
