import { openDatabase } from '@rostra/db/client';
import { DEMO_PASSWORD, DEMO_USERS } from '@rostra/db/seed/demo-users';
import { seedDemo } from '@rostra/db/seed/seed';
import { hashPassword } from 'better-auth/crypto';
import { Command } from 'commander';
import { databaseOptions, loadConfig } from '../config.ts';
import { loadIdentityOptions } from '../identity/options.ts';
import { DEV_OUTBOX_WARNING } from '../identity/routes/dev-outbox.ts';
import { startServer, stopOnSignals } from '../server.ts';

export function serveCommand(): Command {
  return new Command('serve')
    .description('Migrate, seed the demo data on first start, and serve the app and API')
    .option('--no-seed', 'do not seed the demo organisations on an empty database')
    .action(async (options: { seed: boolean }) => {
      const config = loadConfig();
      if (options.seed) {
        // Seed before listening so the first page load already has data.
        const db = await openDatabase(databaseOptions(config));
        try {
          await seedDemo(db.db, { nowMs: Date.now(), hashPassword, onProgress: (m) => console.log(m) });
          // Fresh planner statistics for what was loaded since the last start (PGlite has no autovacuum).
          await db.analyze();
        } finally {
          await db.close();
        }
      }
      const running = await startServer(config);
      stopOnSignals(running);
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
