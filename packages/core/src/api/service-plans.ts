import { z } from 'zod';
import { servicePlanSchema } from '../records/service-plan.ts';
import { ID, SECONDS, stamps, withVersion } from './common.ts';

/*
 * The service plans API (spec §3): a customer's visit plan, keyed by `VisitStemID`. `Inactive`
 * blocks its visits; `Ended` blocks them once `EndDate` has passed.
 */

export const SERVICE_PLAN_UPDATE_TYPES = ['Inactive', 'Ended'] as const;

export const servicePlanFields = {
  VisitStemID: ID,
  VisitStemUpdated: SECONDS.nullish(),
  UpdateType: z.enum(SERVICE_PLAN_UPDATE_TYPES).nullish(),
  EndDate: SECONDS.nullish(),
};
export const createServicePlanBody = z.strictObject(servicePlanFields);
export const updateServicePlanBody = z
  .strictObject({ ...servicePlanFields, ...withVersion })
  .omit({ VisitStemID: true })
  .partial();

/** A service plan as the API answers it. */
export const servicePlanRecord = servicePlanSchema.extend(stamps);
export type ServicePlanRecord = z.infer<typeof servicePlanRecord>;
