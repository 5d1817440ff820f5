import { Command } from 'commander';
import { allocateCommand } from './cli/allocate.ts';
import { migrateCommand, seedCommand } from './cli/db.ts';
import { serveCommand } from './cli/serve.ts';

/** Builds the `rostra` command tree. Each subcommand lives in `cli/<name>.ts`. */
export function buildProgram(): Command {
  const program = new Command('rostra').description('Rostra: workforce rostering and dispatch');
  program.addCommand(serveCommand(), { isDefault: true });
  program.addCommand(migrateCommand());
  program.addCommand(seedCommand());
  program.addCommand(allocateCommand());
  return program;
}

export async function main(argv: string[]): Promise<void> {
  await buildProgram().parseAsync(argv);
}
