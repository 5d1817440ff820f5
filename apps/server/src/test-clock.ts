import { z } from 'zod';
import type { ServerConfig } from './config.ts';
import { PUBLIC } from './http/access.ts';
import { API, type App } from './http/api.ts';
import { HttpError } from './http/errors.ts';
import type { IdentityOptions } from './identity/options.ts';
import { isLocalRequest } from './identity/routes/dev-outbox.ts';

/*
 * A server clock the browser tests can move (ROSTRA_TEST_CLOCK=1, never in production).
 *
 * The server has one clock for its rules: the identity options' `clock` (code and link expiry,
 * rate windows, token times), which the background jobs run off too (jobs/scheduler.ts). Under the
 * test setting that clock is real time plus an offset that `POST /api/v1/test/clock` moves forward;
 * each move then runs the background jobs that have become due, so a test sees at once what a
 * person would see a minute (or an hour) later, instead of waiting for it.
 */

export const TEST_CLOCK_PATH = `${API}/test/clock`;

/** Why the server will not start with the test clock in production. */
export const TEST_CLOCK_REFUSED_IN_PRODUCTION =
  'ROSTRA_TEST_CLOCK=1 lets anyone on this machine move the server clock: it is for tests only and refused when NODE_ENV is production';

/** The most one move may advance the clock: a month, far more than any test needs. */
const MAX_ADVANCE_SECONDS = 31 * 86_400;

/**
 * ROSTRA_TEST_CLOCK from the environment: '1' turns the test clock on, unset or '0' leaves it off,
 * anything else is refused; on with NODE_ENV=production is refused ({@link TEST_CLOCK_REFUSED_IN_PRODUCTION}).
 */
export function testClockSetting(env: NodeJS.ProcessEnv): boolean {
  const value = (env.ROSTRA_TEST_CLOCK ?? '').trim();
  if (value === '' || value === '0') return false;
  if (value !== '1') throw new Error(`ROSTRA_TEST_CLOCK must be 1 or unset, got "${value}"`);
  if (env.NODE_ENV === 'production') throw new Error(TEST_CLOCK_REFUSED_IN_PRODUCTION);
  return true;
}

/** A clock that runs with `base` and can be moved forward (never back). */
export type MovableClock = { now(): Date; advance(seconds: number): Date };

export function createMovableClock(base: () => Date): MovableClock {
  let offsetMs = 0;
  const now = () => new Date(base().getTime() + offsetMs);
  return {
    now,
    advance: (seconds) => {
      offsetMs += seconds * 1000;
      return now();
    },
  };
}

/** The movable clock behind each app's identity clock (only apps built with the test setting). */
const movableClocks = new WeakMap<() => Date, MovableClock>();

/**
 * The identity options the app runs with: unchanged, or under the test setting (`config.testClock`)
 * the same options on a movable clock running with theirs.
 */
export function withTestClock(config: ServerConfig, options: IdentityOptions): IdentityOptions {
  if (!config.testClock) return options;
  const clock = createMovableClock(options.clock);
  const now = () => clock.now();
  movableClocks.set(now, clock);
  return { ...options, clock: now };
}

const clockAnswer = z.object({
  now: z.string(),
  /** The background jobs the move made due, which ran before this answer. */
  ran: z.array(z.string()),
});

/**
 * `GET|POST /api/v1/test/clock`: read the server clock, or move it forward (`{ advanceSeconds }`)
 * and run the background jobs that became due. Exists only when the app's identity clock is a
 * test clock ({@link withTestClock}); otherwise the path is not there at all. Answers only requests
 * made on this machine, like the development outbox.
 */
export function testClockRoutes(app: App): void {
  const clock = movableClocks.get(app.identity.options.clock);
  if (!clock) return;
  app.log.warn(`ROSTRA_TEST_CLOCK=1: ${TEST_CLOCK_PATH} moves this server's clock (tests only)`);
  const localOnly = (request: Parameters<typeof isLocalRequest>[0]) => {
    if (!isLocalRequest(request))
      throw new HttpError(404, 'not_found', `No such API route: ${request.method} ${TEST_CLOCK_PATH}`);
  };
  app.get(
    TEST_CLOCK_PATH,
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['development'],
        summary: 'The server clock (tests only)',
        response: { 200: clockAnswer },
      },
    },
    async (request) => {
      localOnly(request);
      return { now: clock.now().toISOString(), ran: [] };
    },
  );
  app.post(
    TEST_CLOCK_PATH,
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['development'],
        summary: 'Move the server clock forward and run the jobs now due (tests only)',
        body: z.strictObject({ advanceSeconds: z.number().int().positive().max(MAX_ADVANCE_SECONDS) }),
        response: { 200: clockAnswer },
      },
    },
    async (request) => {
      localOnly(request);
      const now = clock.advance(request.body.advanceSeconds);
      const ran = await app.jobs.tick();
      return { now: now.toISOString(), ran };
    },
  );
}
