import { z } from 'zod';
import { idListSchema } from './common.ts';

/** A customer's blacklist (spec §3): `_id` is the customer id, `resIds` the banned resources. */
export const blacklistSchema = z.looseObject({
  _id: z.string(),
  resIds: idListSchema,
  _qa_update_utc: z.number().nullish(),
});
export type Blacklist = z.infer<typeof blacklistSchema>;
