import type { FastifyInstance } from 'fastify';
import type { Caller } from './access.ts';

/*
 * Conflict details are for dispatchers only (issue 16). A booking's conflict verdict — whether it
 * is in conflict (`isConflict`) and why (`errors`, stored as `conflict_errors`: messages naming
 * other bookings, shifts, other resources, blacklists) — is the allocating side's business: the
 * dispatchers are the role that allocates. The spec gives resources and customers no conflict view
 * (the booking detail's conflict box is the dispatchers' alone), so everyone else sees neither the
 * reasons nor the flag, nor what a write re-checked (`rechecked`).
 *
 * By construction, not per route: every JSON answer of the API leaves through `installConflictDetailsFilter`
 * (an `onSend` hook, so whatever a route built — objects, pre-serialised buffers, error bodies such
 * as a 409's `current` record) and every live event through the socket's `deliver`, both applying
 * `withoutConflictDetails` for a caller who is not a dispatcher.
 */

/** The fields of a timeline record that carry its conflict verdict. */
export const CONFLICT_FIELDS: readonly string[] = [
  'isConflict',
  'errors',
  'conflictErrors',
  'conflict_errors',
];
const CONFLICT_FIELD_SET = new Set(CONFLICT_FIELDS);
/** What a write re-checked: other bookings' conflict states and reasons, for the person saving. */
const RECHECKED = 'rechecked';

/** Whether the caller sees conflict details: a dispatcher acting in their organisation. */
export function seesConflictDetails(caller: Pick<Caller, 'role'> | undefined): boolean {
  return caller?.role === 'dispatcher';
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * A timeline record (whole, as the API and live events carry it): an id with its time, or with a
 * conflict flag. Other things with an `errors` field (an error body's details) are left alone.
 */
function isTimelineRecord(o: Record<string, unknown>): boolean {
  return typeof o._id === 'string' && (typeof o.utc_begin_plus_tz === 'number' || 'isConflict' in o);
}

/**
 * A live change of a timeline record (`record.created` / `record.changed`): the names of the fields
 * that changed (`changed`) and their new values (`fields`).
 */
function isRecordChange(o: Record<string, unknown>): boolean {
  return Array.isArray(o.changed) && isPlainObject(o.fields);
}

/**
 * `value` with the conflict details taken out of every timeline record in it (at any depth: lists,
 * pages, search hits, a write's answer, a live change's fields) and every `rechecked` answer
 * dropped. Answers the value itself (not a copy) when there was nothing to take out.
 */
export function withoutConflictDetails<T>(value: T): T {
  return strip(value) as T;
}

function strip(value: unknown): unknown {
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const item = value[i];
      const next = strip(item);
      if (next !== item) {
        out ??= value.slice();
        out[i] = next;
      }
    }
    return out ?? value;
  }
  if (!isPlainObject(value)) return value;
  const record = isTimelineRecord(value);
  const change = isRecordChange(value);
  let out: Record<string, unknown> | undefined;
  const copy = () => {
    out ??= { ...value };
    return out;
  };
  for (const [key, item] of Object.entries(value)) {
    if (key === RECHECKED || (record && CONFLICT_FIELD_SET.has(key))) {
      delete copy()[key];
      continue;
    }
    if (change && key === 'changed') {
      const names = item as unknown[];
      const kept = names.filter((n) => !(typeof n === 'string' && CONFLICT_FIELD_SET.has(n)));
      if (kept.length !== names.length) copy()[key] = kept;
      continue;
    }
    if (change && key === 'fields') {
      const fields = item as Record<string, unknown>;
      const inner = strip(fields) as Record<string, unknown>;
      const hidden = Object.keys(inner).filter((k) => CONFLICT_FIELD_SET.has(k));
      if (hidden.length) {
        const kept = { ...inner };
        for (const k of hidden) delete kept[k];
        copy()[key] = kept;
      } else if (inner !== fields) copy()[key] = inner;
      continue;
    }
    const next = strip(item);
    if (next !== item) copy()[key] = next;
  }
  return out ?? value;
}

/** Cheap test before parsing an answer: could it hold anything to take out? */
const MENTIONS = /"(?:isConflict|errors|conflictErrors|conflict_errors|rechecked)"\s*:/;

/**
 * Takes the conflict details out of every JSON answer to a caller who is not a dispatcher (signed
 * out, or signed in with another role). Runs on the serialised body, so no route can send them by
 * building its answer another way; an answer that does not mention them is passed on untouched.
 */
export function installConflictDetailsFilter(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if (seesConflictDetails(request.auth)) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const type = reply.getHeader('content-type');
    if (typeof type !== 'string' || !/[/+]json\b/i.test(type)) return payload;
    const text = typeof payload === 'string' ? payload : payload.toString('utf8');
    if (!MENTIONS.test(text)) return payload;
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return payload;
    }
    const stripped = withoutConflictDetails(parsed);
    return stripped === parsed ? payload : JSON.stringify(stripped);
  });
}
