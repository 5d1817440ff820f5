import { randomUUID } from 'node:crypto';
import { API } from '../http/api.ts';

/*
 * File keys: `{space}/{uuid}`, made by the server, never taken from a client. A space is an
 * organisation's id or a shared space (profile photos). Every store checks a key against the
 * space it is asked for, so one organisation never reaches another's file by its key.
 */

const SPACE = /^[A-Za-z0-9_-]{1,128}$/;
const KEY = /^([A-Za-z0-9_-]{1,128})\/([0-9a-f-]{36})$/;

/** Profile photos: a person's, not an organisation's. */
export const PROFILE_SPACE = '_profiles';

export const isSpace = (space: string): boolean => SPACE.test(space);

/** A new key in `space`. */
export function newKey(space: string): string {
  if (!isSpace(space)) throw new Error('unusable space for a file key');
  return `${space}/${randomUUID()}`;
}

/** The key's file name when `key` is a key of `space` this server could have made, else undefined. */
export function fileNameIn(space: string, key: string): string | undefined {
  const match = KEY.exec(key);
  return match && match[1] === space ? match[2] : undefined;
}

/** Where the organisation's current logo is served; its address carries the file id (`?v=`). */
export const LOGO_PATH = `${API}/company/logo`;
/** Where a person's profile photo is served; its address carries the file id (`?v=`). */
export const PHOTO_PATH = `${API}/me/photo`;

const UUID = /^[0-9a-f-]{36}$/;

/** The file id inside an image address this server made (`{path}?v=<uuid>`), else undefined. */
export function fileIdIn(address: string | null | undefined, path: string): string | undefined {
  const prefix = `${path}?v=`;
  const v = address?.startsWith(prefix) ? address.slice(prefix.length) : undefined;
  return v && UUID.test(v) ? v : undefined;
}
