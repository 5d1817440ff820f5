import { z } from 'zod';

/**
 * A catalogue label (spec §3). `type` is group, service, certificate or label (seed data also has
 * site, taskstatus, option_1, eventstate, announcement, category). `unit_price` feeds a resource's
 * weightage_cost.
 */
export const labelSchema = z.looseObject({
  _id: z.string(),
  name: z.string().nullish(),
  type: z.string().nullish(),
  unit_price: z.number().nullish(),
  lbl_not_riyo_id: z.unknown().optional(),
  inactive: z.boolean().nullish(),
});
export type Label = z.infer<typeof labelSchema>;
