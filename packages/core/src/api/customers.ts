import { z } from 'zod';
import { customerSchema } from '../records/customer.ts';
import { servicePlanSchema } from '../records/service-plan.ts';
import {
  FLAG,
  GEO,
  ID,
  IDS,
  LONG_TEXT,
  namedRef,
  numberedPageOf,
  numberedQuery,
  PHONE,
  queryBoolean,
  searchText,
  stamps,
  TEXT,
  updateBodyOf,
} from './common.ts';

/*
 * The customers API (spec §3; issue 8's directory): the record's writable fields, the bodies of a
 * create and a change, the record as answered, the directory's numbered list and a customer's
 * overview. The server validates with these, the web types and checks its forms with them.
 */

export const customerFields = {
  _id: ID.optional(),
  name: TEXT.optional(),
  first_name: TEXT.optional(),
  last_name: TEXT.optional(),
  email: TEXT.nullish(),
  phone: PHONE.nullish(),
  mobile: PHONE.nullish(),
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
export type CreateCustomerBody = z.input<typeof createCustomerBody>;
export const updateCustomerBody = updateBodyOf(customerFields);

/** A customer as the API answers it: the stored fields, always named (extra imported ones pass through). */
export const customerRecord = customerSchema.extend({
  name: z.string(),
  email: z.string().nullish(),
  phone: z.string().nullish(),
  mobile: z.string().nullish(),
  uid: z.string().nullish(),
  inactive: z.boolean().nullish(),
  labels: z.array(z.string()).nullish(),
  addressline1: z.string().nullish(),
  addressline2: z.string().nullish(),
  addressline3: z.string().nullish(),
  all_location: z.string().nullish(),
  suburb: z.string().nullish(),
  postcode: z.string().nullish(),
  notes: z.string().nullish(),
  ...stamps,
});
export type CustomerRecord = z.infer<typeof customerRecord>;

/** `GET /directory/customers`: search, active and label filters, numbered pages. */
export const customerDirectoryQuery = z.strictObject({
  q: searchText,
  inactive: queryBoolean.optional(),
  label: ID.optional().describe('carrying this label'),
  ...numberedQuery,
});
export type CustomerDirectoryQuery = z.input<typeof customerDirectoryQuery>;
export const customerDirectoryPage = numberedPageOf(customerRecord);

/** `GET /directory/customers/:id/overview`: what the detail shows beside the record. */
export const customerOverview = z.object({
  blacklisted: z.array(namedRef),
  service_plans: z.array(servicePlanSchema),
  bookings: z.object({ total: z.number(), upcoming: z.number() }),
});
export type CustomerOverview = z.infer<typeof customerOverview>;
