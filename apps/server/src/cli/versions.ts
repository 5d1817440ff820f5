import { checkRelease, RELEASE_TEXT } from '@rostra/core/shell/release';
import { type Db, openDatabase } from '@rostra/db/client';
import { listVersions, publishVersion } from '@rostra/db/infra/versions';
import { Command } from 'commander';
import { databaseOptions, loadConfig } from '../config.ts';

/*
 * `rostra versions publish <version> [--date YYYY-MM-DD] [--notes TEXT]`: publishes a release to
 * What's New. Versions are global to the product, so this is the operator's command (the HTTP
 * twin, `POST /api/v1/operator/versions`, takes the OPERATOR_TOKEN). Every open app that may see
 * versions hears it live. `rostra versions list` prints what is published, newest first.
 *
 * Exit codes: 0 published; 2 refused (not major.minor.patch, not a real day, notes too long, or
 * published already), with one line on stderr and nothing written.
 */

type Printer = (line: string) => void;

/** Publishes a release on `db`; answers whether it was (the reason went to `fail`). */
export async function runPublish(
  db: Db,
  input: { version: string; date?: string; notes?: string },
  now: Date,
  out: { say: Printer; fail: Printer },
): Promise<boolean> {
  const checked = checkRelease({
    version: input.version,
    ...(input.date !== undefined ? { releaseDate: input.date } : {}),
    ...(input.notes !== undefined ? { notes: input.notes } : {}),
  });
  if (!checked.ok) {
    out.fail(checked.message);
    return false;
  }
  const releaseDate = checked.releaseDate ?? now;
  const published = await publishVersion(db, { version: checked.version, releaseDate, notes: checked.notes });
  if (!published) {
    out.fail(RELEASE_TEXT.duplicate(checked.version));
    return false;
  }
  out.say(`Published version ${published.version} (released ${releaseDate.toISOString().slice(0, 10)}).`);
  return true;
}

export function versionsCommand(): Command {
  const command = new Command('versions').description("Publish and list released versions (What's New)");
  command
    .command('publish <version>')
    .description("Publish a release (major.minor.patch) to every organisation's What's New")
    .option('--date <YYYY-MM-DD>', 'the release date (default now)')
    .option('--notes <text>', 'what is new, shown in the panel')
    .action(async (version: string, options: { date?: string; notes?: string }) => {
      await withDatabase(async (db) => {
        const ok = await runPublish(db, { version, ...options }, new Date(), {
          say: (l) => console.log(l),
          fail: (l) => process.stderr.write(`${l}\n`),
        });
        if (!ok) process.exitCode = 2;
      });
    });
  command
    .command('list')
    .description('List the published versions, newest first')
    .action(async () => {
      await withDatabase(async (db) => {
        // Not as a user: the seen marks of an empty id are all false and not printed.
        for (const v of await listVersions(db, '')) {
          const day = new Date(v.release_date * 1000).toISOString().slice(0, 10);
          console.log(`${v.version}\t${day}${v.notes ? `\t${v.notes.split('\n')[0]}` : ''}`);
        }
      });
    });
  return command;
}

async function withDatabase(run: (db: Db) => Promise<void>): Promise<void> {
  const handle = await openDatabase(databaseOptions(loadConfig()));
  try {
    await run(handle.db);
  } finally {
    await handle.close();
  }
}
