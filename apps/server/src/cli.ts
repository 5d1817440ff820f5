import { Command } from 'commander';

/**
 * The `rostra` subcommands, each in `cli/<name>.ts`, loaded only when called: `rostra allocate`
 * (which scripts call in loops) never pays for loading the server, the database driver or the
 * identity library, and `rostra serve` never loads the allocation CLI.
 */
const COMMANDS: Record<string, { description: string; load: () => Promise<Command> }> = {
  serve: {
    description: 'Migrate, seed the demo data on first start, and serve the app and API (default)',
    load: async () => (await import('./cli/serve.ts')).serveCommand(),
  },
  migrate: {
    description: 'Apply the database migrations and access rules',
    load: async () => (await import('./cli/db.ts')).migrateCommand(),
  },
  seed: {
    description: 'Seed the demo organisations and users (only when they are not there yet)',
    load: async () => (await import('./cli/db.ts')).seedCommand(),
  },
  allocate: {
    description: 'Run the allocation engine on a JSON scenario (see shared/contracts/allocation.md)',
    load: async () => (await import('./cli/allocate.ts')).allocateCommand(),
  },
  files: {
    description: 'Move files from the local disk into the shared store (`rostra files migrate`)',
    load: async () => (await import('./cli/files.ts')).filesCommand(),
  },
  versions: {
    description:
      "Publish a released version to What's New (`rostra versions publish 3.6.0 --notes …`), or list them",
    load: async () => (await import('./cli/versions.ts')).versionsCommand(),
  },
  import: {
    description: 'Import records exported from the seed system into an organisation (validated first)',
    load: async () => (await import('./cli/import.ts')).importCommand(),
  },
};

export async function main(argv: string[]): Promise<void> {
  const program = new Command('rostra').description('Rostra: workforce rostering and dispatch');
  const first = argv[2];
  const name =
    first === undefined || (first.startsWith('-') && first !== '--help' && first !== '-h') ? 'serve' : first;
  const wanted = COMMANDS[name];
  if (wanted) {
    program.addCommand(await wanted.load(), { isDefault: name === 'serve' });
  } else {
    // Help or an unknown command: list every command without loading any.
    for (const [n, c] of Object.entries(COMMANDS)) program.command(n).description(c.description);
  }
  await program.parseAsync(argv);
}

/** `main`, with a failure said in one line on stderr and exit code 1 (main.ts and bin/rostra.mjs). */
export async function run(argv: string[]): Promise<void> {
  try {
    await main(argv);
  } catch (err) {
    // A start that refuses (a superuser app connection, a schema not migrated, a database that
    // does not answer) says why in one line; a stack trace would bury it. Programming errors keep
    // theirs.
    const bug = err instanceof TypeError || err instanceof ReferenceError || err instanceof SyntaxError;
    const message = err instanceof Error ? (bug ? (err.stack ?? err.message) : err.message) : String(err);
    process.stderr.write(`rostra: ${message}\n`);
    process.exit(1);
  }
}
