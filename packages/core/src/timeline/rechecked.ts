/**
 * What a write re-checked (issue 16 point 2): the bookings whose conflict state its change turned,
 * each with what the person saving needs to find it. Server answers and web notices share it.
 */
export type RecheckedBooking = {
  _id: string;
  reference: string | null;
  utc_begin_plus_tz: number;
  utc_end_plus_tz: number;
  customer: string | null;
  errors: { code: string; message: string; resourceId?: string }[];
};

export type Rechecked = { nowInConflict: RecheckedBooking[]; cleared: RecheckedBooking[] };
