import { InvalidCursorError } from '@rostra/db/infra/paging';
import type { WriteResult } from '@rostra/db/infra/write-result';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HttpError } from './errors.ts';

/*
 * The HTTP side of versioned records, shared by every feature's routes: page parameters, the
 * expected version (body `version` or `If-Match`), and how a write's result becomes an answer.
 */

/** Bounded building blocks of request schemas (the robustness probe sends 1 MB strings). */
import { conflictAnswer, ID } from '@rostra/core/api/common';

export {
  cursorPageOf as pageOf,
  /** `?cursor&limit` of every list. */
  cursorQuery as pageQuery,
  GEO,
  ID,
  IDS,
  LONG_TEXT,
  queryBoolean,
  SECONDS,
  TEXT,
  VERSION,
} from '@rostra/core/api/common';

export const idParams = z.strictObject({ id: ID });

/**
 * A time window `[from, to)` in wall-clock seconds: 400 `invalid_window` unless `to` is after
 * `from` and the window spans at most `maxSeconds` (`tooLong` says what the limit is).
 */
export function requireWindow(from: number, to: number, maxSeconds: number, tooLong: string): void {
  if (to <= from) throw new HttpError(400, 'invalid_window', 'to must be after from');
  if (to - from > maxSeconds) throw new HttpError(400, 'invalid_window', tooLong);
}

/**
 * The 409 a route declares (spread into its `response`) when it can answer one: a stale version,
 * an id that exists, or a state its rule refuses. The OpenAPI document shows it with core's shape.
 */
export const CONFLICT = { 409: conflictAnswer } as const;

/** Any record in the spec's field names (extra fields kept). */
export const recordResponse = z.looseObject({});

/**
 * The version a write expects: the body's `version`, else the `If-Match` header (`"3"`, `W/"3"`
 * or `3`). A write without either is refused with 428: every write of a shared record must say
 * which version it read, or it could silently overwrite someone else's change.
 */
export function expectedVersion(request: FastifyRequest, bodyVersion: number | undefined): number {
  if (bodyVersion !== undefined) return bodyVersion;
  const header = request.headers['if-match'];
  const value = Array.isArray(header) ? header[0] : header;
  const m = value?.trim().match(/^(?:W\/)?"?(\d{1,10})"?$/);
  if (m) return Number(m[1]);
  if (value !== undefined)
    throw new HttpError(400, 'invalid_if_match', 'If-Match must hold a record version');
  throw new HttpError(
    428,
    'version_required',
    'Send the version you read (body "version" or an If-Match header) so that no one else\'s change is overwritten',
  );
}

/**
 * The version a write of one record names, asked only once the record is known to exist for the
 * caller (`found`): a missing record answers 404 (as if absent) before a missing version 428.
 */
export async function versionToWrite(
  request: FastifyRequest,
  bodyVersion: number | undefined,
  found: Promise<unknown>,
): Promise<number> {
  if (!(await found)) throw notFound();
  return expectedVersion(request, bodyVersion);
}

/** Sets the ETag of a versioned record answer. */
export function withETag<T extends object>(reply: FastifyReply, record: T): T {
  const version = (record as { version?: unknown }).version;
  if (typeof version === 'number') void reply.header('etag', `"${version}"`);
  return record;
}

/** The record of a successful write, or the refusal as an HTTP error. */
export function written<T>(result: WriteResult<T>): T {
  if (result.ok) return result.record;
  switch (result.error) {
    case 'not_found':
      throw new HttpError(404, 'not_found', 'Not found');
    case 'stale':
      throw new HttpError(
        409,
        'version_conflict',
        'The record was changed by someone else: reload it and try again',
        {
          current: result.current,
        },
      );
    case 'exists':
      throw new HttpError(409, 'already_exists', 'A record with this id already exists');
    case 'invalid':
      throw new HttpError(
        400,
        result.code,
        result.message,
        result.field ? { field: result.field } : undefined,
      );
  }
}

export function notFound(): HttpError {
  return new HttpError(404, 'not_found', 'Not found');
}

/** Runs a list query, turning a cursor this API did not make into 400 `invalid_cursor`. */
export async function paged<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (e) {
    if (e instanceof InvalidCursorError) throw new HttpError(400, 'invalid_cursor', e.message);
    throw e;
  }
}

/** Epoch seconds of the app's clock (the identity clock tests move). */
export function nowSeconds(now: Date): number {
  return Math.floor(now.getTime() / 1000);
}

/**
 * A serializer for large answers whose shape the route's schema documents but need not check on
 * the way out (the timeline window, candidate lists): the data is built by our own code.
 */
export const plainJson = () => (data: unknown) => JSON.stringify(data);
