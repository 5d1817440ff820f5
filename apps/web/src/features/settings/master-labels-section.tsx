import type { CursorPage } from '@rostra/core/api/common';
import { emptyMasterLabels, type MasterLabelsAnswer } from '@rostra/core/api/settings';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { isApiError } from '../../lib/api.ts';
import { api } from '../../lib/client.ts';
import { notify } from '../../lib/toast.ts';
import { useShell } from '../../shell/shell-context.tsx';
import { Fieldset } from '../../ui/fieldset.tsx';
import { Form, FormCheckbox, FormMultiSelect, FormSelect, SubmitButton } from '../../ui/form.tsx';
import { useZodForm } from '../../ui/zod-form.ts';
import { Loaded, SelectField, SettingsSection } from './form-parts.tsx';
import { PLANS_TEXT as P } from './plans-labels-text.ts';
import { type Label, membersQuery, send } from './settings-api.ts';

/*
 * Dispatcher master labels (scheduling spec §3 `dispatcher_master_labels`, §5 "strict mode
 * requires all master labels, non-strict requires any"): which labels narrow a dispatcher's
 * bookings (`labels`), customers (`cs_lbls`) and resources (`res_labels`), whether strict, each
 * list's own strict mode (`strict_boo`, `strict_cus`, `strict_res`; unset: follows `strict`), and
 * whether published (only a published document filters). Any dispatcher edits any dispatcher's.
 */

const ROOT = ['admin-settings', 'master-labels'] as const;

const allLabelsQuery = queryOptions({
  queryKey: [...ROOT, 'labels'],
  queryFn: async () =>
    (await api.get<CursorPage<Label>>('/labels', { query: { limit: 250 }, quiet: true })).items,
});

/** A dispatcher's document; none stored yet (404) is the empty one at version 0. */
const masterLabelsQuery = (uid: string) =>
  queryOptions({
    queryKey: [...ROOT, uid],
    queryFn: async () => {
      try {
        return await api.get<MasterLabelsAnswer>(`/dispatcher-master-labels/${encodeURIComponent(uid)}`, {
          quiet: true,
        });
      } catch (e) {
        if (isApiError(e) && e.status === 404) return emptyMasterLabels(uid);
        throw e;
      }
    },
  });

export function MasterLabelsSection() {
  const { me } = useShell();
  const [uid, setUid] = useState(me.uid);
  const members = useQuery(membersQuery);
  const dispatchers = (members.data ?? []).filter((m) => m.role === 'dispatcher');
  const options = dispatchers.some((d) => d.uid === me.uid)
    ? dispatchers.map((d) => ({ value: d.uid, label: d.uid === me.uid ? P.me(d.name) : d.name }))
    : [{ value: me.uid, label: P.me(me.user_details.displayName || me.uid) }];
  const doc = useQuery(masterLabelsQuery(uid));
  const labels = useQuery(allLabelsQuery);
  return (
    <SettingsSection title={P.masterLabels} intro={P.labelsIntro}>
      <SelectField
        className="max-w-sm"
        label={P.dispatcher}
        value={uid}
        onChange={setUid}
        options={options}
      />
      <div className="mt-4">
        <Loaded query={doc}>
          {(d) => (
            <Loaded query={labels}>
              {(all) => <MasterLabelsForm key={`${d._id}-${d.version}`} doc={d} labels={all} />}
            </Loaded>
          )}
        </Loaded>
      </div>
    </SettingsSection>
  );
}

/** '' follows `strict`; 'all' and 'any' set the list's own mode. */
const MODE = z.enum(['', 'all', 'any']);
const schema = z.object({
  labels: z.array(z.string()),
  cs_lbls: z.array(z.string()),
  res_labels: z.array(z.string()),
  strict: z.boolean(),
  strict_boo: MODE,
  strict_cus: MODE,
  strict_res: MODE,
  published: z.boolean(),
});
type Values = z.input<typeof schema>;

const toMode = (v: boolean | null): z.infer<typeof MODE> => (v === null ? '' : v ? 'all' : 'any');
const fromMode = (m: z.infer<typeof MODE>): boolean | null => (m === '' ? null : m === 'all');

function MasterLabelsForm({ doc, labels }: { doc: MasterLabelsAnswer; labels: readonly Label[] }) {
  const queryClient = useQueryClient();
  const form = useZodForm(schema, {
    defaultValues: {
      labels: doc.labels,
      cs_lbls: doc.cs_lbls,
      res_labels: doc.res_labels,
      strict: doc.strict,
      strict_boo: toMode(doc.strict_boo),
      strict_cus: toMode(doc.strict_cus),
      strict_res: toMode(doc.strict_res),
      published: doc.published,
    },
  });
  const save = async (v: z.output<typeof schema>) => {
    await send('PUT', `/dispatcher-master-labels/${encodeURIComponent(doc._id)}`, {
      ...v,
      strict_boo: fromMode(v.strict_boo),
      strict_cus: fromMode(v.strict_cus),
      strict_res: fromMode(v.strict_res),
      version: doc.version,
    });
    notify.success(P.labelsSaved);
    await queryClient.invalidateQueries({ queryKey: [...ROOT, doc._id] });
  };
  const options = labels.map((l): [string, string] => [l._id, `${l.name ?? l._id} (${l.type ?? 'label'})`]);
  const modes: [string, string][] = [
    ['', P.followDefault],
    ['all', P.strictAll],
    ['any', P.strictAny],
  ];
  const lists = [
    ['labels', 'strict_boo', P.bookingLabels],
    ['cs_lbls', 'strict_cus', P.customerLabels],
    ['res_labels', 'strict_res', P.resourceLabels],
  ] as const;
  return (
    <Form form={form} onSubmit={save} className="space-y-4" aria-label={P.masterLabels}>
      {labels.length === 0 ? <p className="text-sm text-neutral-600">{P.noLabelsToPick}</p> : null}
      <FormCheckbox<Values> name="strict" label={P.strict} />
      <div className="grid gap-4 lg:grid-cols-3">
        {lists.map(([list, mode, title]) => (
          <Fieldset
            key={list}
            className="min-w-0 space-y-2 rounded-md border border-neutral-200 p-3"
            legend={title}
            look="hidden"
          >
            <FormMultiSelect<Values> name={list} label={title} description={P.multiHint} options={options} />
            <FormSelect<Values> name={mode} label={P.strictFor(title)} options={modes} />
          </Fieldset>
        ))}
      </div>
      <FormCheckbox<Values> name="published" label={P.published} />
      <SubmitButton needsChange pending={P.saving}>
        {P.save}
      </SubmitButton>
    </Form>
  );
}
