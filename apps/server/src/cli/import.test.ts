import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DbHandle, openDatabase } from '@rostra/db/client';
import { selectTimelineRecords } from '@rostra/db/scheduling/records';
import { getSettingsDocument } from '@rostra/db/scheduling/settings-documents';
import { organisations } from '@rostra/db/schema/organisations';
import { blacklists, labels, resources, shifts } from '@rostra/db/schema/scheduling';
import { withOrg } from '@rostra/db/tenant';
import { openTestDatabase, testDatabaseKinds } from '@rostra/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeProblem, runImport } from './import.ts';

const ORG = 'org-import';
const file = (over: Record<string, unknown> = {}) => ({
  labels: [
    { _id: 'l1', name: 'Nurse', type: 'certificate', unit_price: 30 },
    { _id: 'l2', name: 'Driver', type: 'label', legacy_colour: '#f00' },
  ],
  resources: [
    {
      _id: 'r1',
      name: 'Ann Lee',
      first_name: 'Ann',
      last_name: 'Lee',
      labels: ['l1'],
      uid: 'user-ann',
      max_hrs_wk: 38,
    },
    { _id: 'r2', name: 'Bob Ray', lbls: ['l2'], _geoloc: { lat: -33.9, lng: 151.2 }, rate_hr: 40 },
  ],
  customers: [{ _id: 'c1', name: 'Ada Lovelace', uid: 'user-ada' }],
  servicePlans: [{ VisitStemID: 'VS1', UpdateType: 'Ended', EndDate: 1_767_225_600 }],
  shifts: [{ resourceId: 'r1', week_id: '2026-03-08_2026-03-14', mo: true, tu: 1, beg: 28_800, end: 61_200 }],
  timeline: [
    {
      _id: 'b1',
      _key: 'booking',
      status: 'confirmed',
      customerId: 'c1',
      resIds: ['r1', 'r2'],
      utc_begin_plus_tz: 1_773_046_800,
      utc_end_plus_tz: 1_773_054_000,
      external_data: { VisitStemID: 'VS1', SourceSystem: 'legacy' },
      _uid_r: ['user-extra'],
      legacy_field: 42,
    },
    {
      _id: 'lv1',
      _key: 'leave',
      status: 'leave',
      resourceId: 'r2',
      utc_begin_plus_tz: 1_773_100_000,
      utc_end_plus_tz: 1_773_200_000,
    },
  ],
  blacklists: [{ _id: 'c1', resIds: ['r2'] }],
  ...over,
});

