import { contacts, FEED_IMAGE_MAX_BYTES, feedBody, feedItem, feedPage } from '@rostra/core/api/job-life';
import { isImageType, sniffMediaType } from '@rostra/core/files/sniff';
import { chatFeedButtons } from '@rostra/core/shell/roles';
import { jobPeople } from '@rostra/db/job-life/contacts';
import { deleteUpload, getUpload, insertFeedUpload } from '@rostra/db/job-life/feed-images';
import { addFeed, feedByClientId, feedImageUpload, listFeeds } from '@rostra/db/job-life/feeds';
import { z } from 'zod';
import { requireAuth } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { HttpError } from '../http/errors.ts';
import { ID, notFound, paged } from '../http/kit.ts';
import { callerName, JOB_PEOPLE, jobRoleOf, now, readJob, requireJobRole } from './job-access.ts';

/** The body limit of a post carrying a chat image (at most FEED_IMAGE_MAX_BYTES) as a data URL. */
const FEED_BODY_LIMIT = 3 * 1024 * 1024;

const DATA_URL = /^data:([a-z]+\/[a-z0-9.+-]+)?(;[a-z0-9=.+-]+)*;base64,([A-Za-z0-9+/]*={0,2})$/i;

/** The bytes of an image data URL, or a 400 naming the problem. */
function imageBytes(dataUrl: string): { bytes: Buffer; type: string } {
  const m = DATA_URL.exec(dataUrl);
  if (!m)
    throw new HttpError(400, 'invalid_image', 'The image must be a base64 data URL', { field: 'body.image' });
  const bytes = Buffer.from(m[3] ?? '', 'base64');
  if (bytes.length === 0)
    throw new HttpError(400, 'invalid_image', 'The image is empty', { field: 'body.image' });
  if (bytes.length > FEED_IMAGE_MAX_BYTES) {
    throw new HttpError(413, 'image_too_large', 'Images in the chat can be at most 2 MB', {
      field: 'body.image',
    });
  }
  const type = sniffMediaType(bytes.subarray(0, 16));
  if (!type || !isImageType(type)) {
    throw new HttpError(400, 'invalid_image', 'Only images (PNG, JPEG, GIF, WebP) can be sent in the chat', {
      field: 'body.image',
    });
  }
  return { bytes, type };
}

/**
 * A job's chat feed (shell spec §3 feeds, §6 buttons, §8 image alert; core §9 page 20): the
 * dispatchers, the job's resources and its customer read and write it; everyone else gets 404
 * through the readers list.
 */
