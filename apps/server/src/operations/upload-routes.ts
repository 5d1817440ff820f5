import { randomUUID } from 'node:crypto';
import {
  deletedAnswer,
  uploadContentQuery,
  uploadQuery,
  uploadRecord,
  uploadsQuery,
} from '@rostra/core/api/operations';
import { checkUpload, UPLOAD_MAX_BYTES, UPLOAD_TEXT } from '@rostra/core/files/upload-rules';
import { deleteUpload, getUpload, insertUpload, listUploads } from '@rostra/db/uploads/uploads';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DISPATCHERS, requireAuth, screenAccess, withRecord } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { HttpError } from '../http/errors.ts';
import { idParams, notFound, paged, pageOf } from '../http/kit.ts';

/*
 * The uploads screen (issue #8, dispatchers): a file is sent as the raw request body
 * (`POST /uploads?name=…`, any content type), its type sniffed from its first bytes (images and
 * PDF only) and its size bound; the bytes go to the file store, the record to `uploads`.
 */

/** A file name to keep and to send back: no folders, no control characters, not empty. */
export function cleanFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const clean = base.replace(/[\u0000-\u001f\u007f"]/g, '').trim();
  return clean.slice(0, 200) || 'file';
}

/** `attachment; filename="…"; filename*=UTF-8''…` (ASCII fallback plus the real name). */
function disposition(kind: 'attachment' | 'inline', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function operationsUploadRoutes(app: App): void {
  const db = () => app.deps.db.db;
  const one = withRecord(DISPATCHERS, { table: 'uploads' });

  app.get(
    `${API}/uploads`,
    {
      config: { access: screenAccess('uploads') },
      schema: {
        tags: ['operations'],
        summary: "The organisation's uploaded files, newest first",
        querystring: uploadsQuery,
        response: { 200: pageOf(uploadRecord) },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      return paged(() => listUploads(db(), caller.orgId, request.query));
    },
  );

  app.get(
    `${API}/uploads/:id`,
    {
      config: { access: one },
      schema: {
        tags: ['operations'],
        summary: 'One upload',
        params: idParams,
        response: { 200: uploadRecord },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const found = await getUpload(db(), caller.orgId, request.params.id);
      if (!found) throw notFound();
      const { storageKey: _k, ...record } = found;
      return record;
    },
  );

  app.get(
    `${API}/uploads/:id/content`,
    {
      config: { access: one },
      schema: {
        tags: ['operations'],
        summary: "An upload's bytes (attachment; images may be asked inline)",
        params: idParams,
        querystring: uploadContentQuery,
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const found = await getUpload(db(), caller.orgId, request.params.id);
      if (!found) throw notFound();
      const bytes = await app.files.read(caller.orgId, found.storageKey);
      if (!bytes) throw new HttpError(410, 'file_missing', "The file's content is no longer stored");
      const inline = request.query.inline === 'true' && found.mime_type.startsWith('image/');
      return reply
        .type(found.mime_type)
        .header('content-disposition', disposition(inline ? 'inline' : 'attachment', found.name))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(Buffer.from(bytes));
    },
  );

  app.delete(
    `${API}/uploads/:id`,
    {
      config: { access: one },
      schema: {
        tags: ['operations'],
        summary: 'Delete an upload (its record and its bytes)',
        params: idParams,
        response: { 200: deletedAnswer },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const key = await deleteUpload(db(), caller.orgId, request.params.id);
      if (key === undefined) throw notFound();
      await app.files.remove(caller.orgId, key);
      return { _id: request.params.id, deleted: true };
    },
  );

  // The raw-body route gets its own scope: there every content type is read as bytes, counted
  // as it arrives, and refused with the size message as soon as it passes the limit.
  void app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => {
      const chunks: Buffer[] = [];
      let size = 0;
      let isDone = false;
      const finish = (error: Error | null, body?: Buffer) => {
        if (isDone) return;
        isDone = true;
        done(error, body);
      };
      payload.on('data', (chunk: Buffer) => {
        if (isDone) return;
        size += chunk.length;
        if (size > UPLOAD_MAX_BYTES) {
          finish(new HttpError(413, 'file_too_large', UPLOAD_TEXT.tooLarge));
          return;
        }
        chunks.push(chunk);
      });
      payload.on('end', () => finish(null, Buffer.concat(chunks)));
      payload.on('error', (error: Error) => finish(error));
    });

    scope.post(
      `${API}/uploads`,
      {
        config: { access: DISPATCHERS },
        bodyLimit: UPLOAD_MAX_BYTES + 1,
        schema: {
          tags: ['operations'],
          summary:
            'Upload a file: the raw bytes as the body, its name in ?name= (images and PDF, up to 10MB; the type is read from the content)',
          querystring: uploadQuery,
          response: { 201: uploadRecord },
        },
      },
      async (request, reply) => {
        const caller = requireAuth(request);
        const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const verdict = checkUpload(body.length, body.subarray(0, 16));
        if ('code' in verdict)
          throw new HttpError(verdict.code === 'file_too_large' ? 413 : 400, verdict.code, verdict.message, {
            field: 'body',
          });
        const key = await app.files.put(caller.orgId, body);
        try {
          const record = await insertUpload(db(), caller.orgId, {
            id: randomUUID(),
            name: cleanFileName(request.query.name),
            mimeType: verdict.type,
            size: body.length,
            storageKey: key,
            createdBy: caller.uid,
          });
          return reply.status(201).send(record);
        } catch (error) {
          await app.files.remove(caller.orgId, key);
          throw error;
        }
      },
    );
  });
}
