import { type CompanyChangeAnswer, type Geofence, storedGeofence } from '@rostra/core/api/settings';
import { checkLogo, checkLogoSize, type ShellIssue } from '@rostra/core/shell/validators';
import { isApiError } from './api.ts';
import { api } from './client.ts';
import { imageSize } from './image.ts';

/**
 * Logo rules of spec §5 on a chosen file: none → 'Something went wrong! Please try again.';
 * 500000 bytes or more → 'File size is bigger than 500KB' (checked before decoding); not at least
 * 1.7 times as wide as high (or not an image) → the dimensions message / 'Something went wrong!'.
 */
export async function checkLogoFile(file: File | null | undefined): Promise<ShellIssue | undefined> {
  if (!file) return checkLogo(null)[0];
  const sizeIssue = checkLogoSize(file.size)[0];
  if (sizeIssue) return sizeIssue;
  const size = await imageSize(file);
  return checkLogo({ sizeBytes: file.size, width: size?.width ?? 0, height: size?.height ?? 0 })[0];
}

/**
 * The logo change (spec §7 "changeOrgLogo"), on `POST /api/v1/company/logo` (multipart: org_id,
 * file) → `{ status, message?, logo_url }`. Not on the server yet. `status: false` carries the
 * server's message, as does an error answer; the caller shows it for 3 s.
 */
export async function uploadCompanyLogo(orgId: string, file: File): Promise<CompanyChangeAnswer> {
  const form = new FormData();
  form.set('org_id', orgId);
  form.set('file', file, file.name);
  return api.request<CompanyChangeAnswer>('/company/logo', { method: 'POST', formData: form, quiet: true });
}

export type { CompanyChangeAnswer, Geofence };

/** The stored geofence as a circle (a radius missing or not above 0 is 100 m), if it is one. */
export function parseGeofence(value: unknown): Geofence | undefined {
  const parsed = storedGeofence.safeParse(value);
  if (!parsed.success) return undefined;
  const { lat, lng, radius } = parsed.data;
  return { lat, lng, radius: radius !== undefined && radius > 0 ? radius : 100 };
}

/**
 * `POST /api/v1/company/geofence` `{ org_id, geofence, version }` → `{ status, message? }` (spec §7).
 * `version` is the company document's, as read: a stale one answers 409 (someone changed it since).
 */
export function saveCompanyGeofence(
  orgId: string,
  geofence: Geofence,
  version: number,
): Promise<CompanyChangeAnswer> {
  return api.post<CompanyChangeAnswer>(
    '/company/geofence',
    { org_id: orgId, geofence, version },
    { quiet: true, retry: false },
  );
}

/** The server's message of a failed company change, if it sent one. */
export function serverMessage(error: unknown): string | undefined {
  return isApiError(error) && error.kind === 'answer' && error.status !== 404 ? error.message : undefined;
}
