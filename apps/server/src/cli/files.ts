import { readdir, readFile, rm, rmdir } from 'node:fs/promises';
import { join } from 'node:path';
import { openDatabase } from '@rostra/db/client';
import { Command } from 'commander';
import { databaseOptions, loadConfig } from '../config.ts';
import { type FileStore, fileStoreFor } from '../files/file-store.ts';
import { fileNameIn, isSpace } from '../files/keys.ts';

/**
 * Moves the files kept on this machine's disk (`DATA_DIR/files/{space}/{uuid}`, where the
 * embedded setup and earlier versions kept them) into the configured shared store, each at the
 * same key, so every record that names a key still finds its file. A file is removed from the disk
 * only after the store gives back the same bytes; running it again carries on where it stopped.
 */
export async function migrateDiskFiles(
  root: string,
  store: FileStore,
  log: (line: string) => void = () => {},
): Promise<{ moved: number; skipped: string[] }> {
  let moved = 0;
  const skipped: string[] = [];
  const spaces = await readdir(root, { withFileTypes: true }).catch(() => []);
  for (const space of spaces
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort()) {
    const folder = join(root, space);
    for (const name of (await readdir(folder)).sort()) {
      const key = `${space}/${name}`;
      if (!isSpace(space) || !fileNameIn(space, key)) {
        skipped.push(key);
        continue;
      }
      const bytes = new Uint8Array(await readFile(join(folder, name)));
      await store.write(space, key, bytes);
      const back = await store.read(space, key);
      if (!back || Buffer.compare(back, bytes) !== 0) throw new Error(`${key} did not read back the same`);
      await rm(join(folder, name));
      moved += 1;
      if (moved % 100 === 0) log(`${moved} files moved…`);
    }
    await rmdir(folder).catch(() => {}); // only when empty
  }
  return { moved, skipped };
}

export function filesCommand(): Command {
  const files = new Command('files').description('Manage the uploaded files store');
  files
    .command('migrate')
    .description('Move files kept on the local disk (DATA_DIR/files) into the shared store')
    .action(async () => {
      const config = loadConfig();
      const db = await openDatabase(databaseOptions(config));
      try {
        const store = await fileStoreFor(config, db);
        if (store.kind === 'disk') {
          console.error(
            'The files already live on the local disk: set DATABASE_URL (files go to PostgreSQL) or FILE_STORE_URL (an S3 bucket) first.',
          );
          process.exitCode = 2;
          return;
        }
        const root = join(config.dataDir, 'files');
        const { moved, skipped } = await migrateDiskFiles(root, store, (l) => console.log(l));
        console.log(`${moved} files moved from ${root} to the ${store.kind} store.`);
        if (skipped.length) console.log(`Left on disk (not files this server made): ${skipped.join(', ')}`);
      } finally {
        await db.close();
      }
    });
  return files;
}
