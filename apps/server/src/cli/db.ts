import { openDatabase } from '@rostra/db/client';
import { seedDemo } from '@rostra/db/seed/seed';
import { hashPassword } from 'better-auth/crypto';
import { Command } from 'commander';
import { databaseOptions, loadConfig } from '../config.ts';

export function migrateCommand(): Command {
  return new Command('migrate')
    .description('Apply the database migrations and access rules')
    .action(async () => {
      const config = loadConfig();
      const db = await openDatabase(databaseOptions(config));
      await db.close();
      console.log('Migrations applied.');
    });
}

export function seedCommand(): Command {
  return new Command('seed')
    .description('Seed the demo organisations and users (only when they are not there yet)')
    .action(async () => {
      const config = loadConfig();
      const db = await openDatabase(databaseOptions(config));
      try {
        const { seeded } = await seedDemo(db.db, {
          nowMs: Date.now(),
          hashPassword,
          onProgress: (m) => console.log(m),
        });
        console.log(seeded ? 'Demo data seeded.' : 'Nothing to do.');
      } finally {
        await db.close();
      }
    });
}
