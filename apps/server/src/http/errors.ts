import type { ApiErrorAnswer } from '@rostra/core/api/common';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';

/** The one error shape every API answer uses. Never carries a stack trace. */
export type ErrorBody = ApiErrorAnswer;

/** Throw from a handler to answer with a status, a stable code and a message for people. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export function errorBody(code: string, message: string, details?: unknown): ErrorBody {
  return { error: details === undefined ? { code, message } : { code, message, details } };
}

/** Installs the error and not-found handlers for `/api/*`. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      const where = err.validationContext ?? 'body';
      // Each entry carries the zod issue's path as a JSON pointer (`/items/0/name`).
      const issues = err.validation.map((v) => {
        const segments = v.instancePath.split('/').filter(Boolean);
        return { path: [where, ...segments].join('.'), message: v.message ?? 'invalid' };
      });
      const first = issues[0];
      return reply
        .status(400)
        .send(
          errorBody(
            'validation_failed',
            first ? `${first.path}: ${first.message}` : 'Invalid request',
            issues,
          ),
        );
    }
    if (err instanceof HttpError)
      return reply.status(err.statusCode).send(errorBody(err.code, err.message, err.details));
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send(errorBody(clientCode(err), clientMessage(err)));
    }
    request.log.error({ err }, 'request failed');
    return reply.status(500).send(errorBody('internal', 'Something went wrong'));
  });
}

function clientCode(err: FastifyError): string {
  switch (err.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'invalid_json';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'body_too_large';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'unsupported_media_type';
    default:
      return err.code ? err.code.toLowerCase() : 'bad_request';
  }
}

function clientMessage(err: FastifyError): string {
  if (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY') return 'The request body is not valid JSON';
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return 'The request body is too large';
  return err.message;
}
