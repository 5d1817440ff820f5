/*
 * A job's timer (shell spec §4 timer actions start, pause, stop, lap; issue #9): the state machine
 * one resource's entries follow, and the aggregate (worked time, breaks, laps) they roll up into.
 * Entries are the stored events in time order; every instant is ms epoch on the server's clock.
 */

export const TIMER_ACTIONS = ['start', 'pause', 'stop', 'lap'] as const;
export type TimerAction = (typeof TIMER_ACTIONS)[number];

export type TimerState = 'idle' | 'running' | 'paused' | 'stopped';

/** One stored timer event of one resource. `seq` breaks ties of equal `at` (arrival order). */
export type TimerEntry = { resource_id: string; action: TimerAction; at: number; seq?: number };

/** Why an event does not follow from the state before it. */
export type TimerRefusal = {
  code: 'timer_sequence';
  message: string;
  action: TimerAction;
  state: TimerState;
};

const REFUSALS: Record<TimerAction, string> = {
  start: 'The timer is already running: pause or stop it first',
  pause: 'The timer is not running, so it cannot be paused',
  stop: 'The timer has not been started, so it cannot be stopped',
  lap: 'The timer is not running, so a lap cannot be recorded',
};

/**
 * The state after `action`, or a refusal. Start from idle, paused or stopped (a job worked over
 * two visits starts again after a stop); pause and lap while running; stop while running or
 * paused.
 */
export function nextTimerState(state: TimerState, action: TimerAction): TimerState | TimerRefusal {
  const refuse = (): TimerRefusal => ({
    code: 'timer_sequence',
    message: action === 'stop' && state === 'stopped' ? 'The timer is already stopped' : REFUSALS[action],
    action,
    state,
  });
  switch (action) {
    case 'start':
      return state === 'running' ? refuse() : 'running';
    case 'pause':
      return state === 'running' ? 'paused' : refuse();
    case 'lap':
      return state === 'running' ? 'running' : refuse();
    case 'stop':
      return state === 'running' || state === 'paused' ? 'stopped' : refuse();
  }
}

/** Entries in the order they happened: by `at`, then arrival. */
export function orderEntries<T extends TimerEntry>(entries: readonly T[]): T[] {
  return [...entries].sort((a, b) => a.at - b.at || (a.seq ?? 0) - (b.seq ?? 0));
}

/** One resource's timer summed up. Seconds are whole (floored from ms at the end). */
export type ResourceAggregate = {
  state: TimerState;
  worked_seconds: number;
  break_seconds: number;
  /** Worked seconds of each lap: from the start (or the previous lap) to the lap. */
  laps: number[];
  /** When the current running stretch began (ms), null unless running. */
  running_since: number | null;
};

/**
 * The first entry (in time order) of one resource's entries that breaks the state machine, with
 * the refusal; undefined when the whole sequence is valid.
 */
export function firstInvalidEntry<T extends TimerEntry>(
  entries: readonly T[],
): { entry: T; refusal: TimerRefusal } | undefined {
  let state: TimerState = 'idle';
  for (const entry of orderEntries(entries)) {
    const next = nextTimerState(state, entry.action);
    if (typeof next !== 'string') return { entry, refusal: next };
    state = next;
  }
  return undefined;
}

/**
 * Rolls one resource's entries up. Worked time counts while running, break time while paused; a
 * stretch still open counts up to `now` (ms) — pass the server's time, or omit it to count closed
 * stretches only (what is stored, as for timesheets). Entries that break the sequence are skipped,
 * so a stored sequence made invalid by a correction never counts twice.
 */