export function feedRoutes(app: App): void {
  const db = () => app.deps.db.db;

  app.get(
    `${API}/bookings/:id/feeds`,
    {
      config: { access: JOB_PEOPLE },
      schema: {
        tags: ['job life'],
        summary: "A job's chat feed, newest first, 20 a page",
        params: z.strictObject({ id: ID }),
        querystring: z.strictObject({
          before: z.string().max(400).optional().describe('next_cursor of the previous page'),
        }),
        response: { 200: feedPage },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const job = await readJob(app, caller, request.params.id);
      requireJobRole(
        caller,
        job,
        ['dispatcher', 'resource', 'customer'],
        "the job's people can read its chat",
      );
      return paged(() => listFeeds(db(), caller.orgId, job._id, request.query.before));
    },
  );

  app.post(
    `${API}/bookings/:id/feeds`,
    {
      config: { access: JOB_PEOPLE },
      bodyLimit: FEED_BODY_LIMIT,
      schema: {
        tags: ['job life'],
        summary: "Post a message or an image to a job's chat (idempotent by client_id)",
        params: z.strictObject({ id: ID }),
        body: feedBody,
        response: { 200: feedItem, 201: feedItem },
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const job = await readJob(app, caller, request.params.id);
      const role = requireJobRole(
        caller,
        job,
        ['dispatcher', 'resource', 'customer'],
        "the job's people can write in its chat",
      );
      const body = request.body;
      if ((body.text?.trim() ?? '') === '' && body.image === undefined) {
        throw new HttpError(400, 'empty_message', 'body.text: Write a message or add an image', {
          field: 'text',
        });
      }
      const again = await feedByClientId(db(), caller.orgId, job._id, body.client_id);
      if (again) return reply.status(200).send(again);
      let uploadId: string | undefined;
      let key: string | undefined;
      if (body.image !== undefined) {
        const { bytes, type } = imageBytes(body.image);
        key = await app.files.put(caller.orgId, bytes);
        uploadId = await insertFeedUpload(db(), caller.orgId, {
          jobId: job._id,
          name: `chat-${body.client_id}.${type.split('/')[1]}`,
          mimeType: type,
          size: bytes.length,
          storageKey: key,
          uid: caller.uid,
        });
      }
      try {
        const text = body.text?.trim();
        const result = await addFeed(db(), caller.orgId, {
          jobId: job._id,
          clientId: body.client_id,
          text: text ? text : undefined,
          uploadId,
          author: { uid: caller.uid, name: await callerName(app, caller), role },
          now: now(app),
        });
        if (!result) throw notFound();
        if (!result.created && uploadId && key) {
          await deleteUpload(db(), caller.orgId, uploadId);
          await app.files.remove(caller.orgId, key);
        }
        return reply.status(result.created ? 201 : 200).send(result.item);
      } catch (error) {
        if (uploadId && key) {
          await deleteUpload(db(), caller.orgId, uploadId).catch(() => undefined);
          await app.files.remove(caller.orgId, key);
        }
        throw error;
      }
    },
  );

  app.get(
    `${API}/bookings/:id/feed-image`,
    {
      config: { access: JOB_PEOPLE },
      schema: {
        tags: ['job life'],
        summary: "A chat image's bytes",
        params: z.strictObject({ id: ID }),
        querystring: z.strictObject({ item: ID.optional().describe("the feed item's _id") }),
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const job = await readJob(app, caller, request.params.id);
      if (jobRoleOf(caller, job) === 'other') throw notFound();
      const item = request.query.item;
      if (item === undefined) {
        throw new HttpError(400, 'item_required', "querystring.item: give the feed item's _id", {
          field: 'item',
        });
      }
      const uploadId = await feedImageUpload(db(), caller.orgId, job._id, item);
      const upload = uploadId ? await getUpload(db(), caller.orgId, uploadId) : undefined;
      const bytes = upload ? await app.files.read(caller.orgId, upload.storageKey) : undefined;
      if (!upload || !bytes) throw notFound();
      return reply
        .type(upload.mimeType)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(Buffer.from(bytes));
    },
  );

  app.get(
    `${API}/bookings/:id/contacts`,
    {
      config: { access: JOB_PEOPLE },
      schema: {
        tags: ['job life'],
        summary: "The chat feed's buttons for the caller's role, with the numbers behind them",
        params: z.strictObject({ id: ID }),
        response: { 200: contacts },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const job = await readJob(app, caller, request.params.id);
      const role = requireJobRole(
        caller,
        job,
        ['dispatcher', 'resource', 'customer'],
        "the job's people can see its contacts",
      );
      const buttons = chatFeedButtons(role === 'other' ? caller.role : role);
      const people = await jobPeople(db(), caller.orgId, job.resIds, job.customerId);
      // The service provider a customer calls is the resource doing their job (the first one).
      const provider = people.resources.find((r) => r.phone)?.phone ?? undefined;
      const customerPhone = people.customer?.phone ?? undefined;
      return {
        buttons: [...buttons],
        ...(buttons.includes('call_customer') && customerPhone ? { customer_phone: customerPhone } : {}),
        ...(buttons.includes('call_service_provider') && provider
          ? { service_provider_phone: provider }
          : {}),
        resources: buttons.includes('employee')
          ? people.resources.map((r) => ({
              _id: r._id,
              name: r.name,
              ...(r.phone ? { phone: r.phone } : {}),
            }))
          : [],
      };
    },
  );
}
