// `npm run test:e2e`: the browser tests. With DATABASE_URL set there are two legs, PGlite and
// PostgreSQL, each its own server, database and single Playwright worker. By default one
// Playwright process runs them one after the other. E2E_PARALLEL=1 (set by .ci/run) runs them as
// two processes side by side, each line prefixed with its leg, at a load of 8–12 instead of 2–4.
// Arguments go to every leg (e.g. a spec file). With both legs each spec file runs on one of them
// (E2E_SPLIT=1, dealt in e2e/playwright.config.ts); E2E_SPLIT=0 runs every spec on both.
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';

const args = ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)];
const legs = process.env.DATABASE_URL && process.env.E2E_PARALLEL === '1' ? ['pglite', 'postgres'] : [null];

function run(leg) {
  return new Promise((resolve) => {
    const child = spawn('npx', args, {
      env: { E2E_SPLIT: '1', ...process.env, ...(leg ? { E2E_ONLY: leg } : {}) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const prefix = leg ? `[${leg}] ` : '';
    for (const stream of [child.stdout, child.stderr]) {
      const out = stream === child.stdout ? process.stdout : process.stderr;
      createInterface({ input: stream }).on('line', (line) => out.write(`${prefix}${line}\n`));
    }
    child.on('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

const codes = await Promise.all(legs.map(run));
process.exit(codes.some((c) => c !== 0) ? 1 : 0);
