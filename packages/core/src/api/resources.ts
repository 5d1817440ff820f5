import { z } from 'zod';
import { resourceSchema } from '../records/resource.ts';
import { dailyShiftSchema } from '../records/shift.ts';
import { timelineRecordSchema } from '../records/timeline-record.ts';
import {
  FLAG,
  GEO,
  ID,
  IDS,
  namedRef,
  numberedPageOf,
  numberedQuery,
  PHONE,
  queryBoolean,
  SECONDS,
  searchText,
  stamps,
  TEXT,
  updateBodyOf,
} from './common.ts';

/*
 * The resources API (spec §3; issue 8's directory): the record's writable fields, the bodies of a
 * create and a change, the record as answered, the directory's numbered list and a resource's
 * overview. The server validates with these, the web types and checks its forms with them.
 */

const NUM = z.number().min(-1e12).max(1e12);
/** Hour limits: 0 to a leap year of hours. */
export const HOURS = z
  .number()
  .min(0)
  .max(24 * 366);

export const resourceFields = {
  _id: ID.optional(),
  name: TEXT.optional(),
  first_name: TEXT.optional(),
  last_name: TEXT.optional(),
  email: TEXT.nullish(),
  mobile: PHONE.nullish(),
  phone: PHONE.nullish(),
  labels: IDS.optional(),
  lbls: IDS.optional(),
  filters_and: FLAG.nullish(),
  inactive: FLAG.optional(),
  InactiveDate: SECONDS.nullish(),
  promoted_dispatcher: FLAG.optional(),
  uid: ID.nullish(),
  external: FLAG.optional(),
  max_hrs_dy: HOURS.nullish(),
  max_hrs_wk: HOURS.nullish(),
  max_hrs_fn: HOURS.nullish(),
  min_hrs_dy: HOURS.nullish(),
  min_hrs_wk: HOURS.nullish(),
  min_hrs_fn: HOURS.nullish(),
  valid_till: SECONDS.nullish(),
  label_valid_till: z
    .record(ID, SECONDS)
    .nullish()
    .describe('per label of the resource (id or name), the second its certificate expires'),
  rate_hr: z.number().min(0).max(1e6).nullish(),
  contact_method: TEXT.nullish(),
  companyId: ID.nullish(),
  company_name: TEXT.nullish(),
  status: TEXT.nullish(),
  online: FLAG.nullish(),
  location: TEXT.nullish(),
  _geoloc: GEO.nullish(),
  employee_type: TEXT.nullish(),
  capacity: NUM.nullish(),
  rs_not_riyo_id: TEXT.nullish(),
  score: NUM.nullish(),
  timestamp: SECONDS.nullish(),
  _qa_utc_tz: TEXT.nullish(),
};
export const createResourceBody = z.strictObject(resourceFields);
export type CreateResourceBody = z.input<typeof createResourceBody>;
export const updateResourceBody = updateBodyOf(resourceFields);

/**
 * A resource as the API answers it (with its `weightage_cost` on the collection's routes); the
 * stored record always has a name.
 */
export const resourceRecord = resourceSchema.extend({
  name: z.string(),
  weightage_cost: z.number().nullish(),
  ...stamps,
});
export type ResourceRecord = z.infer<typeof resourceRecord>;

/** `GET /directory/resources`: search, active, internal/external and label filters. */
export const resourceDirectoryQuery = z.strictObject({
  q: searchText,
  inactive: queryBoolean.optional(),
  external: queryBoolean.optional(),
  label: ID.optional().describe('carrying this label'),
  ...numberedQuery,
});
export type ResourceDirectoryQuery = z.input<typeof resourceDirectoryQuery>;
export const resourceDirectoryPage = numberedPageOf(resourceRecord);

/** `GET /directory/resources/:id/overview`: blacklisting customers, leaves, this week's shifts. */
export const resourceOverview = z.object({
  blacklisted_by: z.array(namedRef),
  leaves: z.array(timelineRecordSchema.extend({ _id: z.string() })),
  week: z.object({ from: z.number(), to: z.number(), shifts: z.array(dailyShiftSchema) }),
});
export type ResourceOverview = z.infer<typeof resourceOverview>;
