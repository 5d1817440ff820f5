import { JOB_ACTIONS } from '@rostra/core/shell/roles';
import { z } from 'zod';
import { GEO, ID, IDS, LONG_TEXT, SECONDS, TEXT, VERSION } from '../http/kit.ts';

/*
 * Request bodies of the scheduling records, in the spec's field names (§3). Bodies are strict
 * (an unknown field is refused, naming it) and every string and list is bounded. Derived fields
 * (`weightage_cost`, `isConflict`, `errors`, `_uid_r` of timeline records, `version` stamps) are
 * not accepted: the server computes them. Records of the seed system with other fields come in
 * through `rostra import`, which keeps them.
 */

const NUM = z.number().min(-1e12).max(1e12);
const HOURS = z
  .number()
  .min(0)
  .max(24 * 366);
const FLAG = z.boolean();

/** Label kinds: the spec's four and the ones its data also shows. */
export const LABEL_TYPES = [
  'group',
  'service',
  'certificate',
  'label',
  'site',
  'taskstatus',
  'option_1',
  'eventstate',
  'announcement',
  'category',
] as const;

/** Statuses a timeline record can carry (§4), with the leave and workflow ones. */
export const RECORD_STATUSES = [
  'draft',
  'rostered',
  'confirmed',
  'dispatched',
  'active',
  'finished',
  'reviewed',
  'feedback',
  'break',
  'parked',
  'cancelled',
  'leave',
  'MultiDay',
] as const;

export const RECORD_KEYS = ['booking', 'groupevent', 'leave', 'break'] as const;

const withVersion = { version: VERSION.optional().describe('the version read; or send If-Match') };

export const labelFields = {
  _id: ID.optional(),
  name: TEXT,
  type: z.enum(LABEL_TYPES).optional(),
  unit_price: z.number().min(0).max(1e9).nullish(),
  lbl_not_riyo_id: TEXT.nullish(),
  inactive: FLAG.optional(),
};
export const createLabelBody = z.strictObject(labelFields);
export const updateLabelBody = z
  .strictObject({ ...labelFields, ...withVersion })
  .omit({ _id: true })
  .partial();

