import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The real command, as scripts run it: `node bin/rostra.mjs allocate`.
const BIN = fileURLToPath(new URL('../../../../bin/rostra.mjs', import.meta.url));

function rostra(args: string[], input = '') {
  const r = spawnSync(process.execPath, [BIN, 'allocate', ...args], {
    input,
    encoding: 'utf8',
    env: { ...process.env, TZ: 'UTC' },
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const at = (iso: string) => Date.parse(`${iso}Z`) / 1000;

// Monday 05/Jan/2026 09:00–11:00; two resources on 08:00–17:00 weekday shifts, 40 h a week and
// 8 h a day; Bob already works 09:30–10:30. No locations, labels or preferences, so each score
// is 10000 (internal) + 20 × free week share + 10 × free day share (− 10000 when busy).
const job = {
  _id: 'j1',
  customerId: 'c1',
  status: 'draft',
  resIds: ['r1', 'r2'],
  utc_begin_plus_tz: at('2026-01-05T09:00'),
  utc_end_plus_tz: at('2026-01-05T11:00'),
};
const person = (id: string, first: string, last: string) => ({
  _id: id,
  name: `${first} ${last}`,
  first_name: first,
  last_name: last,
  max_hrs_wk: 40,
  max_hrs_dy: 8,
});
const shift = (resourceId: string) => ({
  resourceId,
  week_id: '2026-01-04_2026-01-10',
  mo: true,
  tu: true,
  we: true,
  th: true,
  fr: true,
  beg: 8 * 3600,
  end: 17 * 3600,
});
const scenario = {
  job,
  resources: [person('r1', 'Ann', 'Lee'), person('r2', 'Bob', 'Ng')],
  shifts: [shift('r1'), shift('r2')],
  timeline: [
    {
      _id: 'b1',
      status: 'confirmed',
      resIds: ['r2'],
      utc_begin_plus_tz: at('2026-01-05T09:30'),
      utc_end_plus_tz: at('2026-01-05T10:30'),
    },
  ],
};

const busy = {
  code: 'resource_busy',
  message: 'already assigned from 05/Jan/2026 09:30:00 AM to 05/Jan/2026 10:30:00 AM',
};
// Ann: 10000 + 20 × 38/40 + 10 × 6/8. Bob: 10000 + 20 × 37/40 + 10 × 5/8 − 10000.
const ann = { resourceId: 'r1', name: 'Ann Lee', ok: true, score: 10026.5, weightage_cost: null, errors: [] };
const bob = {
  resourceId: 'r2',
  name: 'Bob Ng',
  ok: false,
  score: 24.75,
  weightage_cost: null,
  errors: [busy],
};

/** Runs the command and checks the exact bytes of stdout: compact JSON and a newline. */
function expectOutcome(input: object, expected: object, args: string[] = []) {
  const r = rostra(args, JSON.stringify(input));
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
  expect(r.stdout).toBe(`${JSON.stringify(expected)}\n`);
}

describe('rostra allocate', () => {
  it('check: scores job.resIds, returns the job unchanged, lists failures with the resource', () => {
    expectOutcome(
      { ...scenario, mode: 'check' },
      {
        job,
        assigned: [],
        isConflict: true,
        errors: [{ ...busy, resourceId: 'r2' }],
        candidates: [ann, bob],
      },
    );
  });

  it('manual: assigns the candidates even when they fail, and flags the conflict', () => {
    expectOutcome(
      { ...scenario, mode: 'manual', candidateIds: ['r2'] },
      {
        job: {
          ...job,
          resIds: ['r2'],
          resourceId: 'r2',
          resource_first_name: 'Bob',
          resource_last_name: 'Ng',
          autoallocate: false,
          isConflict: true,
        },
        assigned: ['r2'],
        isConflict: true,
        errors: [{ ...busy, resourceId: 'r2' }],
        candidates: [bob],
      },
    );
  });

  it('auto: assigns the best passing resource of the pool', () => {
    expectOutcome(
      { ...scenario, mode: 'auto' },
      {
        job: {
          ...job,
          resIds: ['r1'],
          resourceId: 'r1',
          resource_first_name: 'Ann',
          resource_last_name: 'Lee',
          autoallocate: true,
          isConflict: false,
        },
        assigned: ['r1'],
        isConflict: false,
        errors: [],
        candidates: [ann, bob],
      },
    );
  });

  it('multi-resource: three needed, two pass; both assigned in rank order and no_multi_allocation', () => {
    const cy = { ...ann, resourceId: 'r3', name: 'Cy Ho' };
    expectOutcome(
      {
        ...scenario,
        mode: 'auto',
        job: { ...job, MasterResourceID: ['m1', 'm2', 'm3'] },
        resources: [...scenario.resources, person('r3', 'Cy', 'Ho')],
        shifts: [...scenario.shifts, shift('r3')],
      },
      {
        job: {
          ...job,
          MasterResourceID: ['m1', 'm2', 'm3'],
          resIds: ['r1', 'r3'],
          resourceId: 'r1',
          resource_first_name: 'Ann',
          resource_last_name: 'Lee',
          autoallocate: true,
          isConflict: true,
        },
        assigned: ['r1', 'r3'],
        isConflict: true,
        errors: [
          {
            code: 'no_multi_allocation',
            message:
              'Auto allocation failed: The job requires 3 resources, but only 2 resources were available for allocation.',
          },
        ],
        candidates: [ann, cy, bob],
      },
    );
  });

  it('batch: jobs in begin order, the first assignment blocks the overlapping second; results in input order', () => {
    const j1 = { ...job, resIds: [] };
    const j2 = {
      ...job,
      _id: 'j2',
      resIds: [],
      utc_begin_plus_tz: at('2026-01-05T10:00'),
      utc_end_plus_tz: at('2026-01-05T12:00'),
    };
    // j2 sees j1 on Ann: an earlier job for the same customer (+8), 4 h that day and week, and
    // busy: 10000 + 8 + 20 × 36/40 + 10 × 4/8 − 10000 = 31.
    const blocked = {
      code: 'resource_busy',
      message: 'already assigned from 05/Jan/2026 09:00:00 AM to 05/Jan/2026 11:00:00 AM',
    };
    expectOutcome(
      { jobs: [j2, j1], resources: [person('r1', 'Ann', 'Lee')], shifts: [shift('r1')] },
      {
        results: [
          {
            job: { ...j2, isConflict: true },
            assigned: [],
            isConflict: true,
            errors: [
              {
                code: 'no_auto_allocation',
                message:
                  'Unable to perform auto allocation: No resources match the criteria. Please assign a resource manually.',
              },
            ],
            candidates: [{ ...ann, ok: false, score: 31, errors: [blocked] }],
          },
          {
            job: {
              ...j1,
              resIds: ['r1'],
              resourceId: 'r1',
              resource_first_name: 'Ann',
              resource_last_name: 'Lee',
              autoallocate: true,
              isConflict: false,
            },
            assigned: ['r1'],
            isConflict: false,
            errors: [],
            candidates: [ann],
          },
        ],
        summary: { jobs: 2, assigned: 1, conflicts: 1 },
      },
    );
  });

  it('--input and --output files, --pretty indents two spaces', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rostra-allocate-'));
    const input = join(dir, 'scenario.json');
    const output = join(dir, 'outcome.json');
    writeFileSync(input, JSON.stringify({ ...scenario, mode: 'auto' }));
    const r = rostra(['--input', input, '--output', output, '--pretty']);
    expect(r).toEqual({ status: 0, stdout: '', stderr: '' });
    const text = readFileSync(output, 'utf8');
    expect(text.startsWith('{\n  "job": {\n    "_id": "j1",')).toBe(true);
    expect(JSON.parse(text).assigned).toEqual(['r1']);
  });

  it('invalid scenario: exit 2, nothing on stdout, one line on stderr naming the field', () => {
    const r = rostra([], JSON.stringify({ ...scenario, job: { ...job, utc_begin_plus_tz: '09:00' } }));
    expect(r).toEqual({ status: 2, stdout: '', stderr: 'job.utc_begin_plus_tz: expected a number\n' });
    const unknown = rostra([], JSON.stringify({ ...scenario, candidateIds: ['r9'] }));
    expect(unknown).toEqual({ status: 2, stdout: '', stderr: 'candidateIds[0]: unknown resource "r9"\n' });
  });

  it('broken JSON: exit 2 with one line', () => {
    const r = rostra([], '{"job": {');
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^input: not valid JSON \([^\n]+\)\n$/);
  });

  describe('optimised batch (contract › Optimised batch)', () => {
    // Greedy gives the 09:00 job to Ann (her label costs nothing: cost part 100, Bob's is 0); the
    // 09:30 job needs a nurse, Ann is the only one and is busy. Optimised: Bob takes 09:00, Ann 09:30.
    const nurse = { _id: 'ln', name: 'Nurse' };
    const batch = {
      resources: [{ ...person('r1', 'Ann', 'Lee'), labels: ['ln'] }, person('r2', 'Bob', 'Ng')],
      labels: [nurse],
      shifts: [shift('r1'), shift('r2')],
      jobs: [
        {
          _id: 'late',
          customerId: 'c1',
          labels: ['Nurse'],
          utc_begin_plus_tz: at('2026-01-05T09:30'),
          utc_end_plus_tz: at('2026-01-05T10:30'),
        },
        {
          _id: 'early',
          customerId: 'c1',
          utc_begin_plus_tz: at('2026-01-05T09:00'),
          utc_end_plus_tz: at('2026-01-05T11:00'),
        },
      ],
    };
    // Scores (40 h weeks, 8 h days): internal 10000, cost part, labels 40 × matched share, free hours.
    const early = (cost: number) => 10000 + cost + 20 * (38 / 40) + 10 * (6 / 8);
    // Ann's labels equal the job's (cost 100, labels 40); the early job is Bob's, so her day is free.
    const late = 10000 + 100 + 40 + 20 * (39 / 40) + 10 * (7 / 8);

    it('staffs the job greedy leaves out, and the summary says what greedy had', () => {
      const r = rostra([], JSON.stringify({ ...batch, optimise: { budget_ms: 2000 } }));
      expect(r.stderr).toBe('');
      expect(r.status).toBe(0);
      const out = JSON.parse(r.stdout);
      expect(out.results.map((x: { assigned: string[] }) => x.assigned)).toEqual([['r1'], ['r2']]);
      expect(out.results.map((x: { isConflict: boolean }) => x.isConflict)).toEqual([false, false]);
      expect(out.results.map((x: { errors: unknown[] }) => x.errors)).toEqual([[], []]);
      expect(out.results[0].job).toMatchObject({ resIds: ['r1'], resourceId: 'r1', isConflict: false });
      expect(out.summary).toEqual({
        jobs: 2,
        assigned: 2,
        conflicts: 0,
        score: early(0) + late,
        greedy: { assigned: 1, score: early(100) },
      });
    });

    it('gives the same bytes every time it finishes inside its budget', () => {
      const input = JSON.stringify({ ...batch, optimise: { budget_ms: 5000 } });
      const first = rostra([], input);
      expect(first.status).toBe(0);
      expect(rostra([], input).stdout).toBe(first.stdout);
    });

    it('without optimise the batch is the greedy batch, byte for byte; a budget of 0 adds only the figures', () => {
      const greedy = rostra([], JSON.stringify(batch));
      expect(greedy.status).toBe(0);
      const plain = JSON.parse(greedy.stdout);
      expect(plain.summary).toEqual({ jobs: 2, assigned: 1, conflicts: 1 });
      const zero = JSON.parse(rostra([], JSON.stringify({ ...batch, optimise: { budget_ms: 0 } })).stdout);
      expect(JSON.stringify(zero.results)).toBe(JSON.stringify(plain.results));
      expect(zero.summary).toEqual({
        ...plain.summary,
        score: early(100),
        greedy: { assigned: 1, score: early(100) },
      });
    });

    it('exit 2 naming optimise.budget_ms when it is not a whole number from 0 to 60000', () => {
      const cases: [unknown, string][] = [
        [1.5, 'optimise.budget_ms: expected an integer'],
        [60_001, 'optimise.budget_ms: expected a number <= 60000'],
        [-1, 'optimise.budget_ms: expected a number >= 0'],
        ['100', 'optimise.budget_ms: expected a number'],
        [null, 'optimise.budget_ms: expected a number'],
      ];
      for (const [value, message] of cases) {
        const r = rostra([], JSON.stringify({ ...batch, optimise: { budget_ms: value } }));
        expect(r).toEqual({ status: 2, stdout: '', stderr: `${message}\n` });
      }
      const one = rostra([], JSON.stringify({ ...scenario, optimise: { budget_ms: 10 } }));
      expect(one).toEqual({
        status: 2,
        stdout: '',
        stderr: 'optimise: only a batch (jobs) can be optimised\n',
      });
    });
  });
});
