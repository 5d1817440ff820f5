import { z } from 'zod';

/**
 * What a write re-checked (issue 16 point 2): the bookings whose conflict state its change turned,
 * each with what the person saving needs to find it (reference, time, customer, id for a link).
 */
const recheckedBooking = z.object({
  _id: z.string(),
  reference: z.string().nullable(),
  utc_begin_plus_tz: z.number(),
  utc_end_plus_tz: z.number(),
  customer: z.string().nullable(),
  errors: z.array(z.object({ code: z.string(), message: z.string(), resourceId: z.string().optional() })),
});

export const recheckedSchema = z
  .object({ nowInConflict: z.array(recheckedBooking), cleared: z.array(recheckedBooking) })
  .describe('bookings this change put in conflict, and those it cleared');
