import { z } from 'zod';
import { geoPointSchema, idListSchema } from './common.ts';

/** `external_data` of a booking: the link to an external system. */
export const externalDataSchema = z.looseObject({
  IsExternalBooking: z.boolean().nullish(),
  IsForceAllocation: z.boolean().nullish(),
  VisitStemID: z.string().nullish(),
  ParentID: z.string().nullish(),
});
export type ExternalData = z.infer<typeof externalDataSchema>;

/**
 * A booking or timeline record (spec §3): also a leave, a break or a group event, told apart by
 * `_key` (`booking` when absent, `leave`, `break`, `groupevent`), `status` (`leave`) and `type`
 * (`roster` by default, or `break`).
 *
 * Times are seconds of the organisation's wall clock written as if UTC (`utc_*_plus_tz`);
 * `startAt`/`endAt` are minutes. Every field is optional here so that records of the seed system
 * import as they are; extra fields pass through untouched. Callers that need a field (the
 * allocation scenario needs the begin and end) tighten the schema with `.extend`.
 */
export const timelineRecordSchema = z.looseObject({
  _id: z.string().nullish(),
  _key: z.string().nullish(),
  status: z.string().nullish(),
  inactive: z.boolean().nullish(),
  resourceId: z.string().nullish(),
  resIds: idListSchema.nullish(),
  resource_first_name: z.string().nullish(),
  resource_last_name: z.string().nullish(),
  res: z.unknown().optional(),
  rs_not_riyo_id: z.unknown().optional(),
  customerId: z.string().nullish(),
  cusIds: idListSchema.nullish(),
  customer_first_name: z.string().nullish(),
  customer_last_name: z.string().nullish(),
  reference: z.string().nullish(),
  labels: idListSchema.nullish(),
  cs_lbls: idListSchema.nullish(),
  lblIds: idListSchema.nullish(),
  servicesIds: idListSchema.nullish(),
  allocation_labels_id: idListSchema.nullish(),
  exclude_labels_id: idListSchema.nullish(),
  utc_begin_plus_tz: z.number().nullish(),
  utc_end_plus_tz: z.number().nullish(),
  _qa_update_utc: z.number().nullish(),
  _qa_create_utc: z.number().nullish(),
  day_num: z.number().nullish(),
  day_n: z.number().nullish(),
  startAt: z.number().nullish(),
  endAt: z.number().nullish(),
  /** 2 or 4 means the record sits in the second week of its roster period. */
  week: z.number().nullish(),
  fortnight_time_boundaries: z
    .looseObject({ start_time: z.number().nullish(), end_time: z.number().nullish() })
    .nullish(),
  template_id: z.string().nullish(),
  template_name: z.string().nullish(),
  type: z.string().nullish(),
  all_location: z.string().nullish(),
  addressline1: z.string().nullish(),
  addressline2: z.string().nullish(),
  addressline3: z.string().nullish(),
  _geoloc: geoPointSchema.nullish(),
  is_copy: z.boolean().nullish(),
  isDeleted: z.boolean().nullish(),
  notes: z.string().nullish(),
  bk_notes: z.string().nullish(),
  bk_id: z.string().nullish(),
  tolerance: z.number().nullish(),
  /** Preferred resource ids, most preferred first; `rs_preferred` wins over `preferred`. */
  rs_preferred: idListSchema.nullish(),
  preferred: idListSchema.nullish(),
  isConflict: z.boolean().nullish(),
  autoallocate: z.boolean().nullish(),
  /** A list means the job needs that many resources. */
  MasterResourceID: z
    .union([z.string(), idListSchema], { error: 'expected a string or a list of strings' })
    .nullish(),
  ResourceGroup: z
    .union([z.string(), idListSchema], { error: 'expected a string or a list of strings' })
    .nullish(),
  external_data: externalDataSchema.nullish(),
});
export type TimelineRecord = z.infer<typeof timelineRecordSchema>;

/** A booking is a timeline record; the alias names intent at call sites. */
export const bookingSchema = timelineRecordSchema;
export type Booking = TimelineRecord;
