import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Db } from '@rostra/db/client';
import { getOrCreateSecret } from '@rostra/db/identity/secrets';

/*
 * The confirm link in a worker's mail or SMS (issue #19 point 3): it names the organisation and
 * the request to confirm (its random link id, new with every request), signed with a key kept in
 * the database. A link whose signature fails was changed; one whose request was answered or asked
 * again since is used; one past the job's start is expired (both read from the request's row).
 * Short enough for one path segment.
 */

export type LinkClaims = { orgId: string; linkId: string };

const KEY = 'confirm-link-key';

export async function linkKey(db: Db): Promise<Buffer> {
  return Buffer.from(
    await getOrCreateSecret(db, KEY, () => randomBytes(32).toString('base64url')),
    'base64url',
  );
}

/** 128 bits of HMAC-SHA256. */
const sign = (key: Buffer, payload: string) =>
  createHmac('sha256', key).update(payload).digest().subarray(0, 16).toString('base64url');

export function signLink(key: Buffer, c: LinkClaims): string {
  const payload = `${Buffer.from(c.orgId).toString('base64url')}.${c.linkId}`;
  return `${payload}.${sign(key, payload)}`;
}

/** The link's claims when its signature holds, else undefined. */
export function readLink(key: Buffer, token: string): LinkClaims | undefined {
  const [org = '', linkId = '', signature = '', ...rest] = token.split('.');
  if (rest.length > 0 || !org || !linkId || !signature) return undefined;
  const expected = Buffer.from(sign(key, `${org}.${linkId}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return { orgId: Buffer.from(org, 'base64url').toString('utf8'), linkId };
}

export { LINK_TEXT } from '@rostra/core/notifications/confirm';
