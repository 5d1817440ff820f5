import type { WorkflowsAnswer } from '@rostra/core/api/settings';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/client.ts';

/*
 * Events (/events, issue 8): the default workflow group's calendar events (shell spec §3:
 * workflow_calevents and workflow_groups with groupID and isDefault). They live in the
 * organisation's `workflows` settings document (`GET`/`PUT /api/v1/workflows`, versioned).
 */

/** The document as the API answers it (core's `workflowsAnswer`). */
export type Workflows = Pick<WorkflowsAnswer, 'workflow_calevents' | 'workflow_groups' | 'version'>;
export type WorkflowEvent = Workflows['workflow_calevents'][number];
export type WorkflowGroup = Workflows['workflow_groups'][number];

/** The group a new default gets when the organisation has none yet. */
export const NEW_DEFAULT_GROUP: WorkflowGroup = { groupID: 'default', name: 'Default', isDefault: true };

export const KEY_PATTERN = /^[A-Za-z0-9_-]{1,60}$/;

export function defaultGroup(w: Pick<Workflows, 'workflow_groups'>): WorkflowGroup | undefined {
  return w.workflow_groups.find((g) => g.isDefault === true);
}

/** The events list: the default group's events, in the document's order. */
export function defaultEvents(w: Pick<Workflows, 'workflow_groups' | 'workflow_calevents'>): WorkflowEvent[] {
  const group = defaultGroup(w);
  if (!group) return [];
  return w.workflow_calevents.filter((e) => e.groupID === group.groupID);
}

export type EventIssue = { field: '_key' | '_value'; code: 'key_invalid' | 'key_taken' | 'label_required' };

/**
 * The document with `event` saved into the default group (created when there is none):
 * `originalKey` is the key it had (an edit), undefined for a new one. Keys are unique across the
 * document. Returns the issues instead when the event is not acceptable.
 */
export function saveEvent(
  w: Pick<Workflows, 'workflow_groups' | 'workflow_calevents'>,
  event: WorkflowEvent,
  originalKey: string | undefined,
): { ok: true; workflows: Omit<Workflows, 'version'> } | { ok: false; issues: EventIssue[] } {
  const issues: EventIssue[] = [];
  if (!KEY_PATTERN.test(event._key)) issues.push({ field: '_key', code: 'key_invalid' });
  else if (event._key !== originalKey && w.workflow_calevents.some((e) => e._key === event._key))
    issues.push({ field: '_key', code: 'key_taken' });
  if (event._value.trim() === '') issues.push({ field: '_value', code: 'label_required' });
  if (issues.length) return { ok: false, issues };
  const group = defaultGroup(w) ?? NEW_DEFAULT_GROUP;
  const groups = defaultGroup(w) ? w.workflow_groups : [...w.workflow_groups, NEW_DEFAULT_GROUP];
  const saved: WorkflowEvent = { ...event, _value: event._value.trim(), groupID: group.groupID };
  const events =
    originalKey === undefined
      ? [...w.workflow_calevents, saved]
      : w.workflow_calevents.map((e) => (e._key === originalKey ? saved : e));
  return { ok: true, workflows: { workflow_groups: groups, workflow_calevents: events } };
}

export function removeEvent(
  w: Pick<Workflows, 'workflow_groups' | 'workflow_calevents'>,
  key: string,
): Omit<Workflows, 'version'> {
  return {
    workflow_groups: w.workflow_groups,
    workflow_calevents: w.workflow_calevents.filter((e) => e._key !== key),
  };
}

/** Only the fields the document takes (the PUT body is strict). */
function clean(w: Omit<Workflows, 'version'>): Omit<Workflows, 'version'> {
  return {
    workflow_calevents: w.workflow_calevents.map((e) => ({
      _key: e._key,
      _value: e._value,
      ...(e.groupID != null ? { groupID: e.groupID } : {}),
      ...(e.color ? { color: e.color } : {}),
      ...(e.textColor ? { textColor: e.textColor } : {}),
    })),
    workflow_groups: w.workflow_groups.map((g) => ({
      groupID: g.groupID,
      ...(g.name != null ? { name: g.name } : {}),
      ...(g.isDefault !== undefined ? { isDefault: g.isDefault } : {}),
    })),
  };
}

export const workflowsQuery = queryOptions({
  queryKey: ['workflows'] as const,
  queryFn: ({ signal }) => api.get<Workflows>('/workflows', { quiet: true, signal }),
});

export const putWorkflows = (w: Omit<Workflows, 'version'>, version: number) =>
  api.request<Workflows>('/workflows', {
    method: 'PUT',
    body: { ...clean(w), version },
    quiet: true,
    retry: false,
  });
