/**
 * The server's time as the device can tell it: a phone's clock may be minutes behind or ahead of
 * the server's, and the job timer counts from the server's stamps (a start stamped by the server,
 * counted at the device's "now", showed 0:00:00 on a phone whose clock was behind). Every API
 * answer's `Date` header tells the server's time; the offset from the device clock is kept, and
 * `now()` is the device clock moved by it.
 *
 * The header has whole seconds: an answer read at device time t with `Date: D` was sent during
 * [D, D + 1 s) and arrived a little later, so the server's time at t is taken as D + 0.5 s.
 * Offsets smaller than the header's precision are left alone (the device clock is trusted then).
 */
export type ServerClock = {
  /** An answer's `Date` header, read at device time `receivedAt` (ms). */
  observe: (dateHeader: string | null, receivedAt: number) => void;
  /** The server's time now (ms), as well as the device can tell. */
  now: () => number;
  /** Server time minus device time (ms); 0 until an answer says otherwise. */
  offset: () => number;
};

/** Offsets under this (ms) are within the header's whole-second precision: not applied. */
export const CLOCK_TOLERANCE_MS = 1500;

export function createServerClock(deviceNow: () => number): ServerClock {
  let offset = 0;
  return {
    observe(dateHeader, receivedAt) {
      if (!dateHeader) return;
      const sent = Date.parse(dateHeader);
      if (!Number.isFinite(sent)) return;
      const measured = sent + 500 - receivedAt;
      offset = Math.abs(measured) < CLOCK_TOLERANCE_MS ? 0 : measured;
    },
    now: () => deviceNow() + offset,
    offset: () => offset,
  };
}

/** The app's server clock, fed by the HTTP client (client.ts). */
export const serverClock = createServerClock(() => Date.now());
