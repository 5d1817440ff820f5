import { describe, expect, it } from 'vitest';
import { defaultEvents, NEW_DEFAULT_GROUP, removeEvent, saveEvent } from './workflows.ts';

const doc = {
  workflow_groups: [
    { groupID: 'g1', name: 'Care' },
    { groupID: 'g2', name: 'Main', isDefault: true },
  ],
  workflow_calevents: [
    { _key: 'visit', _value: 'Visit', groupID: 'g1' },
    { _key: 'meeting', _value: 'Meeting', groupID: 'g2' },
    { _key: 'training', _value: 'Training', groupID: 'g2' },
  ],
};

describe('events of the default workflow group', () => {
  it("lists only the default group's events, in order", () => {
    expect(defaultEvents(doc).map((e) => e._key)).toEqual(['meeting', 'training']);
  });

  it('lists nothing when no group is the default', () => {
    expect(defaultEvents({ ...doc, workflow_groups: [{ groupID: 'g1' }] })).toEqual([]);
  });

  it('adds a new event to the default group, trimming its label', () => {
    const r = saveEvent(doc, { _key: 'audit', _value: ' Audit ', color: '#fff' }, undefined);
    expect(r.ok && r.workflows.workflow_calevents.at(-1)).toEqual({
      _key: 'audit',
      _value: 'Audit',
      color: '#fff',
      groupID: 'g2',
    });
  });

  it('starts a default group when there is none', () => {
    const r = saveEvent(
      { workflow_groups: [], workflow_calevents: [] },
      { _key: 'a', _value: 'A' },
      undefined,
    );
    expect(r.ok && r.workflows.workflow_groups).toEqual([NEW_DEFAULT_GROUP]);
    expect(r.ok && r.workflows.workflow_calevents[0]?.groupID).toBe(NEW_DEFAULT_GROUP.groupID);
  });

  it('refuses a key used anywhere in the document, a malformed key and a blank label', () => {
    expect(saveEvent(doc, { _key: 'visit', _value: 'x' }, undefined)).toEqual({
      ok: false,
      issues: [{ field: '_key', code: 'key_taken' }],
    });
    expect(saveEvent(doc, { _key: 'no spaces', _value: ' ' }, undefined)).toEqual({
      ok: false,
      issues: [
        { field: '_key', code: 'key_invalid' },
        { field: '_value', code: 'label_required' },
      ],
    });
  });

  it('edits an event in place, keeping its own key', () => {
    const r = saveEvent(doc, { _key: 'meeting', _value: 'Team meeting' }, 'meeting');
    expect(r.ok && r.workflows.workflow_calevents.map((e) => e._value)).toEqual([
      'Visit',
      'Team meeting',
      'Training',
    ]);
  });

  it('removes an event by key and nothing else', () => {
    expect(removeEvent(doc, 'meeting').workflow_calevents.map((e) => e._key)).toEqual(['visit', 'training']);
  });
});
