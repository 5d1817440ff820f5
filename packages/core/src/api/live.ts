import { z } from 'zod';

/*
 * The live socket's protocol (`/api/v1/live`, apps/server/src/live/socket.ts): what a client may
 * send and what the server sends back, said once. The server parses what it receives and types
 * what it sends with these; the web parses what it receives with `parseLiveServerMessage`, so a message
 * of another shape is refused with the issue that says why.
 */

/** The kinds of record the `records` topic carries (db/scheduling/record-events.ts). */
export const RECORD_EVENT_KINDS = [
  'labels',
  'resources',
  'customers',
  'service_plans',
  'shifts',
  'blacklists',
  'quick_views',
  'project_tasks',
  'calendar_events',
  // The operations screens' documents and uploads (db/documents/document-events.ts).
  'forms',
  'form_submissions',
  'equipments',
  'pods',
  'uploads',
] as const;
export type RecordEventKind = (typeof RECORD_EVENT_KINDS)[number];

/** Epoch seconds from year 1 to 9999. */
const SECONDS = z.number().int().min(-62_135_596_800).max(253_402_300_799);
/** An event's position in its organisation's stream. */
const SEQ = z.number().int().min(0);

/** What a socket subscribes to; times in epoch seconds. */
export const liveSubscription = z.discriminatedUnion('topic', [
  z.strictObject({ topic: z.literal('timeline'), from: SECONDS, to: SECONDS }),
  z.strictObject({ topic: z.literal('booking'), id: z.string().min(1).max(100) }),
  z.strictObject({ topic: z.literal('notifications') }),
  z.strictObject({ topic: z.literal('settings') }),
  z.strictObject({ topic: z.literal('workspace') }),
  z.strictObject({ topic: z.literal('exception_report') }),
  z.strictObject({ topic: z.literal('allocation') }),
  z.strictObject({ topic: z.literal('records'), kind: z.enum(RECORD_EVENT_KINDS) }),
  z.strictObject({ topic: z.literal('versions') }),
]);
export type LiveSubscription = z.infer<typeof liveSubscription>;

/** Client → server. */
export const liveClientMessage = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('subscribe'), subscription: liveSubscription }),
  z.strictObject({ type: z.literal('unsubscribe'), subscription: liveSubscription }),
  z.strictObject({ type: z.literal('resume'), after: SEQ }),
  z.strictObject({ type: z.literal('ping') }),
]);
export type LiveClientMessage = z.infer<typeof liveClientMessage>;

/**
 * Server → client: `hello` on connect (the position the client is at); `subscribed` and
 * `unsubscribed` answering the client; `event` for each change the client subscribed to (`data`
 * is the event's payload: for bookings the changed fields); `resumed` after a replay, or `reload`
 * when the server cannot replay what was missed; `pong`; and `error`, naming the subscription it
 * refuses where it refuses one.
 */
export const liveServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), seq: SEQ }),
  z.object({ type: z.literal('subscribed'), subscription: liveSubscription, seq: SEQ }),
  z.object({ type: z.literal('unsubscribed'), subscription: liveSubscription }),
  z.object({
    type: z.literal('event'),
    seq: SEQ,
    topic: z.string(),
    kind: z.string(),
    data: z.record(z.string(), z.unknown()),
  }),
  z.object({ type: z.literal('resumed'), seq: SEQ }),
  z.object({ type: z.literal('reload'), seq: SEQ }),
  z.object({ type: z.literal('pong'), seq: SEQ }),
  z.object({
    type: z.literal('error'),
    code: z.string(),
    message: z.string(),
    subscription: liveSubscription.optional(),
  }),
]);
export type LiveServerMessage = z.infer<typeof liveServerMessage>;

/** A server message as JSON text; a message of another shape is refused with its first issue. */
export function parseLiveServerMessage(
  text: string,
): { ok: true; message: LiveServerMessage } | { ok: false; issue: string } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, issue: 'message: not JSON' };
  }
  const result = liveServerMessage.safeParse(json);
  if (result.success) return { ok: true, message: result.data };
  const issue = result.error.issues[0];
  return {
    ok: false,
    issue: issue ? `${issue.path.join('.') || 'message'}: ${issue.message}` : 'message: invalid',
  };
}
