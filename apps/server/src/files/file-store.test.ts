import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createDiskFileStore } from './file-store.ts';

describe('disk file store', () => {
  const store = createDiskFileStore(mkdtempSync(join(tmpdir(), 'rostra-files-')));

  it('gives back what was put, under a key of the organisation, until it is removed', async () => {
    const key = await store.put('org-a', Uint8Array.from([1, 2, 3]));
    expect(key.startsWith('org-a/')).toBe(true);
    expect(await store.read('org-a', key)).toEqual(Uint8Array.from([1, 2, 3]));
    await store.remove('org-a', key);
    expect(await store.read('org-a', key)).toBeUndefined();
  });

  it("never reads another organisation's file or a path made up by a caller", async () => {
    const key = await store.put('org-a', Uint8Array.from([9]));
    expect(await store.read('org-b', key)).toBeUndefined();
    expect(await store.read('org-a', 'org-a/../../etc/passwd')).toBeUndefined();
    expect(await store.read('org-a', `${key}/..`)).toBeUndefined();
  });
});
