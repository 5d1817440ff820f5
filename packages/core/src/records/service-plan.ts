import { z } from 'zod';

/**
 * A service plan (spec §3). `UpdateType` `Inactive` blocks the visit; `Ended` blocks once
 * `EndDate` (seconds, wall clock as UTC) is before the job. Other update types block nothing.
 */
export const servicePlanSchema = z.looseObject({
  VisitStemID: z.string(),
  VisitStemUpdated: z.number().nullish(),
  UpdateType: z.string().nullish(),
  EndDate: z.number().nullish(),
});
export type ServicePlan = z.infer<typeof servicePlanSchema>;
