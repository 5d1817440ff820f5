import type { Db } from '@rostra/db/client';
import { getCompany } from '@rostra/db/identity/company';
import { userImagesUnsafe } from '@rostra/db/identity/users';
import { deleteOrphanUploads, uploadStorageKeys } from '@rostra/db/uploads/uploads';
import type { FileStore } from './file-store.ts';
import { fileIdIn, LOGO_PATH, PHOTO_PATH, PROFILE_SPACE } from './keys.ts';

/**
 * A file is kept at least this long before the sweep may take it: a file is stored first and its
 * record written just after, so a younger file without a record may be one on its way.
 */
export const SWEEP_GRACE_MS = 24 * 3_600_000;

/**
 * Removes what deleted records left behind: upload records of jobs that no longer exist, then
 * every file of the store that no record names (an upload, the current logo, a person's current
 * photo) and that is older than {@link SWEEP_GRACE_MS}. Answers how many files went.
 */
export async function sweepFiles(
  db: Db,
  files: FileStore,
  orgIds: readonly string[],
  now: Date,
): Promise<{ orphanRecords: number; files: number }> {
  const before = new Date(now.getTime() - SWEEP_GRACE_MS);
  let orphanRecords = 0;
  let removed = 0;
  const drop = async (space: string, keep: ReadonlySet<string>) => {
    for (const key of await files.list(space, before)) {
      if (keep.has(key)) continue;
      await files.remove(space, key);
      removed += 1;
    }
  };
  for (const orgId of orgIds) {
    orphanRecords += (await deleteOrphanUploads(db, orgId)).length;
    const keep = new Set(await uploadStorageKeys(db, orgId));
    const logo = fileIdIn((await getCompany(db, orgId))?.logo, LOGO_PATH);
    if (logo) keep.add(`${orgId}/${logo}`);
    await drop(orgId, keep);
  }
  const photos = (await userImagesUnsafe(db, PHOTO_PATH)).map((a) => fileIdIn(a, PHOTO_PATH));
  await drop(PROFILE_SPACE, new Set(photos.filter(Boolean).map((id) => `${PROFILE_SPACE}/${id}`)));
  return { orphanRecords, files: removed };
}
