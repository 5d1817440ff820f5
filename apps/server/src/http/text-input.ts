import { TextDecoder } from 'node:util';
import { BAD_TEXT_MESSAGE, findBadText, showText } from '@rostra/core/shell/text';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { errorBody, HttpError } from './errors.ts';

/*
 * Text the API accepts (security issue #15, point 4): no string of a request to a route (every
 * `/api` route, /healthz, the web app's files), in its headers, path, query or body (object keys
 * included), may hold a NUL character or an unpaired surrogate (core/shell/text.ts), and percent-encoding and bodies must be valid UTF-8.
 * PostgreSQL refuses NUL and lone surrogates in text (a server error) and PGlite stores a lone
 * surrogate as U+FFFD; invalid UTF-8 would be decoded to U+FFFD or kept as `%ED…` text. All of
 * these are refused here with 400 `invalid_text` naming the field, before any route's schema or
 * handler sees them, so no route needs its own check and nothing reaches a database changed.
 */

export const INVALID_TEXT = 'invalid_text';
const BAD_ENCODING_MESSAGE = 'is not valid percent-encoded UTF-8';

/** The refusal of bad text at `field` (a path such as `body.items.0.name`). */
export function badText(field: string, problem = BAD_TEXT_MESSAGE): HttpError {
  return new HttpError(400, INVALID_TEXT, `${field}: ${problem}`, { field });
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** Bytes as UTF-8 text, or undefined when they are not valid UTF-8 (never replaced by U+FFFD). */
function decodeUtf8(bytes: Uint8Array): string | undefined {
  try {
    return strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
}

/** A percent-encoded form component (`+` is a space), or undefined when it is not valid UTF-8. */
function decodeFormComponent(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return undefined;
  }
}

/**
 * The first field of a query string or `application/x-www-form-urlencoded` body whose name or
 * value is badly encoded or holds bad text, named under `path` (`querystring.name`), with why.
 */
export function findBadForm(raw: string, path: string): { field: string; problem: string } | undefined {
  for (const pair of raw.split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawName = eq === -1 ? pair : pair.slice(0, eq);
    const rawValue = eq === -1 ? '' : pair.slice(eq + 1);
    const name = decodeFormComponent(rawName);
    const field = `${path}.${showText(name ?? rawName)}`;
    const value = decodeFormComponent(rawValue);
    if (name === undefined || value === undefined) return { field, problem: BAD_ENCODING_MESSAGE };
    const bad = findBadText(name, field) ?? findBadText(value, field);
    if (bad) return { field: bad, problem: BAD_TEXT_MESSAGE };
  }
  return undefined;
}

/** Requests to a declared route, not those left to the not-found handler (unknown paths, the web app's pages). */
const isRoute = (request: FastifyRequest) => request.routeOptions.url !== undefined;

/** The body of a raw-body route (kept as bytes) as the route's library will read it. */
function checkRawBody(request: FastifyRequest, raw: Buffer): void {
  const type = (request.headers['content-type'] ?? '').toLowerCase();
  const isJson = type.includes('json');
  const isForm = type.startsWith('application/x-www-form-urlencoded');
  if (!isJson && !isForm) return;
  const text = decodeUtf8(raw);
  if (text === undefined) throw badText('body', 'is not valid UTF-8');
  if (isForm) {
    const bad = findBadForm(text, 'body');
    if (bad) throw badText(bad.field, bad.problem);
    return;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return; // the route refuses broken JSON itself
  }
  const field = findBadText(parsed, 'body');
  if (field) throw badText(field);
}

/**
 * Installs the checks on every route: headers when the request arrives (before the caller
 * is authenticated, as the session cookie and bearer token are headers too), path, query and body
 * once the caller is known and the body parsed, before validation. JSON bodies are decoded as
 * strict UTF-8. Call before any route is registered, and before the access hooks.
 */
export function installTextChecks(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (request, body, done) => {
    const text = decodeUtf8(body as Buffer);
    if (text === undefined) return done(badText('body', 'is not valid UTF-8'), undefined);
    return parseJson(request, text, done);
  });

  app.addHook('onRequest', async (request) => {
    if (!isRoute(request)) return;
    const field = findBadText(request.headers, 'headers');
    if (field) throw badText(field);
  });

  app.addHook('preValidation', async (request) => {
    if (!isRoute(request)) return;
    const params = findBadText(request.params, 'params');
    if (params) throw badText(params);
    const url = request.raw.url ?? '';
    const q = url.indexOf('?');
    const query = q === -1 ? undefined : findBadForm(url.slice(q + 1), 'querystring');
    if (query) throw badText(query.field, query.problem);
    if (Buffer.isBuffer(request.body)) return checkRawBody(request, request.body);
    const body = findBadText(request.body, 'body');
    if (body) throw badText(body);
  });
}

/**
 * Errors Fastify meets before a route is found (its `frameworkErrors` option), in the API's error
 * shape rather than Fastify's own: a path that is not valid percent-encoded UTF-8 (`%ED%A0%80`, a
 * lone surrogate's bytes) 400 `invalid_text`, a path segment over the length limit 414.
 */
export function answerFrameworkError(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  switch (error.code) {
    case 'FST_ERR_BAD_URL':
      return reply
        .status(400)
        .send(errorBody(INVALID_TEXT, `path: ${BAD_ENCODING_MESSAGE}`, { field: 'path' }));
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return reply.status(414).send(errorBody('uri_too_long', 'A part of the path is too long'));
    default:
      reply.log.error({ err: error }, 'request failed');
      return reply.status(500).send(errorBody('internal', 'Something went wrong'));
  }
}
