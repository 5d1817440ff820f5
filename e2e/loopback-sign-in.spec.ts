import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, USERS } from './helpers.ts';

/*
 * Security issue #15, point 9: with PUBLIC_URL unset the server is http://localhost:PORT, and a
 * person who types http://127.0.0.1:PORT must be able to sign in too. The suite's own server has
 * PUBLIC_URL set (playwright.config.ts), so this spec starts a second one without it, on the
 * project's database kind (e2e/serve.mjs: a fresh database, removed when it stops).
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function freePort(): string {
  return execFileSync(process.execPath, [
    '-e',
    "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})",
  ]).toString();
}

let server: ChildProcess | undefined;
let base = '';

test.beforeAll(async () => {
  const testInfo = test.info();
  // Starting a server seeds the demo organisations first.
  testInfo.setTimeout(240_000);
  const port = freePort();
  const env = { ...process.env };
  delete env.PUBLIC_URL;
  // Its own mailbox, not the suite server's port (serve.mjs listens there when it is named).
  for (const key of Object.keys(env)) if (key.startsWith('E2E_MAIL_PORT_')) delete env[key];
  server = spawn(process.execPath, ['e2e/serve.mjs', testInfo.project.name, port], {
    cwd: ROOT,
    env,
    stdio: 'ignore',
  });
  base = `http://127.0.0.1:${port}`;
  await expect
    .poll(
      () =>
        fetch(`${base}/healthz`).then(
          (r) => r.status,
          () => 0,
        ),
      { timeout: 230_000, intervals: [500] },
    )
    .toBe(200);
});

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return;
  const exited = new Promise((resolve) => server?.once('exit', resolve));
  server.kill('SIGTERM');
  await exited;
});

test('without PUBLIC_URL, a person signs in at http://127.0.0.1:PORT', async ({ page }) => {
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(USERS.dispatcher);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // A fresh server: the terms come first; accepting them is a write with the session cookie.
  await expect(page).toHaveURL(/\/terms$/);
  await page.getByRole('button', { name: 'I accept' }).click();
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(page).not.toHaveURL(/\/terms$/);
  expect(new URL(page.url()).origin).toBe(base);
});
