/**
 * The main thread's side of the check worker (timeline-check-worker.ts): one worker per timeline
 * screen; `setData` when the window or the check data change; `startJob` when a drag starts;
 * `check` answers with the core's candidates for the given rows at the given time.
 */
import type { CandidateOutcome } from '@rostra/core/allocation/modes';
import type { AllocationJob, AllocationScenario } from '@rostra/core/allocation/scenario';
import type { CheckWorkerAnswer, CheckWorkerRequest } from './check-worker.ts';

export type AsyncChecker = {
  check: (begin: number, end: number, resourceIds: string[]) => Promise<CandidateOutcome[]>;
  /**
   * The best `limit` of `resourceIds` that pass at [begin, end), then the best `limit` that fail,
   * each best first, `exclude` left out.
   */
  best: (
    begin: number,
    end: number,
    resourceIds: string[],
    exclude: string[],
    limit: number,
  ) => Promise<CandidateOutcome[]>;
};

export class CheckWorker {
  private readonly worker: Worker;
  private token = 0;
  private nextId = 0;
  private readonly waiting = new Map<number, (results: CandidateOutcome[]) => void>();
  private readyFor: { token: number; resolve: () => void; reject: (e: Error) => void } | null = null;

  constructor() {
    this.worker = new Worker(new URL('./check-worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (event: MessageEvent<CheckWorkerAnswer>) => {
      const m = event.data;
      if (m.type === 'ready' && this.readyFor?.token === m.token) this.readyFor.resolve();
      else if (m.type === 'failed' && this.readyFor?.token === m.token)
        this.readyFor.reject(new Error(m.message));
      else if (m.type === 'checked' && m.token === this.token) {
        this.waiting.get(m.id)?.(m.results);
        this.waiting.delete(m.id);
      }
    };
  }

  private post(message: CheckWorkerRequest): void {
    this.worker.postMessage(message);
  }

  setData(scenario: Omit<AllocationScenario, 'job' | 'jobs'>): void {
    this.token++;
    this.waiting.clear();
    this.post({ type: 'data', scenario });
  }

  /** Indexes the scenario for `job`; resolves with a checker once the worker is ready. */
  startJob(job: AllocationJob): Promise<AsyncChecker> {
    const token = ++this.token;
    this.waiting.clear();
    return new Promise<AsyncChecker>((resolve, reject) => {
      this.readyFor = {
        token,
        resolve: () =>
          resolve({
            check: (begin, end, resourceIds) =>
              new Promise<CandidateOutcome[]>((done) => {
                if (token !== this.token) return;
                const id = this.nextId++;
                this.waiting.set(id, done);
                this.post({ type: 'check', token, id, begin, end, resourceIds });
              }),
            best: (begin, end, resourceIds, exclude, limit) =>
              new Promise<CandidateOutcome[]>((done) => {
                if (token !== this.token) return;
                const id = this.nextId++;
                this.waiting.set(id, done);
                this.post({ type: 'best', token, id, begin, end, resourceIds, exclude, limit });
              }),
          }),
        reject,
      };
      this.post({ type: 'job', token, job });
    });
  }

  /** Forgets the current job (a drag ended): answers still on their way are dropped. */
  endJob(): void {
    this.token++;
    this.waiting.clear();
  }

  terminate(): void {
    this.worker.terminate();
  }
}
