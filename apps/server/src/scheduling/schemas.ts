import { FLAG, ID, IDS, SECONDS, TEXT, VERSION, withVersion } from '@rostra/core/api/common';
import { JOB_ACTIONS } from '@rostra/core/shell/roles';
import { z } from 'zod';

/*
 * Request bodies of the scheduling records, in the spec's field names (§3), of the features whose
 * schemas are not yet in `@rostra/core/api/<feature>` (customers, resources, project tasks and
 * calendar events and bookings are there). Bodies are strict
 * (an unknown field is refused, naming it) and every string and list is bounded. Derived fields
 * (`weightage_cost`, `isConflict`, `errors`, `_uid_r` of timeline records, `version` stamps) are
 * not accepted: the server computes them. Records of the seed system with other fields come in
 * through `rostra import`, which keeps them.
 */

const NUM = z.number().min(-1e12).max(1e12);

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