export function aggregateResource(entries: readonly TimerEntry[], now?: number): ResourceAggregate {
  let state: TimerState = 'idle';
  let since: number | null = null;
  let worked = 0;
  let breaks = 0;
  let lapWorked = 0;
  const laps: number[] = [];
  for (const e of orderEntries(entries)) {
    const next = nextTimerState(state, e.action);
    if (typeof next !== 'string') continue;
    const span = since === null ? 0 : Math.max(0, e.at - since);
    if (state === 'running') {
      worked += span;
      lapWorked += span;
    } else if (state === 'paused') {
      breaks += span;
    }
    if (e.action === 'lap') {
      laps.push(Math.floor(lapWorked / 1000));
      lapWorked = 0;
    }
    if (e.action === 'start' && state !== 'paused') lapWorked = 0;
    state = next;
    since = state === 'running' || state === 'paused' ? e.at : null;
  }
  const runningSince = state === 'running' ? since : null;
  if (now !== undefined && since !== null) {
    const open = Math.max(0, now - since);
    if (state === 'running') worked += open;
    else if (state === 'paused') breaks += open;
  }
  return {
    state,
    worked_seconds: Math.floor(worked / 1000),
    break_seconds: Math.floor(breaks / 1000),
    laps,
    running_since: runningSince,
  };
}

/** A job's aggregate: the sum over its resources, and each resource's own. */
export type JobAggregate = ResourceAggregate & {
  mileage_km: number;
  by_resource: Record<string, ResourceAggregate & { mileage_km: number }>;
};

/** A timer event as the API answers it (time entries of a job). */
export type TimeEntry = {
  _id: string;
  resource_id: string;
  action: TimerAction;
  at: number;
  client_id: string;
  corrected?: boolean;
};

/** A mileage entry as the API answers it. */
export type MileageEntry = {
  _id: string;
  resource_id: string;
  km: number;
  at: number;
  client_id: string;
  corrected?: boolean;
};

/** A dispatcher's correction of an entry: old and new values, who, when and why. */
export type Correction = {
  _id: string;
  entry_id: string;
  by: { uid: string; name: string };
  at: number;
  old_at: number | null;
  new_at: number | null;
  old_km: number | null;
  new_km: number | null;
  reason: string;
};

/** A job's time entries, mileage and aggregate, as the API answers them. */
export type TimeEntries = { entries: TimeEntry[]; mileage: MileageEntry[]; aggregate: JobAggregate };

const STATE_RANK: Record<TimerState, number> = { idle: 0, stopped: 1, paused: 2, running: 3 };

/**
 * A job's aggregate from every resource's entries and mileage. The job's state is the most active
 * of its resources' (running over paused over stopped over idle); `running_since` is the earliest
 * of the running resources'. Laps are listed per resource (the job's list is every resource's in
 * resource order).
 */
export function aggregateJob(
  entries: readonly TimerEntry[],
  mileage: readonly { resource_id: string; km: number }[] = [],
  now?: number,
): JobAggregate {
  const ids = [
    ...new Set([...entries.map((e) => e.resource_id), ...mileage.map((m) => m.resource_id)]),
  ].sort();
  const by: JobAggregate['by_resource'] = {};
  const job: JobAggregate = {
    state: 'idle',
    worked_seconds: 0,
    break_seconds: 0,
    laps: [],
    running_since: null,
    mileage_km: 0,
    by_resource: by,
  };
  for (const id of ids) {
    const own = aggregateResource(
      entries.filter((e) => e.resource_id === id),
      now,
    );
    const km = roundKm(mileage.filter((m) => m.resource_id === id).reduce((s, m) => s + m.km, 0));
    by[id] = { ...own, mileage_km: km };
    job.worked_seconds += own.worked_seconds;
    job.break_seconds += own.break_seconds;
    job.laps.push(...own.laps);
    job.mileage_km = roundKm(job.mileage_km + km);
    if (STATE_RANK[own.state] > STATE_RANK[job.state]) job.state = own.state;
    if (own.running_since !== null) {
      job.running_since =
        job.running_since === null ? own.running_since : Math.min(job.running_since, own.running_since);
    }
  }
  return job;
}

/** Kilometres to 3 decimals (metres), so sums of decimals do not drift. */
export function roundKm(km: number): number {
  return Math.round(km * 1000) / 1000;
}