describe.each(testDatabaseKinds())('rostra import on %s', (kind) => {
  let h: DbHandle;
  const lines: string[] = [];
  const run = (content: unknown, skipInvalid = false) =>
    runImport(h.db, ORG, JSON.stringify(content), { skipInvalid, say: (l) => lines.push(l) });
  const count = async () =>
    withOrg(h.db, ORG, async (tx) => ({
      labels: (await tx.select().from(labels)).length,
      resources: (await tx.select().from(resources)).length,
      shifts: (await tx.select().from(shifts)).length,
      blacklists: (await tx.select().from(blacklists)).length,
      timeline: (await selectTimelineRecords(tx, undefined)).length,
    }));

  beforeAll(async () => {
    h = await openTestDatabase(kind);
    await h.db.insert(organisations).values({ id: ORG, name: 'Import', slug: 'import' });
  });
  afterAll(() => h?.close());

  it('validates every record first: each bad one by index and field, and nothing is imported', async () => {
    lines.length = 0;
    const bad = file({
      resources: [{ _id: 'r1', max_hrs_wk: -3 }, { name: 'no id' }],
      timeline: [
        { _id: 'b1', resIds: ['r1'], utc_begin_plus_tz: 'nine', utc_end_plus_tz: 2 },
        { _id: 'b2', resIds: ['ghost'], utc_begin_plus_tz: 1, utc_end_plus_tz: 2 },
        { _id: 'b3', utc_begin_plus_tz: 5, utc_end_plus_tz: 2 },
      ],
      shifts: [{ resourceId: 'r1', week_id: '2026-03-08' }],
    });
    const report = await run(bad);
    expect(report.ok).toBe(false);
    expect(report.problems.map((p) => `${p.kind}[${p.index}].${p.field}`)).toEqual([
      'resources[0].max_hrs_wk',
      'resources[1]._id',
      'shifts[0].week_id',
      'timeline[0].utc_begin_plus_tz',
      'timeline[1].resIds.0',
      'timeline[2].utc_end_plus_tz',
      // r2 is not in this file any more (its resources list is the bad one), nor in the organisation.
      'blacklists[0].resIds.0',
    ]);
    expect(lines.join('\n')).toContain('shifts[0].week_id: expected YYYY-MM-DD_YYYY-MM-DD');
    expect(lines.at(-1)).toMatch(/7 invalid record\(s\): nothing imported/);
    expect(await count()).toEqual({ labels: 0, resources: 0, shifts: 0, blacklists: 0, timeline: 0 });
  });

  it('imports a valid file in one go, keeping the spec fields, resIds as the relation and the readers', async () => {
    lines.length = 0;
    const report = await run(file());
    expect(report).toMatchObject({ ok: true, skipped: 0 });
    expect(report.imported).toMatchObject({
      labels: 2,
      resources: 2,
      customers: 1,
      servicePlans: 1,
      shifts: 1,
      timeline: 2,
      blacklists: 1,
    });
    expect(lines).toContain('Importing timeline 2/2');
    const [b1] = await withOrg(h.db, ORG, (tx) => selectTimelineRecords(tx, undefined, 1));
    expect(b1).toMatchObject({
      _id: 'b1',
      resIds: ['r1', 'r2'],
      resourceId: 'r1',
      legacy_field: 42,
      external_data: { VisitStemID: 'VS1', SourceSystem: 'legacy' },
    });
    expect(b1?._uid_r).toEqual(['user-ada', 'user-ann', 'user-extra']);
  });

  it('importing the same file again replaces the same records', async () => {
    const before = await count();
    expect((await run(file())).ok).toBe(true);
    expect(await count()).toEqual(before);
  });

  it('--skip-invalid imports the valid records and reports the others', async () => {
    lines.length = 0;
    const mixed = file({
      labels: [{ _id: 'l9', name: 'Forklift' }, { _id: 7 }],
      timeline: [],
      blacklists: [{ _id: 'c-none', resIds: [] }],
    });
    const report = await run(mixed, true);
    expect(report.ok).toBe(true);
    expect(report.problems.map((p) => `${p.kind}[${p.index}].${p.field}`)).toEqual([
      'labels[1]._id',
      'blacklists[0]._id',
    ]);
    expect(report.imported.labels).toBe(1);
    expect(lines.at(-1)).toMatch(/skipped 2 invalid/);
  });

  const STATUSES = [
    { _key: 'draft', _value: 'Pencilled', color: '#eeeeee', textColor: '#333' },
    { _key: 'confirmed', _value: 'Booked', color: 'lightblue', textColor: '#000000', legacy: 1 },
  ];
  const GROUPS = [
    { groupID: 'g1', name: 'Visits', isDefault: true },
    { groupID: 'g2', name: 'Office' },
  ];
  const EVENTS = [
    { _key: 'visit', _value: 'Visit', groupID: 'g1', color: '#0ea5e9' },
    { _key: 'meeting', _value: 'Meeting', groupID: 'g2' },
  ];

  it('refuses bad status config and workflow lines by line and field, writing nothing at all', async () => {
    lines.length = 0;
    const before = await count();
    const report = await run(
      file({
        statusConfig: [
          { _key: 'draft', _value: 'Draft', color: 'not a colour!', textColor: '#000' },
          { _key: 'draft', _value: 'Again', color: '#fff', textColor: '#000' },
          { _value: 'No key', color: '#fff', textColor: '#000' },
        ],
        workflow_groups: [
          { groupID: 'g1', isDefault: true },
          { groupID: 'g2', isDefault: true },
        ],
        workflow_calevents: [{ _key: 'visit', _value: 'Visit', groupID: 'nowhere' }],
      }),
    );
    expect(report.ok).toBe(false);
    expect(report.problems.map(describeProblem)).toEqual([
      'statusConfig[0].color: expected a colour (#rrggbb or a CSS name)',
      'statusConfig[1]._key: duplicate _key "draft" (also statusConfig[0])',
      'statusConfig[2]._key: Invalid input: expected string, received undefined',
      'workflow_calevents[0].groupID: no workflow group "nowhere" in the file or the organisation',
      'workflow_groups[1].isDefault: only one group may be the default (workflow_groups[0] already is)',
    ]);
    expect(lines.at(-1)).toMatch(/5 invalid record\(s\): nothing imported/);
    // All or nothing: the file's good records and settings are not written either.
    expect(await count()).toEqual(before);
    expect((await getSettingsDocument(h.db, ORG, 'job_status_config')).version).toBe(0);
    expect((await getSettingsDocument(h.db, ORG, 'workflows')).version).toBe(0);
  });

  it('imports the status config and the workflows with the records, keeping every field', async () => {
    lines.length = 0;
    const report = await run(
      file({ statusConfig: STATUSES, workflow_groups: GROUPS, workflow_calevents: EVENTS }),
    );
    expect(report).toMatchObject({
      ok: true,
      settings: ['statusConfig', 'workflow_calevents', 'workflow_groups'],
    });
    expect(lines.at(-1)).toBe(
      'Imported 10 record(s) and statusConfig, workflow_calevents, workflow_groups into org-import.',
    );
    expect((await getSettingsDocument(h.db, ORG, 'job_status_config')).value).toEqual({
      statusConfig: STATUSES,
    });
    expect((await getSettingsDocument(h.db, ORG, 'workflows')).value).toEqual({
      workflow_calevents: EVENTS,
      workflow_groups: GROUPS,
    });
  });

  it('a later file replaces only the lists it carries; its events may name the stored groups', async () => {
    const events = [{ _key: 'call', _value: 'Phone call', groupID: 'g2' }];
    const report = await run({ workflow_calevents: events });
    expect(report.ok).toBe(true);
    const workflows = await getSettingsDocument(h.db, ORG, 'workflows');
    expect(workflows.value).toEqual({ workflow_calevents: events, workflow_groups: GROUPS });
    expect(workflows.version).toBe(2);
    expect((await getSettingsDocument(h.db, ORG, 'job_status_config')).value).toEqual({
      statusConfig: STATUSES,
    });
    const orphan = await run({ workflow_calevents: [{ _key: 'x', _value: 'X', groupID: 'g9' }] });
    expect(orphan.problems.map(describeProblem)).toEqual([
      'workflow_calevents[0].groupID: no workflow group "g9" in the file or the organisation',
    ]);
    expect((await getSettingsDocument(h.db, ORG, 'workflows')).version).toBe(2);
  });

  it('refuses an unknown organisation, an unknown kind and broken JSON', async () => {
    const other = await runImport(h.db, 'nope', '{}', { skipInvalid: false, say: () => {} });
    expect(other.problems[0]?.message).toBe('no organisation nope');
    expect((await run({ widgets: [] })).problems[0]?.message).toMatch(/^unknown kind/);
    const broken = await runImport(h.db, ORG, '{"labels": [', { skipInvalid: false, say: () => {} });
    expect(broken.problems[0]?.message).toMatch(/^not valid JSON/);
  });
});

describe('the rostra import command', () => {
  const BIN = fileURLToPath(new URL('../../../../bin/rostra.mjs', import.meta.url));
  const dir = mkdtempSync(join(tmpdir(), 'rostra-import-'));
  const dataDir = join(dir, 'data');
  const rostra = (args: string[]) =>
    spawnSync(process.execPath, [BIN, 'import', ...args], {
      encoding: 'utf8',
      env: { ...process.env, TZ: 'UTC', DATA_DIR: dataDir, DATABASE_URL: '' },
    });

  beforeAll(async () => {
    const db = await openDatabase({ dataDir });
    await db.db.insert(organisations).values({ id: ORG, name: 'Import', slug: 'import' });
    await db.close();
  });

  it('imports a file with progress (exit 0) and refuses a bad one naming each record (exit 2)', () => {
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify(file()));
    const ok = rostra(['--org', ORG, good]);
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stderr).toContain('Importing resources 2/2');
    expect(ok.stderr).toContain('Imported 10 record(s) into org-import.');
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ resources: [{ _id: 'r5', inactive: 'yes' }] }));
    const refused = rostra(['--org', ORG, bad]);
    expect(refused.status).toBe(2);
    expect(refused.stderr).toContain('resources[0].inactive:');
  });
});
