import { z } from 'zod';
import { geoPointSchema, idListSchema } from './common.ts';

/**
 * A resource (a worker, internal or external), spec §3. `labels` or `lbls` hold label ids or
 * names. `InactiveDate` is seconds (wall clock as UTC); `max_hrs_*` / `min_hrs_*` are hours per
 * day, week and fortnight. `valid_till` (seconds) ends the resource's credentials;
 * `label_valid_till` maps a label of the resource (id or name, as in `labels`) to the second its
 * certificate expires (Rostra's field, issue 20: the credential expiry rule). Extra fields pass
 * through.
 */
export const resourceSchema = z.looseObject({
  _id: z.string(),
  name: z.string().nullish(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
  email: z.string().nullish(),
  mobile: z.string().nullish(),
  phone: z.string().nullish(),
  labels: idListSchema.nullish(),
  lbls: idListSchema.nullish(),
  filters_and: z.unknown().optional(),
  inactive: z.boolean().nullish(),
  InactiveDate: z.number().nullish(),
  promoted_dispatcher: z.boolean().nullish(),
  uid: z.string().nullish(),
  external: z.boolean().nullish(),
  max_hrs_dy: z.number().min(0).nullish(),
  max_hrs_wk: z.number().min(0).nullish(),
  max_hrs_fn: z.number().min(0).nullish(),
  min_hrs_dy: z.number().nullish(),
  min_hrs_wk: z.number().nullish(),
  min_hrs_fn: z.number().nullish(),
  valid_till: z.number().nullish(),
  label_valid_till: z.record(z.string(), z.number()).nullish(),
  rate_hr: z.number().nullish(),
  contact_method: z.string().nullish(),
  companyId: z.string().nullish(),
  company_name: z.string().nullish(),
  status: z.string().nullish(),
  online: z.boolean().nullish(),
  location: z.unknown().optional(),
  _geoloc: geoPointSchema.nullish(),
  employee_type: z.string().nullish(),
  capacity: z.number().nullish(),
  org_id: z.string().nullish(),
  rs_not_riyo_id: z.unknown().optional(),
  score: z.number().nullish(),
  resourceScoring: z.unknown().optional(),
  timestamp: z.number().nullish(),
  _qa_create_utc: z.number().nullish(),
  _qa_update_utc: z.number().nullish(),
  _qa_utc_tz: z.unknown().optional(),
});
export type Resource = z.infer<typeof resourceSchema>;
