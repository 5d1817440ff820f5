import { z } from 'zod';
import { DATE_FORMATS } from '../time/calendar.ts';
import { type Checked, type SettingsIssue, toSettingsIssues } from './issues.ts';

/**
 * The company profile a dispatcher edits (shell spec §3, §5): what may be stored and how it is
 * normalised. Server and web run the same check; the server's issues are shown by field.
 */

/** Default overlap buffer in minutes (spec §5). */
export const DEFAULT_OVERLAP_BUFFER_MINUTES = 5;
/** Largest overlap buffer accepted: one day, in minutes. */
export const MAX_OVERLAP_BUFFER_MINUTES = 1440;
/** Largest max distance accepted, in metres (half the earth's circumference). */
export const MAX_DISTANCE_METRES = 20_000_000;

/** The date formats an organisation can choose: the one list, beside the formatter. */
export { DATE_FORMATS };

export const COMPANY_TEXT = {
  nameRequired: 'Enter the company name',
  gst: 'GST must be a number from 0 to 100',
  countryName: 'Enter the country name (at most 60 characters)',
  countryCode: 'The country code is a + and 1 to 4 digits, e.g. +61',
  dateFormat: `The date format must be one of ${DATE_FORMATS.join(', ')}`,
  timeZone: 'Enter a time zone such as Australia/Sydney',
  overlapNotNumber: 'The overlap buffer must be a number of minutes',
  overlapRange: `The overlap buffer must be from 0 to ${MAX_OVERLAP_BUFFER_MINUTES} minutes`,
  maxDistance: `Max distance must be a number of metres from 0 to ${MAX_DISTANCE_METRES}`,
  careplanType: 'Each care plan type is 1 to 60 characters, at most 50 types, no repeats',
  eventLabelTypes: 'Event label types are at most 50 ids (text of 1 to 60 characters)',
  docStatusName: 'Each document status has a name of 1 to 60 characters, at most 50 statuses',
  docStatusOrder: 'The order of a document status is a whole number from 0 to 10000',
  docStatusRepeat: 'Two document statuses have the same name (names are compared in lower case)',
  secondaryLabel: 'A secondary label is at most 60 characters',
  geofence:
    'The geofence needs a latitude (-90 to 90), a longitude (-180 to 180) and a radius of 1 to 100000 metres',
} as const;

/**
 * The overlap buffer as stored (spec §5): a number or numeric text rounded to whole minutes;
 * empty means the default 5; anything else is refused with {@link COMPANY_TEXT.overlapNotNumber}.
 */
export function parseOverlapBuffer(input: unknown): Checked<number> {
  if (input === undefined || input === null || (typeof input === 'string' && input.trim() === '')) {
    return { ok: true, value: DEFAULT_OVERLAP_BUFFER_MINUTES };
  }
  const n = typeof input === 'number' ? input : typeof input === 'string' ? Number(input.trim()) : Number.NaN;
  if (!Number.isFinite(n)) {
    return {
      ok: false,
      issues: [issue('overlap_buffer_minutes', 'not_numeric', COMPANY_TEXT.overlapNotNumber)],
    };
  }
  const minutes = Math.round(n);
  if (minutes < 0 || minutes > MAX_OVERLAP_BUFFER_MINUTES) {
    return {
      ok: false,
      issues: [issue('overlap_buffer_minutes', 'out_of_range', COMPANY_TEXT.overlapRange)],
    };
  }
  return { ok: true, value: minutes };
}

/**
 * The overlap buffer a reader uses (spec §5): rounded to whole minutes, the default 5 when the
 * stored value is missing or not numeric (ignored, never an error).
 */
export function overlapBufferOf(stored: unknown): number {
  const parsed = parseOverlapBuffer(stored);
  return parsed.ok ? parsed.value : DEFAULT_OVERLAP_BUFFER_MINUTES;
}

/** Whether `zone` is an IANA time zone this JavaScript engine knows. */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z0-9_+\-/]{1,60}$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

export type DocStatus = number | { order: number; secondary_label?: string };

export type CompanyProfile = {
  name: string;
  gst_value: number;
  default_country: { name: string; code: string };
  date_format: (typeof DATE_FORMATS)[number];
  time_zone: string;
  overlap_buffer_minutes: number;
  max_distance: number;
  careplan_type: string[];
  event_label_types: (string | { id: string })[];
  doc_statuses: Record<string, DocStatus>;
  geofence: { lat: number; lng: number; radius: number } | null;
};

const ORDER = z
  .number({ error: COMPANY_TEXT.docStatusOrder })
  .int(COMPANY_TEXT.docStatusOrder)
  .min(0, COMPANY_TEXT.docStatusOrder)
  .max(10_000, COMPANY_TEXT.docStatusOrder);
const ID_TEXT = z.string().trim().min(1).max(60);

