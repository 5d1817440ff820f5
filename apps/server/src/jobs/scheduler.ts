import type { Db } from '@rostra/db/client';
import { claimJobRunUnsafe, finishJobRunUnsafe } from '@rostra/db/infra/job-runs';
import type { FastifyBaseLogger } from 'fastify';

/** A job run once per period across every server instance. */
export type BackgroundJob = {
  name: string;
  periodMs: number;
  /** After how long a run that never finished (its instance died) may be claimed again (default 10 min). */
  abandonedAfterMs?: number;
  run(now: Date): Promise<unknown>;
};

export type Scheduler = {
  /** Starts checking every `tickMs` whether a job is due (and claiming it when it is). */
  start(): void;
  stop(): Promise<void>;
  /** One check of every job now: runs those this instance claims. Answers the names it ran. */
  tick(): Promise<string[]>;
  /** Runs a job at once, without a claim (tests and operators). */
  runNow(name: string): Promise<unknown>;
  /** When each job last finished without an error on this instance (for /metrics). */
  lastSuccess(): ReadonlyMap<string, Date>;
};

/**
 * The background scheduler. Every instance ticks; a due job is claimed through the database
 * (`claimJobRunUnsafe`: an advisory lock and the job's last run), so it runs once per period
 * however many instances there are, and again only after its last run finished. A job's failure
 * is logged and leaves it due again next period.
 */
export function createScheduler(input: {
  db: Db;
  now: () => Date;
  jobs: readonly BackgroundJob[];
  log: FastifyBaseLogger;
  tickMs?: number;
}): Scheduler {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  const succeeded = new Map<string, Date>();
  const tick = async (): Promise<string[]> => {
    const ran: string[] = [];
    for (const job of input.jobs) {
      const started = input.now();
      let claimed = false;
      try {
        claimed = await claimJobRunUnsafe(input.db, job.name, started, job.periodMs, job.abandonedAfterMs);
        if (!claimed) continue;
        await job.run(started);
        succeeded.set(job.name, input.now());
        ran.push(job.name);
      } catch (err) {
        input.log.error({ err, job: job.name }, 'background job failed');
      } finally {
        if (claimed) await finishJobRunUnsafe(input.db, job.name, input.now()).catch(() => {});
      }
    }
    return ran;
  };
  return {
    start() {
      if (timer) return;
      timer = setInterval(() => {
        running = running.then(tick, tick);
      }, input.tickMs ?? 5_000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
      await running.catch(() => {});
    },
    tick: () => {
      const next = running.then(tick, tick);
      running = next;
      return next;
    },
    runNow: async (name) => {
      const job = input.jobs.find((j) => j.name === name);
      if (!job) throw new Error(`no background job ${name}`);
      const result = await job.run(input.now());
      succeeded.set(name, input.now());
      return result;
    },
    lastSuccess: () => succeeded,
  };
}
