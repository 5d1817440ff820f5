import { readFile } from 'node:fs/promises';
import { blacklistSchema } from '@rostra/core/records/blacklist';
import { customerSchema } from '@rostra/core/records/customer';
import { labelSchema } from '@rostra/core/records/label';
import { resourceSchema } from '@rostra/core/records/resource';
import { servicePlanSchema } from '@rostra/core/records/service-plan';
import { shiftSchema } from '@rostra/core/records/shift';
import { timelineRecordSchema } from '@rostra/core/records/timeline-record';
import { type Db, openDatabase } from '@rostra/db/client';
import {
  existingIds,
  IMPORT_ORDER,
  type ImportBatch,
  type ImportKind,
  importRecords,
  organisationExists,
} from '@rostra/db/scheduling/import-records';
import { getSettingsDocument } from '@rostra/db/scheduling/settings-documents';
import { Command } from 'commander';
import { z } from 'zod';
import { databaseOptions, loadConfig } from '../config.ts';
import {
  checkSettingsLists,
  type Problem,
  problemsOf,
  SETTINGS_KEYS,
  type SettingsListKey,
} from './import-settings.ts';

/*
 * `rostra import --org <id> [--skip-invalid] FILE.json`: records exported from the seed system in
 * the spec's field names, validated with the core's record schemas before anything is written.
 *
 * The file is one JSON object with a list per kind: `labels`, `resources`, `customers`,
 * `servicePlans` (or `service_plans`), `shifts`, `timeline` (or `timelines`, `timeline_records`,
 * `bookings`; bookings, group events, leaves and breaks), `blacklists`; and the organisation's
 * settings lists `statusConfig`, `workflow_calevents`, `workflow_groups` (import-settings.ts: each
 * given list replaces the stored one). Unknown keys are refused.
 *
 * Every record is checked first; each bad one is reported as `kind[index].field: problem`. When
 * any is bad nothing is imported (exit 2), unless `--skip-invalid` imports the good ones. A record
 * may name resources and customers of the file or already in the organisation. The import is one
 * transaction; importing the same file again replaces the same records.
 */

/** Keys of the file and the kind each holds. */
const KEYS: Record<string, ImportKind> = {
  labels: 'labels',
  resources: 'resources',
  customers: 'customers',
  servicePlans: 'servicePlans',
  service_plans: 'servicePlans',
  shifts: 'shifts',
  timeline: 'timeline',
  timelines: 'timeline',
  timeline_records: 'timeline',
  bookings: 'timeline',
  blacklists: 'blacklists',
};

/** The core's record schemas; an imported timeline record also needs its id and its times. */
const SCHEMAS: Record<ImportKind, z.ZodType> = {
  labels: labelSchema,
  resources: resourceSchema,
  customers: customerSchema,
  servicePlans: servicePlanSchema,
  shifts: shiftSchema,
  timeline: timelineRecordSchema
    .extend({ _id: z.string().min(1), utc_begin_plus_tz: z.number(), utc_end_plus_tz: z.number() })
    .refine((r) => r.utc_end_plus_tz >= r.utc_begin_plus_tz, {
      message: 'must not be before utc_begin_plus_tz',
      path: ['utc_end_plus_tz'],
    }),
  blacklists: blacklistSchema,
};

export type { Problem };

export type ImportReport = {
  ok: boolean;
  problems: Problem[];
  /** Records written per kind (nothing when refused). */
  imported: Partial<Record<ImportKind, number>>;
  /** The settings lists written (statusConfig, workflow_calevents, workflow_groups). */
  settings?: string[];
  skipped: number;
};

type Printer = (line: string) => void;

/** `kind[3].field.sub` of a problem, as the report prints it. */
export function describeProblem(p: Problem): string {
  return `${p.kind}[${p.index}]${p.field ? `.${p.field}` : ''}: ${p.message}`;
}

/**
 * Validates and imports `text` (the file's content) into `orgId`. Prints each problem and the
 * progress with `say`; never throws for bad input (only for a database failure).
 */