export const resourceFields = {
  _id: ID.optional(),
  name: TEXT.optional(),
  first_name: TEXT.optional(),
  last_name: TEXT.optional(),
  email: TEXT.nullish(),
  mobile: z.string().max(40).nullish(),
  phone: z.string().max(40).nullish(),
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
export const updateResourceBody = z
  .strictObject({ ...resourceFields, ...withVersion })
  .omit({ _id: true })
  .partial();

export const customerFields = {
  _id: ID.optional(),
  name: TEXT.optional(),
  first_name: TEXT.optional(),
  last_name: TEXT.optional(),
  email: TEXT.nullish(),
  phone: z.string().max(40).nullish(),
  mobile: z.string().max(40).nullish(),
  uid: ID.nullish(),
  inactive: FLAG.optional(),
  _geoloc: GEO.nullish(),
  labels: IDS.optional(),
  addressline1: TEXT.nullish(),
  addressline2: TEXT.nullish(),
  addressline3: TEXT.nullish(),
  all_location: z.string().max(1000).nullish(),
  suburb: TEXT.nullish(),
  postcode: z.string().max(20).nullish(),
  notes: LONG_TEXT.nullish(),
};
export const createCustomerBody = z.strictObject(customerFields);
export const updateCustomerBody = z
  .strictObject({ ...customerFields, ...withVersion })
  .omit({ _id: true })
  .partial();

export const servicePlanFields = {
  VisitStemID: ID,
  VisitStemUpdated: SECONDS.nullish(),
  UpdateType: z.enum(['Inactive', 'Ended']).nullish(),
  EndDate: SECONDS.nullish(),
};
export const createServicePlanBody = z.strictObject(servicePlanFields);
export const updateServicePlanBody = z
  .strictObject({ ...servicePlanFields, ...withVersion })
  .omit({ VisitStemID: true })
  .partial();

/** A quick view's saved filters: scalar values or short lists by filter name. */
const FILTERS = z
  .record(z.string().max(100), z.union([TEXT, NUM, FLAG, IDS, z.null()]))
  .refine((r) => Object.keys(r).length <= 100, 'at most 100 filters');

export const quickViewFields = {
  _id: ID.optional(),
  name: TEXT,
  cus_view: FLAG.optional(),
  filters: FILTERS.optional(),
};
export const createQuickViewBody = z.strictObject(quickViewFields);
export const updateQuickViewBody = z
  .strictObject({ ...quickViewFields, ...withVersion })
  .omit({ _id: true })
  .partial();

export const projectTaskFields = {
  _id: ID.optional(),
  name: TEXT,
  status: z.string().max(40).nullish(),
  notes: LONG_TEXT.nullish(),
  customerId: ID.nullish(),
  _uid_r: IDS.optional().describe('user ids who may read the task (readers list)'),
};
export const createProjectTaskBody = z.strictObject(projectTaskFields);
export const updateProjectTaskBody = z
  .strictObject({ ...projectTaskFields, ...withVersion })
  .omit({ _id: true })
  .partial();

export const calendarEventFields = {
  _id: ID.optional(),
  name: TEXT,
  task_id: ID.nullish(),
  utc_begin_plus_tz: SECONDS.nullish(),
  utc_end_plus_tz: SECONDS.nullish(),
  notes: LONG_TEXT.nullish(),
  type: z
    .string()
    .trim()
    .max(60, 'A type is at most 60 characters')
    .nullish()
    .describe("the kind of event (the menu's /calevents?type= lists one kind); kept in the data"),
  _uid_r: IDS.optional().describe('user ids who may read the event (readers list)'),
};
export const createCalendarEventBody = z.strictObject(calendarEventFields);
export const updateCalendarEventBody = z
  .strictObject({ ...calendarEventFields, ...withVersion })
  .omit({ _id: true })
  .partial();

export const timelineRecordFields = {
  _id: ID.optional(),
  _key: z.enum(RECORD_KEYS).optional(),
  status: z.enum(RECORD_STATUSES).optional(),
  inactive: FLAG.optional(),
  resourceId: ID.nullish(),
  resIds: IDS.optional(),
  resource_first_name: TEXT.nullish(),
  resource_last_name: TEXT.nullish(),
  rs_not_riyo_id: TEXT.nullish(),
  customerId: ID.nullish(),
  cusIds: IDS.optional(),
  customer_first_name: TEXT.nullish(),
  customer_last_name: TEXT.nullish(),
  reference: TEXT.nullish(),
  labels: IDS.optional(),
  cs_lbls: IDS.optional(),
  lblIds: IDS.optional(),
  servicesIds: IDS.optional(),
  allocation_labels_id: IDS.optional(),
  exclude_labels_id: IDS.optional(),
  utc_begin_plus_tz: SECONDS,
  utc_end_plus_tz: SECONDS,
  day_num: z.number().int().min(0).max(400).nullish(),
  day_n: z.number().int().min(0).max(400).nullish(),
  startAt: z
    .number()
    .int()
    .min(0)
    .max(2 * 24 * 60)
    .nullish(),
  endAt: z
    .number()
    .int()
    .min(0)
    .max(2 * 24 * 60)
    .nullish(),
  week: z.number().int().min(0).max(9).nullish(),
  fortnight_time_boundaries: z.strictObject({ start_time: SECONDS, end_time: SECONDS }).nullish(),
  template_id: ID.nullish(),
  template_name: TEXT.nullish(),
  type: z.string().max(40).nullish(),
  all_location: z.string().max(1000).nullish(),
  addressline1: TEXT.nullish(),
  addressline2: TEXT.nullish(),
  addressline3: TEXT.nullish(),
  _geoloc: GEO.nullish(),
  is_copy: FLAG.nullish(),
  isDeleted: FLAG.nullish(),
  notes: LONG_TEXT.nullish(),
  bk_notes: LONG_TEXT.nullish(),
  bk_id: ID.nullish(),
  tolerance: z.number().int().min(0).max(100_000).nullish(),
  rs_preferred: IDS.nullish(),
  preferred: IDS.nullish(),
  autoallocate: FLAG.nullish(),
  MasterResourceID: z.union([ID, IDS]).nullish(),
  ResourceGroup: z.union([TEXT, IDS]).nullish(),
  external_data: z
    .strictObject({
      IsExternalBooking: FLAG.nullish(),
      IsForceAllocation: FLAG.nullish(),
      VisitStemID: ID.nullish(),
      ParentID: ID.nullish(),
    })
    .nullish(),
};
export const createTimelineRecordBody = z.strictObject(timelineRecordFields);
export const updateTimelineRecordBody = z
  .strictObject({ ...timelineRecordFields, ...withVersion })
  .omit({ _id: true })
  .partial();

/** Shift timings of one day: intervals in seconds of the day. */
const TIMINGS = z
  .array(
    z.strictObject({ beg: z.number().int().min(0).max(86_400), end: z.number().int().min(0).max(86_400) }),
  )
  .max(24);
const DAY_FLAG = z.union([FLAG, z.number().int().min(0).max(1)]);
export const putShiftBody = z.strictObject({
  su: DAY_FLAG.optional(),
  mo: DAY_FLAG.optional(),
  tu: DAY_FLAG.optional(),
  we: DAY_FLAG.optional(),
  th: DAY_FLAG.optional(),
  fr: DAY_FLAG.optional(),
  sa: DAY_FLAG.optional(),
  beg: z.number().int().min(0).max(86_400).optional(),
  end: z.number().int().min(0).max(86_400).optional(),
  timings: z
    .strictObject({
      su: TIMINGS.nullish(),
      mo: TIMINGS.nullish(),
      tu: TIMINGS.nullish(),
      we: TIMINGS.nullish(),
      th: TIMINGS.nullish(),
      fr: TIMINGS.nullish(),
      sa: TIMINGS.nullish(),
    })
    .optional(),
  version: VERSION.optional().describe('the version read (0 when the week has no record yet); or If-Match'),
});

export const putBlacklistBody = z.strictObject({
  resIds: IDS,
  version: VERSION.optional().describe('the version read (0 when the customer has no list yet); or If-Match'),
});

const COLOR = z.string().max(40);
export const jobStatusConfigBody = z.strictObject({
  statusConfig: z
    .array(z.strictObject({ _key: z.string().max(40), _value: TEXT, color: COLOR, textColor: COLOR }))
    .max(100),
  version: VERSION.optional(),
});

export const workflowsBody = z.strictObject({
  workflow_calevents: z
    .array(
      z.strictObject({
        _key: z.string().max(60),
        _value: TEXT,
        groupID: z.string().max(60).nullish(),
        color: COLOR.nullish(),
        textColor: COLOR.nullish(),
      }),
    )
    .max(500),
  workflow_groups: z
    .array(z.strictObject({ groupID: z.string().max(60), name: TEXT.nullish(), isDefault: FLAG.optional() }))
    .max(100),
  version: VERSION.optional(),
});

export const masterLabelsBody = z.strictObject({
  labels: IDS.optional(),
  cs_lbls: IDS.optional(),
  res_labels: IDS.optional(),
  strict: FLAG.optional(),
  strict_res: FLAG.nullish(),
  strict_cus: FLAG.nullish(),
  strict_boo: FLAG.nullish(),
  published: FLAG.optional(),
  version: VERSION.optional().describe('the version read (0 when none is stored yet); or If-Match'),
});

export const JOB_ACTION_NAMES = JOB_ACTIONS;
