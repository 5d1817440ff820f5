import { profileLockText } from '@rostra/core/settings/flag-rules';
import type { Db } from '@rostra/db/client';
import { getSettings } from '@rostra/db/settings';

/** The refusal's code when the organisation keeps a role's profile (core `profileLockText`). */
export const PROFILE_LOCKED_CODE = 'edit_disabled';

/**
 * Why a person acting in `orgId` as `role` may not change their own profile (the organisation's
 * `disable_edit_resource` / `disable_edit_customer`, as that role's settings read), or null. No
 * organisation (a guest, a new account): nothing holds them.
 */
export async function profileLock(
  db: Db,
  orgId: string | null | undefined,
  role: string | null | undefined,
): Promise<string | null> {
  if (!orgId || (role !== 'resource' && role !== 'customer')) return null;
  return profileLockText(role, await getSettings(db, orgId, 'display', role));
}
