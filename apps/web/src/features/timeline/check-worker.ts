/**
 * The core's allocation checks off the main thread: the timeline posts the window's data once
 * (`data`), the dragged booking when a drag starts (`job`: the core indexes the scenario), then
 * asks for rows at a time (`check`). Indexing a large window takes a noticeable fraction of a
 * second and checking the whole pool tens of milliseconds: here they never hold up a frame.
 */
import { type CandidateOutcome, splitPassing } from '@rostra/core/allocation/modes';
import { createPoolChecker, type PoolChecker } from '@rostra/core/allocation/pool-check';
import type { AllocationJob, AllocationScenario } from '@rostra/core/allocation/scenario';

export type CheckWorkerRequest =
  | { type: 'data'; scenario: Omit<AllocationScenario, 'job' | 'jobs'> }
  | { type: 'job'; token: number; job: AllocationJob }
  | { type: 'check'; token: number; id: number; begin: number; end: number; resourceIds: string[] }
  /**
   * The best `limit` resources that pass, then the best `limit` that fail (with their reasons),
   * `exclude` left out: only they cross back to the page.
   */
  | {
      type: 'best';
      token: number;
      id: number;
      begin: number;
      end: number;
      resourceIds: string[];
      exclude: string[];
      limit: number;
    };

export type CheckWorkerAnswer =
  | { type: 'ready'; token: number }
  | { type: 'checked'; token: number; id: number; begin: number; results: CandidateOutcome[] }
  | { type: 'failed'; token: number; message: string };

type Scope = {
  onmessage: ((event: MessageEvent<CheckWorkerRequest>) => void) | null;
  postMessage: (m: CheckWorkerAnswer) => void;
};
const scope = self as unknown as Scope;

let data: Omit<AllocationScenario, 'job' | 'jobs'> = {};
let checker: PoolChecker | null = null;
let current = -1;

/** The answer to a `check` or `best` request: its outcomes, tagged with the request's token, id and begin. */
const reply = (m: { token: number; id: number; begin: number }, results: CandidateOutcome[]) =>
  scope.postMessage({ type: 'checked', token: m.token, id: m.id, begin: m.begin, results });

scope.onmessage = (event) => {
  const message = event.data;
  try {
    if (message.type === 'data') {
      data = message.scenario;
      checker = null;
      current = -1;
    } else if (message.type === 'job') {
      current = message.token;
      checker = createPoolChecker({ ...data, job: message.job });
      scope.postMessage({ type: 'ready', token: message.token });
    } else if (message.type === 'best' && checker && message.token === current) {
      // Ranking the whole pool answers ~1,000 candidates with their messages: filtered here, so
      // the page does not copy and parse them all (a long task on the main thread during a drag).
      // In the contract's rank order already: passing first, then failing (issue 16 point 4).
      const { passing, failing } = splitPassing(
        checker(message.begin, message.end, message.resourceIds).filter(
          (c) => !message.exclude.includes(c.resourceId),
        ),
      );
      reply(message, [...passing.slice(0, message.limit), ...failing.slice(0, message.limit)]);
    } else if (message.type === 'check' && checker && message.token === current) {
      reply(message, checker(message.begin, message.end, message.resourceIds));
    }
  } catch (error) {
    const token = 'token' in message ? message.token : -1;
    scope.postMessage({
      type: 'failed',
      token,
      message: error instanceof Error ? error.message : String(error),
    });
  }
};