export async function runImport(
  db: Db,
  orgId: string,
  text: string,
  options: { skipInvalid: boolean; say: Printer },
): Promise<ImportReport> {
  const refuse = (problems: Problem[]): ImportReport => {
    for (const p of problems) options.say(describeProblem(p));
    return { ok: false, problems, imported: {}, skipped: 0 };
  };
  let input: unknown;
  try {
    input = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (e) {
    return refuse([
      { kind: 'file', index: 0, field: '', message: `not valid JSON (${(e as Error).message})` },
    ]);
  }
  if (!input || typeof input !== 'object' || Array.isArray(input)) {
    return refuse([
      { kind: 'file', index: 0, field: '', message: 'expected an object with a list per kind' },
    ]);
  }
  if (!(await organisationExists(db, orgId))) {
    return refuse([{ kind: 'org', index: 0, field: '', message: `no organisation ${orgId}` }]);
  }

  const problems: Problem[] = [];
  const lists: Record<ImportKind, { key: string; records: unknown[] }[]> = {
    labels: [],
    resources: [],
    customers: [],
    servicePlans: [],
    shifts: [],
    timeline: [],
    blacklists: [],
  };
  const settingsLists: Partial<Record<SettingsListKey, unknown>> = {};
  for (const [key, value] of Object.entries(input)) {
    if ((SETTINGS_KEYS as readonly string[]).includes(key)) {
      settingsLists[key as SettingsListKey] = value;
      continue;
    }
    const kind = KEYS[key];
    if (!kind) {
      problems.push({
        kind: key,
        index: 0,
        field: '',
        message: `unknown kind (expected one of ${[...Object.keys(KEYS), ...SETTINGS_KEYS].join(', ')})`,
      });
      continue;
    }
    if (!Array.isArray(value)) {
      problems.push({ kind: key, index: 0, field: '', message: 'expected a list' });
      continue;
    }
    lists[kind].push({ key, records: value });
  }
  if (problems.length) return refuse(problems);

  // 1. Each record against the core's schema.
  type Good = { key: string; index: number; record: Record<string, unknown> };
  const good: Record<ImportKind, Good[]> = {
    labels: [],
    resources: [],
    customers: [],
    servicePlans: [],
    shifts: [],
    timeline: [],
    blacklists: [],
  };
  const total =
    Object.values(lists).reduce((n, ls) => n + ls.reduce((m, l) => m + l.records.length, 0), 0) +
    Object.values(settingsLists).reduce<number>((n, l) => n + (Array.isArray(l) ? l.length : 1), 0);
  let checked = 0;
  for (const kind of IMPORT_ORDER) {
    for (const { key, records } of lists[kind]) {
      const seen = new Set<string>();
      records.forEach((record, index) => {
        checked++;
        if (checked % 5_000 === 0) options.say(`Checked ${checked}/${total} records`);
        const parsed = SCHEMAS[kind].safeParse(record);
        if (!parsed.success) {
          problems.push(...problemsOf(key, index, parsed.error));
          return;
        }
        const rec = record as Record<string, unknown>;
        const id = String(
          kind === 'servicePlans'
            ? rec.VisitStemID
            : kind === 'shifts'
              ? (rec._id ?? `${rec.resourceId}_${rec.week_id}`)
              : rec._id,
        );
        if (seen.has(id)) {
          problems.push({
            kind: key,
            index,
            field: kind === 'servicePlans' ? 'VisitStemID' : '_id',
            message: `duplicate id ${JSON.stringify(id)}`,
          });
          return;
        }
        seen.add(id);
        good[kind].push({ key, index, record: rec });
      });
    }
  }

  // 2. References to resources and customers: in the file or already in the organisation.
  const inFile = (kind: 'resources' | 'customers') => new Set(good[kind].map((g) => String(g.record._id)));
  const wanted = { resources: new Set<string>(), customers: new Set<string>() };
  const resourcesOf = (r: Record<string, unknown>) => [
    ...((Array.isArray(r.resIds) ? r.resIds : []) as string[]),
    ...(typeof r.resourceId === 'string' && r.resourceId ? [r.resourceId] : []),
  ];
  for (const g of good.timeline) {
    for (const id of resourcesOf(g.record)) wanted.resources.add(id);
    if (typeof g.record.customerId === 'string') wanted.customers.add(g.record.customerId);
  }
  for (const g of good.shifts) wanted.resources.add(String(g.record.resourceId));
  for (const g of good.blacklists) {
    wanted.customers.add(String(g.record._id));
    for (const id of g.record.resIds as string[]) wanted.resources.add(id);
  }
  const known = {
    resources: new Set([
      ...inFile('resources'),
      ...(await existingIds(db, orgId, 'resources', [...wanted.resources])),
    ]),
    customers: new Set([
      ...inFile('customers'),
      ...(await existingIds(db, orgId, 'customers', [...wanted.customers])),
    ]),
  };
  const dangling = (
    kind: ImportKind,
    check: (r: Record<string, unknown>) => Problem['field'] | undefined,
  ) => {
    good[kind] = good[kind].filter((g) => {
      const field = check(g.record);
      if (field === undefined) return true;
      problems.push({
        kind: g.key,
        index: g.index,
        field,
        message: `no such ${field.startsWith('customer') || field === '_id' ? 'customer' : 'resource'} in the file or the organisation`,
      });
      return false;
    });
  };
  dangling('timeline', (r) => {
    const resIds = Array.isArray(r.resIds) ? (r.resIds as string[]) : [];
    const bad = resIds.findIndex((id) => !known.resources.has(id));
    if (bad >= 0) return `resIds.${bad}`;
    if (typeof r.resourceId === 'string' && r.resourceId && !known.resources.has(r.resourceId))
      return 'resourceId';
    if (typeof r.customerId === 'string' && !known.customers.has(r.customerId)) return 'customerId';
    return undefined;
  });
  dangling('shifts', (r) => (known.resources.has(String(r.resourceId)) ? undefined : 'resourceId'));
  dangling('blacklists', (r) => {
    if (!known.customers.has(String(r._id))) return '_id';
    const bad = (r.resIds as string[]).findIndex((id) => !known.resources.has(id));
    return bad >= 0 ? `resIds.${bad}` : undefined;
  });

  // 3. The settings lists (status config, workflows).
  const storedGroups = Array.isArray(settingsLists.workflow_calevents)
    ? ((await getSettingsDocument(db, orgId, 'workflows')).value.workflow_groups ?? [])
    : [];
  const settings = checkSettingsLists(
    settingsLists,
    (Array.isArray(storedGroups) ? storedGroups : []).map((g) =>
      String((g as { groupID?: unknown }).groupID),
    ),
  );
  problems.push(...settings.problems);

  const order = (kind: string) => {
    const i = IMPORT_ORDER.indexOf(KEYS[kind] as ImportKind);
    return i >= 0 ? i : IMPORT_ORDER.length + SETTINGS_KEYS.indexOf(kind as SettingsListKey);
  };
  problems.sort((a, b) => order(a.kind) - order(b.kind) || a.index - b.index);
  for (const p of problems) options.say(describeProblem(p));
  const badRecords = new Set(problems.map((p) => `${p.kind}#${p.index}`)).size;
  if (problems.length && !options.skipInvalid) {
    options.say(
      `${badRecords} invalid record(s): nothing imported (use --skip-invalid to import the ${total - badRecords} valid ones).`,
    );
    return { ok: false, problems, imported: {}, skipped: badRecords };
  }

  const batch = {
    ...Object.fromEntries(IMPORT_ORDER.map((k) => [k, good[k].map((g) => g.record)])),
    settings: settings.documents,
  } as unknown as ImportBatch;
  const imported = await importRecords(db, orgId, batch, (kind, done, of) =>
    options.say(`Importing ${kind} ${done}/${of}`),
  );
  const written = Object.values(imported).reduce((n, c) => n + c, 0);
  const settingsWritten = settings.documents.flatMap((d) => Object.keys(d.value));
  options.say(
    `Imported ${written} record(s)${settingsWritten.length ? ` and ${settingsWritten.join(', ')}` : ''} into ${orgId}${badRecords ? `; skipped ${badRecords} invalid` : ''}.`,
  );
  return { ok: true, problems, imported, settings: settingsWritten, skipped: badRecords };
}

/** The `rostra import` command. Exit 0 imported; 2 refused (bad records, unknown org); 1 I/O failure. */
export function importCommand(): Command {
  return new Command('import')
    .description('Import records exported from the seed system (spec field names) into an organisation')
    .requiredOption('--org <id>', 'the organisation to import into')
    .option('--skip-invalid', 'import the valid records even when some are invalid')
    .argument(
      '<file>',
      'JSON file: { labels, resources, customers, servicePlans, shifts, timeline, blacklists, statusConfig, workflow_calevents, workflow_groups }',
    )
    .action(async (file: string, options: { org: string; skipInvalid?: boolean }) => {
      let text: string;
      try {
        text = await readFile(file, 'utf8');
      } catch (e) {
        process.stderr.write(`cannot read ${file} (${(e as Error).message})\n`);
        process.exitCode = 1;
        return;
      }
      const config = loadConfig();
      const db = await openDatabase(databaseOptions(config));
      try {
        const report = await runImport(db.db, options.org, text, {
          skipInvalid: options.skipInvalid === true,
          say: (line) => process.stderr.write(`${line}\n`),
        });
        if (!report.ok) process.exitCode = 2;
        else await db.analyze();
      } finally {
        await db.close();
      }
    });
}
