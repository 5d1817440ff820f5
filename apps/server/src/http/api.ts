import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyBaseLogger, FastifyInstance, RawServerDefault } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';

/*
 * What every route module needs of the app, in a module that imports nothing at runtime: route
 * modules import this, never app.ts (which imports them), so no import cycle makes `API` undefined
 * while the routes register.
 */

/** API prefix of every versioned route. */
export const API = '/api/v1';

/** The Fastify instance with zod schemas as its type provider; every route module takes this. */
export type App = FastifyInstance<
  RawServerDefault,
  IncomingMessage,
  ServerResponse,
  FastifyBaseLogger,
  ZodTypeProvider
>;
