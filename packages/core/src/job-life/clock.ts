/*
 * Device clocks are not trusted (issue #9): a device says when an event happened on its clock
 * (`client_at`) and what its clock read when it sent it (`sent_at`). The difference between the
 * server's clock on receipt and `sent_at` is the device's offset (plus the transit time, which
 * only ever makes the event later, never double-counted), so queued offline events keep their
 * real time even when the device's clock is wrong.
 */

/**
 * The instant (ms epoch, server clock) an event happened: `client_at + (server_now − sent_at)`,
 * never later than `server_now`. All three in ms epoch.
 */
export function correctedAt(clientAt: number, sentAt: number, serverNow: number): number {
  return Math.min(serverNow, clientAt + (serverNow - sentAt));
}
