import { z } from 'zod';

/** A customer as the scheduling core needs it: an id and a display name. Extra fields pass through. */
export const customerSchema = z.looseObject({
  _id: z.string(),
  name: z.string().nullish(),
  first_name: z.string().nullish(),
  last_name: z.string().nullish(),
});
export type Customer = z.infer<typeof customerSchema>;
