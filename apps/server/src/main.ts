import { main } from './cli.ts';

try {
  await main(process.argv);
} catch (err) {
  // A start that refuses (a superuser app connection, a schema not migrated, a database that does
  // not answer) says why in one line; a stack trace would bury it. Programming errors keep theirs.
  const bug = err instanceof TypeError || err instanceof ReferenceError || err instanceof SyntaxError;
  const message = err instanceof Error ? (bug ? (err.stack ?? err.message) : err.message) : String(err);
  process.stderr.write(`rostra: ${message}\n`);
  process.exit(1);
}
