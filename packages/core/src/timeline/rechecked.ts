import { z } from 'zod';

/**
 * What a write re-checked (issue 16 point 2): the bookings whose conflict state its change turned,
 * each with what the person saving needs to find it (reference, time, customer, id for a link).
 * The server's answers are described by these schemas and the web's notice reads their types.
 */
export const recheckedBookingSchema = z.object({
  _id: z.string(),
  reference: z.string().nullable(),
  utc_begin_plus_tz: z.number(),
  utc_end_plus_tz: z.number(),
  customer: z.string().nullable(),
  errors: z.array(
    z.object({
      code: z.string(),
      /** The spec's message; many read after the worker's name ("is blacklisted by …"). */
      message: z.string(),
      resourceId: z.string().optional(),
      /** The worker the message is about, by name, when it is about one. */
      resourceName: z.string().optional(),
    }),
  ),
});

export const recheckedSchema = z
  .object({ nowInConflict: z.array(recheckedBookingSchema), cleared: z.array(recheckedBookingSchema) })
  .describe('bookings this change put in conflict, and those it cleared');

export type RecheckedBooking = z.infer<typeof recheckedBookingSchema>;
export type Rechecked = z.infer<typeof recheckedSchema>;
