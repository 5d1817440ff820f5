import { TEXT } from '@rostra/core/api/common';
import { z } from 'zod';

/*
 * The organisation's settings documents an import may carry beside its records (spec: scheduling
 * §3 "Job status config", shell §3 "Workflow lists"), under the spec's own names:
 *
 *   statusConfig        [{ _key, _value, color, textColor }]  the job status config, replaced whole
 *   workflow_calevents  [{ _key, _value, groupID?, color?, textColor? }]  calendar event kinds
 *   workflow_groups     [{ groupID, name?, isDefault? }]  their groups; one at most is the default
 *
 * Each list given replaces that list; a list not given stays as stored. Other fields of an entry
 * are kept as imported. Problems are named like the records' (`statusConfig[2].color: …`).
 */

export const SETTINGS_KEYS = ['statusConfig', 'workflow_calevents', 'workflow_groups'] as const;
export type SettingsListKey = (typeof SETTINGS_KEYS)[number];

export type Problem = { kind: string; index: number; field: string; message: string };

/** A schema's issues on `kind[index]` as problems (`field` is the issue's path). */
export function problemsOf(kind: string, index: number, error: z.ZodError): Problem[] {
  return error.issues.map((issue) => ({
    kind,
    index,
    field: issue.path.map(String).join('.'),
    message: issue.message,
  }));
}

/** A colour the screens can paint: #rgb, #rrggbb, #rrggbbaa or a CSS colour name. */
const COLOUR = z
  .string()
  .max(40)
  .regex(
    /^(#([0-9a-f]{3}|[0-9a-f]{6}|[0-9a-f]{8})|[a-z]{3,30})$/i,
    'expected a colour (#rrggbb or a CSS name)',
  );
const KEY = z.string().trim().min(1, 'must not be empty').max(60);

const ENTRY: Record<SettingsListKey, z.ZodType> = {
  statusConfig: z.looseObject({ _key: KEY, _value: TEXT, color: COLOUR, textColor: COLOUR }),
  workflow_calevents: z.looseObject({
    _key: KEY,
    _value: TEXT,
    groupID: KEY.nullish(),
    color: COLOUR.nullish(),
    textColor: COLOUR.nullish(),
  }),
  workflow_groups: z.looseObject({ groupID: KEY, name: TEXT.nullish(), isDefault: z.boolean().optional() }),
};

/** Which document each list belongs to. */
const DOCUMENT: Record<SettingsListKey, 'job_status_config' | 'workflows'> = {
  statusConfig: 'job_status_config',
  workflow_calevents: 'workflows',
  workflow_groups: 'workflows',
};

export type SettingsCheck = {
  problems: Problem[];
  /** The documents to write: each given list without a problem, by document. */
  documents: { key: string; value: Record<string, unknown> }[];
};

/**
 * Checks the settings lists of an import. `storedGroups` are the organisation's workflow group
 * ids, which an event may name when the file brings no `workflow_groups`.
 */
export function checkSettingsLists(
  lists: Partial<Record<SettingsListKey, unknown>>,
  storedGroups: readonly string[],
): SettingsCheck {
  const problems: Problem[] = [];
  const good: Partial<Record<SettingsListKey, Record<string, unknown>[]>> = {};
  for (const key of SETTINGS_KEYS) {
    const list = lists[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      problems.push({ kind: key, index: 0, field: '', message: 'expected a list' });
      continue;
    }
    const idField = key === 'workflow_groups' ? 'groupID' : '_key';
    const seen = new Map<string, number>();
    const entries: Record<string, unknown>[] = [];
    list.forEach((entry, index) => {
      const id = entry && typeof entry === 'object' ? (entry as Record<string, unknown>)[idField] : undefined;
      const first = typeof id === 'string' ? seen.get(id) : undefined;
      if (typeof id === 'string' && first === undefined) seen.set(id, index);
      const parsed = ENTRY[key].safeParse(entry);
      if (!parsed.success) {
        problems.push(...problemsOf(key, index, parsed.error));
        return;
      }
      if (first !== undefined) {
        problems.push({
          kind: key,
          index,
          field: idField,
          message: `duplicate ${idField} ${JSON.stringify(id)} (also ${key}[${first}])`,
        });
        return;
      }
      entries.push(parsed.data as Record<string, unknown>);
    });
    good[key] = entries;
  }

  // Workflow groups: one default at most (spec: "The default group's events form the events list").
  const groups = lists.workflow_groups;
  if (Array.isArray(groups)) {
    const defaults = groups.flatMap((g, i) =>
      g && typeof g === 'object' && (g as { isDefault?: unknown }).isDefault === true ? [i] : [],
    );
    for (const i of defaults.slice(1))
      problems.push({
        kind: 'workflow_groups',
        index: i,
        field: 'isDefault',
        message: `only one group may be the default (workflow_groups[${defaults[0]}] already is)`,
      });
  }
  // Each event's group exists: in the file's groups, else among the stored ones.
  const known = new Set(
    Array.isArray(groups) ? (good.workflow_groups ?? []).map((g) => String(g.groupID)) : storedGroups,
  );
  const events = lists.workflow_calevents;
  if (Array.isArray(events)) {
    events.forEach((e, index) => {
      const groupID = e && typeof e === 'object' ? (e as { groupID?: unknown }).groupID : undefined;
      if (typeof groupID === 'string' && groupID.trim() && !known.has(groupID))
        problems.push({
          kind: 'workflow_calevents',
          index,
          field: 'groupID',
          message: `no workflow group ${JSON.stringify(groupID)} in the file or the organisation`,
        });
    });
  }

  // A list with any problem is not written at all (not even with --skip-invalid: half a status
  // config is worse than the stored one); events go with their groups.
  const bad = new Set(problems.map((p) => p.kind));
  if (bad.has('workflow_groups')) bad.add('workflow_calevents');
  const byDocument = new Map<string, Record<string, unknown>>();
  for (const key of SETTINGS_KEYS) {
    const entries = good[key];
    if (!entries || bad.has(key)) continue;
    const doc = byDocument.get(DOCUMENT[key]) ?? {};
    doc[key] = entries;
    byDocument.set(DOCUMENT[key], doc);
  }
  return { problems, documents: [...byDocument].map(([key, value]) => ({ key, value })) };
}
