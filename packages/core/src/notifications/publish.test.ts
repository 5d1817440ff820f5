import { describe, expect, it } from 'vitest';
import {
  CONFIRM_MARK_LINE,
  type DraftJob,
  periodText,
  publishedView,
  publishPlan,
  publishSummary,
  rosterMessage,
} from './publish.ts';
import type { BookingFacts } from './rules.ts';

const facts = (over: Partial<BookingFacts> = {}): BookingFacts => ({
  resIds: [],
  status: 'confirmed',
  begin: 1_000_000,
  end: 1_003_600,
  address: '',
  notes: '',
  notesImportant: false,
  ...over,
});
const draft = (
  id: string,
  published: BookingFacts | undefined,
  current: BookingFacts | undefined,
): DraftJob => ({
  recordId: id,
  job: id.toUpperCase(),
  when: '09/Mar/2026 09:00 AM',
  address: '',
  published,
  current,
});

describe('publishPlan', () => {
  it('lists each worker their own changes, one entry per job, and counts the jobs that change a roster', () => {
    const plan = publishPlan([
      draft('a', facts({ resIds: ['r1'] }), facts({ resIds: ['r1'], begin: 1_003_600, end: 1_007_200 })),
      draft('b', facts({ resIds: ['r2'] }), facts({ resIds: ['r1'] })),
      draft('c', undefined, facts({ resIds: ['r2'] })),
    ]);
    expect(plan.jobs).toEqual(['a', 'b', 'c']);
    expect([...plan.workers.keys()].sort()).toEqual(['r1', 'r2']);
    expect(plan.workers.get('r1')?.map((c) => `${c.kind}:${c.recordId}`)).toEqual([
      'changed:a',
      'assigned:b',
    ]);
    expect(plan.workers.get('r2')?.map((c) => `${c.kind}:${c.recordId}`)).toEqual([
      'unassigned:b',
      'assigned:c',
    ]);
  });

  it('a job back as it was published, or a change no worker notices, touches nobody', () => {
    const plan = publishPlan([
      draft('a', facts({ resIds: ['r1'] }), facts({ resIds: ['r1'] })),
      draft('b', facts({ resIds: ['r1'], notes: 'x' }), facts({ resIds: ['r1'], notes: 'y' })),
      draft('c', undefined, facts({ resIds: [] })),
    ]);
    expect(plan).toEqual({ workers: new Map(), jobs: [] });
  });

  it('a cancelled job is cancelled for the workers it was published to only', () => {
    const plan = publishPlan([
      draft('a', facts({ resIds: ['r1'] }), facts({ resIds: ['r1', 'r2'], status: 'cancelled' })),
    ]);
    expect([...plan.workers.keys()]).toEqual(['r1']);
    expect(plan.workers.get('r1')?.[0]?.kind).toBe('cancelled');
  });
});

describe('the words', () => {
  it('a worker reads one line per changed job', () => {
    const plan = publishPlan([
      draft('a', undefined, facts({ resIds: ['r1'] })),
      draft('b', facts({ resIds: ['r1'] }), facts({ resIds: [] })),
    ]);
    expect(rosterMessage(plan.workers.get('r1') ?? [])).toBe(
      '- New: A on 09/Mar/2026 09:00 AM\n- Removed: B on 09/Mar/2026 09:00 AM',
    );
  });

  it('with marks, a job they are asked to confirm is followed by its confirm mark, a removed one not', () => {
    const plan = publishPlan([
      draft('a', undefined, facts({ resIds: ['r1'] })),
      draft('b', facts({ resIds: ['r1'] }), facts({ resIds: [] })),
    ]);
    const message = rosterMessage(plan.workers.get('r1') ?? [], true);
    expect(message).toBe(
      '- New: A on 09/Mar/2026 09:00 AM\n  {confirm:a}\n- Removed: B on 09/Mar/2026 09:00 AM',
    );
    expect([...message.matchAll(CONFIRM_MARK_LINE)].map((m) => m[1])).toEqual(['a']);
  });

  it('the dialog asks with both counts, or says there is nothing to publish', () => {
    expect(publishSummary({ workers: 0, jobs: 0 })).toBe('Nothing to publish');
    expect(publishSummary({ workers: 1, jobs: 1 })).toBe('Publish changes to 1 job for 1 worker?');
    expect(publishSummary({ workers: 2, jobs: 3 })).toBe('Publish changes to 3 jobs for 2 workers?');
  });

  it('a period of one day reads as that day, a longer one as its first and last day', () => {
    const monday = Date.parse('2026-03-09T00:00:00Z') / 1000;
    expect(periodText(monday, monday + 86_400)).toBe('09/Mar/2026');
    expect(periodText(monday, monday + 7 * 86_400)).toBe('09/Mar/2026 – 15/Mar/2026');
  });
});

describe('publishedView', () => {
  const published = {
    _id: 'j',
    resIds: ['r1'],
    utc_begin_plus_tz: 100,
    utc_end_plus_tz: 200,
    addressline1: '1 Old St',
  };
  const current = {
    _id: 'j',
    status: 'started',
    resIds: ['r2'],
    utc_begin_plus_tz: 300,
    utc_end_plus_tz: 400,
    addressline1: '9 New Rd',
    notes: 'Gate code 12',
  };

  it('shows the workers, time and address as published, the rest as now', () => {
    expect(publishedView(current, published)).toEqual({
      _id: 'j',
      status: 'started',
      resIds: ['r1'],
      utc_begin_plus_tz: 100,
      utc_end_plus_tz: 200,
      addressline1: '1 Old St',
    });
  });

  it('a job unchanged since published reads the same', () => {
    expect(publishedView(published, published)).toEqual(published);
  });

  it('a bar keeps only its own fields', () => {
    const bar = { _id: 'j', resIds: ['r2'], utc_begin_plus_tz: 300, utc_end_plus_tz: 400 };
    expect(publishedView(bar, published, false)).toEqual({
      _id: 'j',
      resIds: ['r1'],
      utc_begin_plus_tz: 100,
      utc_end_plus_tz: 200,
    });
  });
});
