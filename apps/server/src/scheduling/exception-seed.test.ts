import { termsWholeVersion } from '@rostra/core/shell/validators';
import { acceptTerms } from '@rostra/db/identity/terms';
import { DEMO_PASSWORD, DEMO_USERS, HARBOUR_CARE } from '@rostra/db/seed/demo-users';
import { seedDemo } from '@rostra/db/seed/seed';
import { testDatabaseKinds } from '@rostra/db/testing';
import { hashPassword } from 'better-auth/crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Browser, signIn } from '../identity/testing.ts';
import { createTestApp, type TestApp } from '../testing/app.ts';
import { call, ok } from './testing.ts';

type Person = { _id: string; name: string };
type DetailEntry = {
  _id: string;
  action_status: string;
  curr_state: string;
  curr_state_date: number | null;
  job: {
    reference: string | null;
    customer: Person | null;
    workers: Person[];
    utc_begin_plus_tz: number;
    utc_end_plus_tz: number;
    status: string;
  } | null;
};

/** Wednesday 11 March 2026, 12:00 in Sydney (Harbour Care's clock). */
const NOW = Date.parse('2026-03-11T01:00:00Z');

/*
 * Issue 16, point 12: the demo organisation ships exception rules, so the report of the seeded day
 * has entries; the detail lists each one's job (reference, customer, workers, times, status).
 */
describe.each(testDatabaseKinds())('the seeded exception report on %s', (kind) => {
  let t: TestApp;
  let dispatcher: Browser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    t.clock.set(new Date(NOW));
    await seedDemo(t.db.db, { nowMs: NOW, hashPassword });
    const user = DEMO_USERS.find((u) =>
      u.memberships.some((m) => m.orgId === HARBOUR_CARE && m.role === 'dispatcher'),
    );
    if (!user) throw new Error('no demo dispatcher');
    await acceptTerms(t.db.db, user.id, termsWholeVersion(t.app.identity.options.termsVersion), new Date());
    dispatcher = await signIn(t, user.email, DEMO_PASSWORD);
  }, 240_000);
  afterAll(() => t?.close());

  it('ships rules in the spec fields: started 15 min after the start, finished 30 min after the end', async () => {
    const config = ok<{ configs: unknown[] }>(await call(t, dispatcher, 'GET', '/exception-report/config'));
    expect(config.configs).toEqual([
      { action_status: 'active', action_attr: 'utc_begin_plus_tz', exception_min_amber: 15 },
      { action_status: 'finished', action_attr: 'utc_end_plus_tz', exception_min_amber: 30 },
    ]);
  });

  it("has entries on the seeded day, each with its job's reference, customer, workers, times and state", async () => {
    await t.app.jobs.runNow('exception-report');
    const detail = ok<{ entries: DetailEntry[]; computed_for: number }>(
      await call(t, dispatcher, 'GET', '/exception-report/detail'),
    );
    expect(detail.entries.length).toBeGreaterThanOrEqual(3);
    expect(new Set(detail.entries.map((e) => e.action_status))).toEqual(new Set(['active', 'finished']));
    for (const e of detail.entries) {
      const job = e.job;
      expect(job, e._id).not.toBeNull();
      if (!job) continue;
      expect(job.reference, e._id).toMatch(/\S/);
      expect(job.customer?.name, e._id).toMatch(/^[A-Z][a-z'-]+ [A-Z]/);
      expect(job.workers.length, e._id).toBeGreaterThan(0);
      for (const w of job.workers) expect(w.name).not.toBe(w._id);
      expect(job.utc_end_plus_tz).toBeGreaterThan(job.utc_begin_plus_tz);
      expect(job.status).toBe(e.curr_state);
      // Overdue by the rule: past the reference time by at least the amber minutes.
      const reference = e.action_status === 'active' ? job.utc_begin_plus_tz : job.utc_end_plus_tz;
      const amber = e.action_status === 'active' ? 15 : 30;
      expect(detail.computed_for - reference).toBeGreaterThanOrEqual(amber * 60);
    }
    // Among them, a job of today (the seed's "now" jobs left unstarted or unfinished).
    const today = Math.floor(detail.computed_for / 86_400) * 86_400;
    expect(detail.entries.some((e) => (e.job?.utc_begin_plus_tz ?? 0) >= today)).toBe(true);
  });

  it('is for dispatchers only', async () => {
    const resource = DEMO_USERS.find((u) => u.email === 'resource@harbourcare.test');
    if (!resource) throw new Error('no demo resource');
    await acceptTerms(
      t.db.db,
      resource.id,
      termsWholeVersion(t.app.identity.options.termsVersion),
      new Date(),
    );
    const browser = await signIn(t, resource.email, DEMO_PASSWORD);
    expect((await call(t, browser, 'GET', '/exception-report/detail')).statusCode).toBe(403);
  });
});
