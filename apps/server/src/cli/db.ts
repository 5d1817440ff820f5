import { openDatabase } from '@rostra/db/client';
import { expectedMigrations } from '@rostra/db/migrate';
import { seedDemo } from '@rostra/db/seed/seed';
import { hashPassword } from 'better-auth/crypto';
import { Command } from 'commander';
import { databaseOptions, loadConfig } from '../config.ts';

export function migrateCommand(): Command {
  return new Command('migrate')
    .description(
      'Apply the database migrations and access rules (the deploy step before `serve --no-migrate`)',
    )
    .action(async () => {
      const config = loadConfig();
      // Also checks the app's connection, as a start would: a deploy fails here, not at serve.
      const db = await openDatabase(databaseOptions(config));
      await db.close();
      console.log(`Migrations applied: the schema is at ${expectedMigrations().at(-1)?.tag}.`);
    });
}

export function seedCommand(): Command {
  return new Command('seed')
    .description('Seed the demo organisations and users (only when they are not there yet)')
    .action(async () => {
      const config = loadConfig();
      let seeded = false;
      // Under the start's advisory lock, like `serve`: a start at the same moment waits for it.
      const db = await openDatabase({
        ...databaseOptions(config),
        initialise: async (app) => {
          ({ seeded } = await seedDemo(app, {
            nowMs: Date.now(),
            hashPassword,
            onProgress: (m) => console.log(m),
          }));
        },
      });
      try {
        if (seeded) await db.analyze();
        console.log(seeded ? 'Demo data seeded.' : 'Nothing to do.');
      } finally {
        await db.close();
      }
    });
}
