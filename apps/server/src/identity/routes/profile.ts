import { sniffMediaType } from '@rostra/core/files/sniff';
import { ALERT_TEXT } from '@rostra/core/shell/messages';
import { checkAccountName, checkProfilePhoto, PROFILE_PHOTO_MAX_BYTES } from '@rostra/core/shell/validators';
import { findSessionBinding } from '@rostra/db/identity/sessions';
import { findUserById, setUserImage, setUserName } from '@rostra/db/identity/users';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fileIdIn, PHOTO_PATH, PROFILE_SPACE } from '../../files/keys.ts';
import { type Access, requireUser } from '../../http/access.ts';
import { API, type App } from '../../http/api.ts';
import { HttpError } from '../../http/errors.ts';
import { TEXT } from '../../http/kit.ts';
import { rawBodyRoutes, readMultipart, sendStoredImage } from '../../http/multipart.ts';
import type { Identity } from '../identity.ts';
import { SERVER_IDENTITY_TEXT } from '../messages.ts';
import { PROFILE_LOCKED_CODE, profileLock } from '../profile-lock.ts';

/** Like /me: every signed-in person, before the terms and without an organisation too. */
const ACCESS: Access = { kind: 'signedIn', beforeTerms: true, withoutOrg: true };
/** Profile photos belong to a person, not an organisation: their own space in the file store. */
const PHOTO_SPACE = PROFILE_SPACE;
const BODY_LIMIT = PROFILE_PHOTO_MAX_BYTES + 64 * 1024;

const photoFileId = (photoUrl: string | null | undefined) => fileIdIn(photoUrl, PHOTO_PATH);

const photoFailure = () => new HttpError(400, 'invalid_photo', ALERT_TEXT.somethingWentWrong);

/**
 * The profile of the signed-in person (shell spec §2 profile menu, §7 `updUser_au`):
 *
 * - `POST /me/photo`: a multipart form with one `file`, an image by its content (at most
 *   {@link PROFILE_PHOTO_MAX_BYTES}); kept in the file store, it becomes `photoUrl`, and the
 *   previous photo's bytes are removed. `GET /me/photo?v=` serves the person's current photo.
 * - `PATCH /me` `{ details: { displayName } }`: the display name (required, trimmed).
 *
 * The phone number changes through the identity library's phone verification
 * (`/api/auth/phone-number/verify` with `updatePhoneNumber`), so a number is only ever one its
 * owner proved. A session from a sign-in token manages no account (403 `session_bound`). A
 * resource or customer of an organisation that keeps their profile (`disable_edit_resource`,
 * `disable_edit_customer`) changes none of it while acting there (403 `edit_disabled`).
 */
export function profileRoutes(app: App, identity: Identity): void {
  const refuseBound = async (request: FastifyRequest) => {
    const signedIn = requireUser(request);
    if (await findSessionBinding(identity.db, signedIn.sessionId)) {
      throw new HttpError(403, 'session_bound', SERVER_IDENTITY_TEXT.sessionBound);
    }
    const caller = request.auth;
    const locked = await profileLock(identity.db, caller?.orgId, caller?.role);
    if (locked) throw new HttpError(403, PROFILE_LOCKED_CODE, locked);
    return signedIn;
  };

  rawBodyRoutes(app, BODY_LIMIT, (scope) => {
    scope.post(
      PHOTO_PATH,
      {
        config: { access: ACCESS },
        bodyLimit: BODY_LIMIT,
        schema: {
          tags: ['identity'],
          summary: 'Change the profile photo: a multipart form with one file, an image of at most 5 MB',
          response: { 200: z.object({ photoUrl: z.string() }) },
        },
      },
      async (request) => {
        const signedIn = await refuseBound(request);
        const form = await readMultipart(request);
        if (!form) throw photoFailure();
        const files = form.getAll('file').flatMap((f) => (typeof f === 'string' ? [] : [f as Blob]));
        const chosen = await Promise.all(files.map(async (f) => new Uint8Array(await f.arrayBuffer())));
        const issue = checkProfilePhoto(
          chosen.map((bytes) => ({ type: sniffMediaType(bytes) ?? '', size: bytes.length })),
        )[0];
        const [bytes] = chosen;
        if (issue || !bytes) throw photoFailure();
        const key = await app.files.put(PHOTO_SPACE, bytes);
        const photoUrl = `${PHOTO_PATH}?v=${key.split('/')[1]}`;
        const before = await setUserImage(identity.db, signedIn.uid, photoUrl, identity.now());
        const previous = photoFileId(before);
        if (previous) await app.files.remove(PHOTO_SPACE, `${PHOTO_SPACE}/${previous}`);
        return { photoUrl };
      },
    );
  });

  app.get(
    PHOTO_PATH,
    {
      config: { access: ACCESS },
      schema: {
        tags: ['identity'],
        summary: "The signed-in person's current profile photo (the image bytes)",
        querystring: z.strictObject({ v: z.string().max(40).describe('the photo version of its address') }),
      },
    },
    async (request, reply) => {
      const signedIn = requireUser(request);
      const found = await findUserById(identity.db, signedIn.uid);
      const current = photoFileId(found?.image);
      if (!current || current !== request.query.v) throw new HttpError(404, 'not_found', 'Not found');
      return sendStoredImage(reply, await app.files.read(PHOTO_SPACE, `${PHOTO_SPACE}/${current}`));
    },
  );

  app.patch(
    `${API}/me`,
    {
      config: { access: ACCESS },
      schema: {
        tags: ['identity'],
        summary: "Change the signed-in person's profile (updUser_au): the display name",
        body: z.strictObject({ details: z.strictObject({ displayName: TEXT }) }),
        response: { 200: z.object({ displayName: z.string() }) },
      },
    },
    async (request) => {
      const signedIn = await refuseBound(request);
      const name = request.body.details.displayName.trim();
      const issue = checkAccountName(name, true)[0];
      if (issue) {
        throw new HttpError(400, issue.code, issue.message, { field: 'details.displayName' });
      }
      await setUserName(identity.db, signedIn.uid, name, identity.now());
      return { displayName: name };
    },
  );
}
