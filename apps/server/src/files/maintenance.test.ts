import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DbHandle } from '@rostra/db/client';
import { user } from '@rostra/db/schema/auth';
import { organisations } from '@rostra/db/schema/organisations';
import { timelineRecords } from '@rostra/db/schema/scheduling';
import { withOrg } from '@rostra/db/tenant';
import { openTestDatabase, testDatabaseKinds } from '@rostra/db/testing';
import { insertUpload, listUploads } from '@rostra/db/uploads/uploads';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateDiskFiles } from '../cli/files.ts';
import { createDatabaseFileStore, type FileStore } from './file-store.ts';
import { LOGO_PATH, PHOTO_PATH, PROFILE_SPACE } from './keys.ts';
import { SWEEP_GRACE_MS, sweepFiles } from './sweep.ts';

const ORG = 'org-files';
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe.each(testDatabaseKinds())('file maintenance on %s', (kind) => {
  let h: DbHandle;
  let store: FileStore;
  beforeAll(async () => {
    h = await openTestDatabase(kind);
    store = createDatabaseFileStore(h.db);
    await h.db.insert(organisations).values({ id: ORG, name: 'Files', slug: 'files' });
  });
  afterAll(() => h?.close());

  it('rostra files migrate moves every disk file to the shared store at its key, and only those', async () => {
    const root = mkdtempSync(join(tmpdir(), 'rostra-disk-'));
    mkdirSync(join(root, ORG));
    mkdirSync(join(root, PROFILE_SPACE));
    writeFileSync(join(root, ORG, uuid(1)), Uint8Array.from([1, 1]));
    writeFileSync(join(root, PROFILE_SPACE, uuid(2)), Uint8Array.from([2]));
    writeFileSync(join(root, ORG, 'notes.txt'), 'not ours');

    const result = await migrateDiskFiles(root, store);
    expect(result).toEqual({ moved: 2, skipped: [`${ORG}/notes.txt`] });
    expect(await store.read(ORG, `${ORG}/${uuid(1)}`)).toEqual(Uint8Array.from([1, 1]));
    expect(await store.read(PROFILE_SPACE, `${PROFILE_SPACE}/${uuid(2)}`)).toEqual(Uint8Array.from([2]));
    expect(readdirSync(join(root, ORG))).toEqual(['notes.txt']);
    // Run again: nothing left to move, nothing lost.
    expect((await migrateDiskFiles(root, store)).moved).toBe(0);
    expect(await store.read(ORG, `${ORG}/${uuid(1)}`)).toEqual(Uint8Array.from([1, 1]));
  });

  it('the sweep removes what deleted records left behind and keeps every file a record names', async () => {
    await withOrg(h.db, ORG, (tx) =>
      tx
        .insert(timelineRecords)
        .values({ orgId: ORG, id: 'job-kept', key: 'booking', beginAt: 0, endAt: 60 }),
    );
    const put = (space: string) => store.put(space, Uint8Array.from([7]));
    const upload = await put(ORG);
    const chatKept = await put(ORG);
    const chatOfDeletedJob = await put(ORG);
    const logo = await put(ORG);
    const stray = await put(ORG);
    const photo = await put(PROFILE_SPACE);
    const oldPhoto = await put(PROFILE_SPACE);
    const record = (id: string, storageKey: string, owner: string | null) =>
      insertUpload(h.db, ORG, {
        id,
        name: `${id}.png`,
        mimeType: 'image/png',
        size: 1,
        storageKey,
        owner,
        createdBy: null,
      });
    await record('u-upload', upload, null);
    await record('u-chat', chatKept, 'feed:job-kept');
    await record('u-gone', chatOfDeletedJob, 'feed:job-deleted');
    await h.db
      .update(organisations)
      .set({ logo: `${LOGO_PATH}?v=${logo.split('/')[1]}` })
      .where(eq(organisations.id, ORG));
    await h.db.insert(user).values({
      id: 'u-photo',
      name: 'Pat',
      email: 'pat@files.test',
      image: `${PHOTO_PATH}?v=${photo.split('/')[1]}`,
    });

    // The record of the deleted job's chat image goes at once; within the grace period no file
    // goes, not even the stray one (its record may be on its way).
    expect(await sweepFiles(h.db, store, [ORG], new Date())).toEqual({ orphanRecords: 1, files: 0 });
    expect(await store.read(ORG, stray)).toBeDefined();

    // Later: the deleted job's image, the stray file, the replaced photo, and the two files the
    // migration above moved (no record names them).
    const later = new Date(Date.now() + SWEEP_GRACE_MS + 60_000);
    expect(await sweepFiles(h.db, store, [ORG], later)).toEqual({ orphanRecords: 0, files: 5 });
    for (const kept of [upload, chatKept, logo]) expect(await store.read(ORG, kept)).toBeDefined();
    expect(await store.read(PROFILE_SPACE, photo)).toBeDefined();
    for (const gone of [chatOfDeletedJob, stray]) expect(await store.read(ORG, gone)).toBeUndefined();
    expect(await store.read(PROFILE_SPACE, oldPhoto)).toBeUndefined();
    const names = (await listUploads(h.db, ORG, {})).items.map((u) => u._id).sort();
    expect(names).toEqual(['u-chat', 'u-upload']);
  });
});
