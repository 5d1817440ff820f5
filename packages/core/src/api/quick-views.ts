import { z } from 'zod';
import { FLAG, ID, IDS, stamps, TEXT, updateBodyOf } from './common.ts';

/*
 * The quick views API (spec §7 `quicviews`): a dispatcher's own saved filters, by name. The list
 * answers the caller's views only.
 */

const NUM = z.number().min(-1e12).max(1e12);

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
export const updateQuickViewBody = updateBodyOf(quickViewFields);

/** A quick view as the API answers it: whose it is and whether it is a customer view. */
export const quickViewRecord = z.looseObject({
  _id: z.string(),
  name: z.string(),
  uid: z.string(),
  cus_view: z.boolean(),
  filters: z.unknown().optional().describe('the saved filters by name'),
  ...stamps,
});
export type QuickViewRecord = z.infer<typeof quickViewRecord>;
