import { readFile, writeFile } from 'node:fs/promises';
import { runAllocationJson } from '@rostra/core/allocation/run';
import { Command } from 'commander';

/**
 * `rostra allocate [--input FILE] [--output FILE] [--pretty]` (contracts/allocation.md): one
 * scenario in (stdin by default), one outcome out (stdout by default).
 *
 * Exit codes: 0 whenever the scenario was valid, whatever the allocation found; 2 when it was not
 * (broken JSON included), with one line on stderr naming the field, e.g.
 * `job.utc_begin_plus_tz: expected a number`; 1 when a file cannot be read or written.
 * `--pretty` indents the JSON and lists every candidate of every batch job (without it a batch
 * lists the best 5 per job).
 *
 * An optimised batch's `budget_ms` is measured in this process's CPU time: engine time, however
 * busy the machine is (the command does nothing else meanwhile).
 */
export function allocateCommand(): Command {
  return new Command('allocate')
    .description('Run the allocation engine on a JSON scenario (see shared/contracts/allocation.md)')
    .option('--input <file>', 'read the scenario from FILE instead of stdin')
    .option('--output <file>', 'write the outcome to FILE instead of stdout')
    .option('--pretty', 'indent the JSON; list every candidate of a batch')
    .action(async (options: { input?: string; output?: string; pretty?: boolean }) => {
      let text: string;
      try {
        text = options.input === undefined ? await readStdin() : await readFile(options.input, 'utf8');
      } catch (e) {
        return fail(1, `--input: cannot read ${options.input ?? 'stdin'} (${reason(e)})`);
      }
      const result = runAllocationJson(text, { allCandidates: options.pretty === true, clock: cpuClock });
      if (!result.ok) return fail(2, result.message);
      const json = `${JSON.stringify(result.outcome, null, options.pretty ? 2 : undefined)}\n`;
      try {
        if (options.output === undefined) await writeStdout(json);
        else await writeFile(options.output, json);
      } catch (e) {
        return fail(1, `--output: cannot write ${options.output ?? 'stdout'} (${reason(e)})`);
      }
    });
}

/** Milliseconds of CPU time used by this process (user + system). */
function cpuClock(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

function fail(code: number, message: string): void {
  process.stderr.write(`${message.replace(/\s+/g, ' ')}\n`);
  process.exitCode = code;
}

function reason(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function writeStdout(text: string): Promise<void> {
  return new Promise((resolve, reject) => {
    process.stdout.write(text, (e) => (e ? reject(e) : resolve()));
  });
}
