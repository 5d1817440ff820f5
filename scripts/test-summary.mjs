// Prints one closing line for the whole run from the JSON reports of Vitest and Playwright
// (written when ROSTRA_TEST_REPORT is set): "N passed, N failed".
import { existsSync, readFileSync } from 'node:fs';

let passed = 0;
let failed = 0;
let skipped = 0;
// The whole run, then CI's PgBouncer leg (.ci/run) when it ran.
for (const vitest of ['test-results/vitest.json', 'test-results/vitest-pgbouncer.json']) {
  if (!existsSync(vitest)) continue;
  const r = JSON.parse(readFileSync(vitest, 'utf8'));
  passed += r.numPassedTests ?? 0;
  failed += r.numFailedTests ?? 0;
  skipped += (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
}
// One report per browser-test leg when the legs ran side by side (scripts/e2e.mjs), else one.
for (const pw of [
  'test-results/playwright.json',
  'test-results/playwright-pglite.json',
  'test-results/playwright-postgres.json',
]) {
  if (!existsSync(pw)) continue;
  const s = JSON.parse(readFileSync(pw, 'utf8')).stats ?? {};
  passed += (s.expected ?? 0) + (s.flaky ?? 0);
  failed += s.unexpected ?? 0;
  skipped += s.skipped ?? 0;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
