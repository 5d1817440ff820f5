import { openDatabase, preparePglite } from '@rostra/db/client';
import { DEMO_PASSWORD, DEMO_USERS } from '@rostra/db/seed/demo-users';
import { seedDemo } from '@rostra/db/seed/seed';
import { hashPassword } from 'better-auth/crypto';
import { Command } from 'commander';
import { databaseOptions, loadConfig, requireProductionSettings } from '../config.ts';
import { loadIdentityOptions } from '../identity/options.ts';
import { DEV_OUTBOX_WARNING } from '../identity/routes/dev-outbox.ts';

export function serveCommand(): Command {
  return new Command('serve')
    .description('Migrate, seed the demo data on first start, and serve the app and API')
    .option('--no-seed', 'do not seed the demo organisations on an empty database')
    .option(
      '--no-migrate',
      'do not migrate or seed (the deploy step `rostra migrate` did); refuse if the schema is not at this version',
    )
    .action(async (options: { seed: boolean; migrate: boolean }) => {
      const config = loadConfig();
      requireProductionSettings();
      if (!config.databaseUrl) preparePglite();
      let seeded = false;
      // The app's modules load while the database opens (PGlite compiles its WebAssembly, and
      // PostgreSQL answers, meanwhile): a shorter start than one after the other.
      const server = import('../server.ts');
      server.catch(() => {}); // awaited below; a failure to open the database is the one reported
      // One open: migrate, then seed before listening (so the first page load already has data),
      // both under the start's advisory lock, so instances starting at once do it one at a time.
      const db = await openDatabase({
        ...databaseOptions(config),
        noMigrate: !options.migrate,
        ...(options.seed && options.migrate
          ? {
              initialise: async (app) => {
                ({ seeded } = await seedDemo(app, {
                  nowMs: Date.now(),
                  hashPassword,
                  onProgress: (m) => console.log(m),
                }));
              },
            }
          : {}),
      });
      try {
        // PGlite has no autovacuum: statistics for what was just loaded. PostgreSQL's autovacuum
        // keeps its own, and an ANALYZE at every start only contended with the other instances.
        if (seeded && db.kind === 'pglite') await db.analyze();
      } catch (err) {
        await db.close();
        throw err;
      }
      const { startServer, stopOnSignals } = await server;
      const running = await startServer(config, db);
      stopOnSignals(running, config.shutdown);
      console.log(`\nRostra is running at ${running.url}`);
      console.log(
        `Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`,
      );
      console.log(`API docs: ${running.url}/api/docs`);
      console.log(`\nDemo sign-ins (password ${DEMO_PASSWORD}):`);
      for (const u of DEMO_USERS) {
        const where = u.memberships.map(
          (m) => `${m.role}${m.duties?.length ? ` (${m.duties.join(', ')})` : ''} in ${m.orgId}`,
        );
        console.log(`  ${u.email.padEnd(30)} ${where.join('; ')}`);
      }
      const identity = loadIdentityOptions();
      if (identity.smtpUrl)
        console.log('\nMail goes out through SMTP_URL; SMS codes are kept in the message_outbox table.');
      else if (identity.echoOutbox)
        console.log(
          '\nSign-in links and codes (mail and SMS) are printed here and kept in the message_outbox table.',
        );
      if (identity.oidc) console.log(`Federated sign-in: ${identity.oidc.name} (${identity.oidc.issuer})`);
      // Last before the prompt, so it is the thing a person sees (the app's log said it too).
      if (identity.devOutbox) console.warn(`\n${DEV_OUTBOX_WARNING}`);
      console.log('\nPress Ctrl-C to stop.');
    });
}
