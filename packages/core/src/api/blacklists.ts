import { z } from 'zod';
import { blacklistSchema } from '../records/blacklist.ts';
import { IDS, VERSION } from './common.ts';

/*
 * Customers' blacklists (spec §3): `_id` is the customer, `resIds` the resources never to be
 * scheduled for them. A customer without a stored list has an empty one at version 0.
 */

export const putBlacklistBody = z.strictObject({
  resIds: IDS,
  version: VERSION.optional().describe('the version read (0 when the customer has no list yet); or If-Match'),
});
export type PutBlacklistBody = z.input<typeof putBlacklistBody>;

/** A blacklist as the API answers it, with its version. */
export const blacklistRecord = blacklistSchema.extend({ version: z.number() });
export type BlacklistRecord = z.infer<typeof blacklistRecord>;
