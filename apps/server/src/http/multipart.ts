import { sniffMediaType } from '@rostra/core/files/sniff';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { App } from './api.ts';
import { HttpError } from './errors.ts';

/*
 * Uploads of a multipart form (a logo, a profile photo): the routes are registered in a scope that
 * keeps bodies raw up to a limit, the handler reads the form itself, and stored images are served
 * back under a versioned address.
 */

/** Registers `routes` in a scope whose bodies arrive as raw bytes, at most `bodyLimit` of them. */
export function rawBodyRoutes(app: App, bodyLimit: number, routes: (scope: App) => void): void {
  void app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_request, body, done) =>
      done(null, body),
    );
    routes(scope);
  });
}

/** The multipart form a raw body holds; undefined when it is not one (or is broken). */
export async function readMultipart(request: FastifyRequest): Promise<FormData | undefined> {
  const type = request.headers['content-type'] ?? '';
  const raw = request.body;
  if (!type.startsWith('multipart/form-data') || !Buffer.isBuffer(raw)) return undefined;
  try {
    return await new Request('http://local/', {
      method: 'POST',
      headers: { 'content-type': type },
      body: raw,
    }).formData();
  } catch {
    return undefined;
  }
}

/**
 * Stored image bytes as the answer, typed by their content; their address carries the file's
 * version, so they are cached for good. None (or not an image type we know) is a 404.
 */
export function sendStoredImage(reply: FastifyReply, bytes: Uint8Array | undefined): FastifyReply {
  const type = bytes ? sniffMediaType(bytes) : undefined;
  if (!bytes || !type) throw new HttpError(404, 'not_found', 'Not found');
  return reply
    .type(type)
    .header('cache-control', 'private, max-age=31536000, immutable')
    .header('x-content-type-options', 'nosniff')
    .send(Buffer.from(bytes));
}