const fields = {
  name: z
    .string({ error: COMPANY_TEXT.nameRequired })
    .trim()
    .min(1, COMPANY_TEXT.nameRequired)
    .max(120, COMPANY_TEXT.nameRequired),
  gst_value: z.number({ error: COMPANY_TEXT.gst }).min(0, COMPANY_TEXT.gst).max(100, COMPANY_TEXT.gst),
  default_country: z.strictObject({
    name: z
      .string({ error: COMPANY_TEXT.countryName })
      .trim()
      .min(1, COMPANY_TEXT.countryName)
      .max(60, COMPANY_TEXT.countryName),
    code: z
      .string({ error: COMPANY_TEXT.countryCode })
      .trim()
      .regex(/^\+\d{1,4}$/, COMPANY_TEXT.countryCode),
  }),
  date_format: z.enum(DATE_FORMATS, { error: COMPANY_TEXT.dateFormat }),
  time_zone: z.string({ error: COMPANY_TEXT.timeZone }).trim().refine(isTimeZone, COMPANY_TEXT.timeZone),
  max_distance: z
    .number({ error: COMPANY_TEXT.maxDistance })
    .min(0, COMPANY_TEXT.maxDistance)
    .max(MAX_DISTANCE_METRES, COMPANY_TEXT.maxDistance)
    .transform((m) => Math.round(m)),
  careplan_type: z
    .array(
      z
        .string({ error: COMPANY_TEXT.careplanType })
        .trim()
        .min(1, COMPANY_TEXT.careplanType)
        .max(60, COMPANY_TEXT.careplanType),
      { error: COMPANY_TEXT.careplanType },
    )
    .max(50, COMPANY_TEXT.careplanType)
    .refine((list) => new Set(list).size === list.length, COMPANY_TEXT.careplanType),
  event_label_types: z
    .array(z.union([ID_TEXT, z.strictObject({ id: ID_TEXT })], { error: COMPANY_TEXT.eventLabelTypes }), {
      error: COMPANY_TEXT.eventLabelTypes,
    })
    .max(50, COMPANY_TEXT.eventLabelTypes),
  doc_statuses: z
    .record(
      z.string().trim().min(1, COMPANY_TEXT.docStatusName).max(60, COMPANY_TEXT.docStatusName),
      z.union(
        [
          ORDER,
          z.strictObject({
            order: ORDER,
            secondary_label: z.string().trim().max(60, COMPANY_TEXT.secondaryLabel).optional(),
          }),
        ],
        {
          error: COMPANY_TEXT.docStatusOrder,
        },
      ),
      { error: COMPANY_TEXT.docStatusName },
    )
    .refine((v) => Object.keys(v).length <= 50, COMPANY_TEXT.docStatusName)
    .refine(
      (v) => new Set(Object.keys(v).map((k) => k.toLowerCase())).size === Object.keys(v).length,
      COMPANY_TEXT.docStatusRepeat,
    ),
  geofence: z
    .strictObject(
      {
        lat: z.number().min(-90).max(90),
        lng: z.number().min(-180).max(180),
        radius: z.number().min(1).max(100_000),
      },
      { error: COMPANY_TEXT.geofence },
    )
    .nullable(),
};

/** Every field a company profile change may carry (all optional: a change names what it changes). */
export const COMPANY_FIELDS = [...Object.keys(fields), 'overlap_buffer_minutes'] as (keyof CompanyProfile)[];

function issue(field: string, code: string, message: string): SettingsIssue {
  return { field, code, message };
}

/**
 * Checks a change of the company profile (any subset of {@link CompanyProfile}'s fields; unknown
 * fields are refused) and returns it normalised: texts trimmed, max distance and the overlap
 * buffer rounded, an empty overlap buffer the default 5. Every bad field gets its own issue.
 */
export function checkCompanyChange(input: unknown): Checked<Partial<CompanyProfile>> {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, issues: [issue('', 'invalid', 'The company profile must be an object')] };
  }
  const record = input as Record<string, unknown>;
  const issues: SettingsIssue[] = [];
  const value: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(record)) {
    if (key === 'overlap_buffer_minutes') {
      const parsed = parseOverlapBuffer(raw);
      if (parsed.ok) value[key] = parsed.value;
      else issues.push(...parsed.issues);
      continue;
    }
    const schema = fields[key as keyof typeof fields];
    if (!schema) {
      issues.push(issue(key, 'unknown_field', `${key} is not a company profile field`));
      continue;
    }
    const parsed = (schema as z.ZodType).safeParse(raw);
    if (parsed.success) value[key] = parsed.data;
    else issues.push(...dedupe(toSettingsIssues(parsed.error.issues, key), key));
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value: value as Partial<CompanyProfile> };
}

/** One message per field is enough: the first one said. */
function dedupe(list: SettingsIssue[], field: string): SettingsIssue[] {
  const first = list[0];
  return first ? [{ ...first, field: first.field || field }] : [];
}

/**
 * Secondary labels of the document statuses, keyed by the status name in lower case (spec §3);
 * statuses given as a bare order number have none.
 */
export function secondaryLabels(docStatuses: Readonly<Record<string, unknown>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, status] of Object.entries(docStatuses)) {
    if (typeof status === 'object' && status !== null) {
      const label = (status as { secondary_label?: unknown }).secondary_label;
      if (typeof label === 'string' && label !== '') out[name.toLowerCase()] = label;
    }
  }
  return out;
}

/** Document status names in their order (ties by name); bare numbers and `{ order }` alike. */
export function orderedDocStatuses(docStatuses: Readonly<Record<string, unknown>>): string[] {
  const orderOf = (s: unknown) =>
    typeof s === 'number'
      ? s
      : typeof s === 'object' && s !== null
        ? Number((s as { order?: unknown }).order) || 0
        : 0;
  return Object.keys(docStatuses).sort(
    (a, b) => orderOf(docStatuses[a]) - orderOf(docStatuses[b]) || a.localeCompare(b),
  );
}
