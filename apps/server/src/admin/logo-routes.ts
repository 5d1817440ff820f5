import { isImageType, sniffMediaType } from '@rostra/core/files/sniff';
import { imageDimensions } from '@rostra/core/settings/image-size';
import { LOGO_MAX_BYTES } from '@rostra/core/shell/constants';
import { ALERT_TEXT } from '@rostra/core/shell/messages';
import { checkLogo } from '@rostra/core/shell/validators';
import { updateCompany } from '@rostra/db/admin/company';
import { getCompany } from '@rostra/db/identity/company';
import { z } from 'zod';
import { fileIdIn, LOGO_PATH } from '../files/keys.ts';
import { DISPATCHERS, MEMBERS, requireAuth } from '../http/access.ts';
import type { App } from '../http/api.ts';
import { HttpError } from '../http/errors.ts';
import { rawBodyRoutes, readMultipart, sendStoredImage } from '../http/multipart.ts';

/** Room for the form's other parts and boundaries around a logo just under the limit. */
const BODY_LIMIT = LOGO_MAX_BYTES + 64 * 1024;
const logoFileId = (logo: string | null | undefined) => fileIdIn(logo, LOGO_PATH);

function refuse(message: string, code = 'invalid_logo'): HttpError {
  return new HttpError(400, code, message);
}

/**
 * The company logo (shell spec §4, §5, §7 "changeOrgLogo"): `POST /company/logo` takes the
 * shell's multipart form (`org_id`, `file`), applies the logo rules to the bytes received (under
 * 500000 bytes; an image, by its content, at least 1.7 times as wide as high), keeps the bytes
 * in the file store and answers `{ status: true, logo_url }`; the company document's `logo`
 * becomes that address and every member hears of it live. `GET /company/logo?v=` serves the
 * organisation's current logo to its members.
 */
export function logoRoutes(app: App): void {
  const db = () => app.deps.db.db;

  rawBodyRoutes(app, BODY_LIMIT, (scope) => {
    scope.post(
      LOGO_PATH,
      {
        config: { access: DISPATCHERS },
        bodyLimit: BODY_LIMIT,
        schema: {
          tags: ['settings'],
          summary:
            'Change the company logo: multipart form with org_id and file (an image under 500KB, width ≥ 1.7 × height)',
          response: {
            200: z.object({ status: z.boolean(), message: z.string().optional(), logo_url: z.string() }),
          },
        },
      },
      async (request) => {
        const caller = requireAuth(request);
        const form = await readMultipart(request);
        if (!form) throw refuse(ALERT_TEXT.somethingWentWrong, 'invalid_form');
        const orgId = form.get('org_id');
        if (typeof orgId === 'string' && orgId !== caller.orgId) {
          throw new HttpError(400, 'wrong_org', 'org_id is not your active organisation');
        }
        const file = form.get('file');
        if (!(file instanceof Blob))
          throw refuse(checkLogo(null)[0]?.message ?? ALERT_TEXT.somethingWentWrong);
        const bytes = new Uint8Array(await file.arrayBuffer());
        const size = imageDimensions(bytes);
        const isImage = isImageType(sniffMediaType(bytes));
        const issue = checkLogo({
          sizeBytes: bytes.length,
          width: isImage ? (size?.width ?? 0) : 0,
          height: isImage ? (size?.height ?? 0) : 0,
        })[0];
        if (issue) throw refuse(issue.message, issue.code);
        const key = await app.files.put(caller.orgId, bytes);
        const logoUrl = `${LOGO_PATH}?v=${key.split('/')[1]}`;
        const before = await getCompany(db(), caller.orgId);
        // Unversioned: the logo is not a field of the profile form (see updateCompany).
        await updateCompany(db(), caller.orgId, { logo: logoUrl }, undefined);
        // The previous logo's bytes are no longer anyone's.
        const previous = logoFileId(before?.logo);
        if (previous) await app.files.remove(caller.orgId, `${caller.orgId}/${previous}`);
        return { status: true, logo_url: logoUrl };
      },
    );
  });

  app.get(
    LOGO_PATH,
    {
      config: { access: MEMBERS },
      schema: {
        tags: ['settings'],
        summary: "The organisation's current logo (the image bytes)",
        querystring: z.strictObject({ v: z.string().max(40).describe('the logo version of its address') }),
      },
    },
    async (request, reply) => {
      const caller = requireAuth(request);
      const company = await getCompany(db(), caller.orgId);
      const current = logoFileId(company?.logo);
      // Only the current logo: other files of the store (uploads) are not served here.
      if (!current || current !== request.query.v) throw new HttpError(404, 'not_found', 'Not found');
      return sendStoredImage(reply, await app.files.read(caller.orgId, `${caller.orgId}/${current}`));
    },
  );
}
