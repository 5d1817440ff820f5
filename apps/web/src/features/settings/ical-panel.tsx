import type { CursorPage } from '@rostra/core/api/common';
import type { LabelRecord } from '@rostra/core/api/labels';
import type { ResourceRecord } from '@rostra/core/api/resources';
import {
  type CreatedIcalFeed,
  ICAL_SCOPES,
  type IcalFeed,
  type IcalFeedsAnswer,
} from '@rostra/core/api/settings';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Copy, Plus } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { z } from 'zod';
import { api } from '../../lib/client.ts';
import { useOrgDates } from '../../lib/org-dates.ts';
import { askConfirm } from '../../lib/overlays.ts';
import { errorText } from '../../lib/roster.ts';
import { notify } from '../../lib/toast.ts';
import { Button } from '../../ui/button.tsx';
import { Form, FormSelect, SubmitButton } from '../../ui/form.tsx';
import { useZodForm } from '../../ui/zod-form.ts';
import { Loaded, SettingsSection } from './form-parts.tsx';

/** Texts of the calendar feeds section (this panel is the only place that shows them). */
export const ICAL_PANEL_TEXT = {
  title: 'Calendar feeds',
  intro:
    'Secret addresses calendar apps subscribe to: a resource’s jobs, or a team’s (every job carrying a label). Anyone with the address can read the calendar; revoke it when it is no longer needed.',
  scope: 'Feed of',
  scopeResource: 'A resource’s jobs',
  scopeLabel: 'A team’s jobs (label)',
  target: 'Resource or label',
  choose: 'Choose…',
  create: 'Create feed',
  creating: 'Creating…',
  chooseTarget: 'Choose a resource or a label first',
  created: 'Calendar feed created',
  newUrl: 'Copy this address into the calendar app now: it is shown only once.',
  copy: 'Copy address',
  copied: 'Address copied',
  copyFailed: 'Copying failed: select the address and copy it by hand',
  empty: 'No calendar feeds yet',
  emptyHint: 'Create one above; its address appears here once.',
  revoke: 'Revoke',
  revokeConfirm: (name: string) =>
    `Revoke the calendar feed of ${name}? Calendar apps subscribed to it stop receiving jobs.`,
  revoked: 'Feed revoked',
  revokedOn: (when: string) => `Revoked ${when}`,
  active: 'Active',
  lastFetched: (when: string) => `Last read by a calendar app ${when}`,
  neverFetched: 'Not read by a calendar app yet',
  resource: 'Resource',
  label: 'Team',
  columns: { target: 'Feed of', created: 'Created', status: 'Status', actions: 'Actions' },
} as const;
const T = ICAL_PANEL_TEXT;

/** A new feed: its scope and the resource or label it follows (the server checks that it exists). */
const createForm = z.object({
  scope: z.enum(ICAL_SCOPES),
  target_id: z.string().min(1, T.chooseTarget),
});
type CreateValues = z.input<typeof createForm>;

const FEEDS = ['ical-feeds'] as const;
/** What a feed follows: one resource's jobs, or every job needing a label. */
const SCOPES: [string, string][] = [
  ['resource', T.scopeResource],
  ['label', T.scopeLabel],
];

/** The settings section listing, creating and revoking secret iCal feed URLs (issue 8). */
export function IcalPanel() {
  const dates = useOrgDates();
  const queryClient = useQueryClient();
  const feeds = useQuery({
    queryKey: FEEDS,
    queryFn: async () => (await api.get<IcalFeedsAnswer>('/ical_feeds', { quiet: true })).items,
  });
  const resources = useQuery({
    queryKey: ['ical-feeds', 'resources'],
    queryFn: async () =>
      (await api.get<CursorPage<ResourceRecord>>('/resources', { query: { limit: 250 }, quiet: true })).items,
  });
  const labels = useQuery({
    queryKey: ['ical-feeds', 'labels'],
    queryFn: async () =>
      (await api.get<CursorPage<LabelRecord>>('/labels', { query: { limit: 250 }, quiet: true })).items,
  });
  const [created, setCreated] = useState<{ id: string; url: string } | null>(null);
  const form = useZodForm(createForm, { defaultValues: { scope: 'resource', target_id: '' } });
  const scope = useWatch({ control: form.control, name: 'scope' });
  const targets = (scope === 'resource' ? resources.data : labels.data) ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: FEEDS });

  const create = async (body: z.output<typeof createForm>) => {
    const feed = await api.post<CreatedIcalFeed>('/ical_feeds', body, { quiet: true, retry: false });
    setCreated({ id: feed._id, url: feed.url });
    form.reset({ scope: body.scope, target_id: '' });
    notify.success(T.created);
    await refresh();
  };

  const revoke = async (feed: IcalFeed) => {
    if (!(await askConfirm(T.revokeConfirm(feed.target_name || feed.target_id)))) return;
    try {
      await api.request(`/ical_feeds/${encodeURIComponent(feed._id)}`, {
        method: 'DELETE',
        quiet: true,
        retry: false,
      });
      if (created?.id === feed._id) setCreated(null);
      notify.success(T.revoked);
      await refresh();
    } catch (e) {
      notify.error(errorText(e));
    }
  };

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      notify.success(T.copied);
    } catch {
      notify.error(T.copyFailed);
    }
  };

  return (
    <SettingsSection title={T.title} intro={T.intro} testId="ical-panel">
      <Form form={form} onSubmit={create} guard={false} className="flex flex-wrap items-start gap-3">
        <FormSelect<CreateValues>
          name="scope"
          label={T.scope}
          options={SCOPES}
          // Another scope: its targets are another list, so the choice starts again.
          onChangeCapture={() => form.setValue('target_id', '')}
          className="w-full sm:w-56"
        />
        <FormSelect<CreateValues>
          name="target_id"
          label={T.target}
          options={[['', T.choose], ...targets.map((t) => [t._id, t.name ?? t._id] as const)]}
          className="w-full sm:w-72"
        />
        <SubmitButton pending={T.creating} className="sm:mt-6">
          <Plus aria-hidden className="size-4" />
          {T.create}
        </SubmitButton>
      </Form>

      {created ? (
        <div role="status" className="mt-4 rounded-md border border-sky-200 bg-sky-50 p-3">
          <p className="text-sm text-sky-900">{T.newUrl}</p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <input
              readOnly
              value={created.url}
              aria-label={T.newUrl}
              onFocus={(e) => e.currentTarget.select()}
              className="min-h-11 min-w-0 flex-1 rounded-md border border-neutral-300 bg-white px-3 font-mono text-xs sm:min-h-9"
              data-testid="ical-new-url"
            />
            <Button variant="secondary" onClick={() => void copy(created.url)}>
              <Copy aria-hidden className="size-4" />
              {T.copy}
            </Button>
          </div>
        </div>
      ) : null}

      <div className="mt-6">
        <Loaded query={feeds}>
          {(items) =>
            items.length === 0 ? (
              <div
                role="status"
                className="rounded-lg border border-dashed border-neutral-300 px-6 py-8 text-center"
              >
                <p className="text-sm font-medium text-neutral-800">{T.empty}</p>
                <p className="mt-1 text-sm text-neutral-500">{T.emptyHint}</p>
              </div>
            ) : (
              <ul className="divide-y divide-neutral-200 rounded-md border border-neutral-200 bg-white">
                {items.map((feed) => (
                  <li
                    key={feed._id}
                    className="flex flex-col gap-2 px-3 py-2 sm:flex-row sm:items-center sm:gap-4"
                    data-testid="ical-feed"
                  >
                    <div className="min-w-0 sm:flex-1">
                      <p className="truncate text-sm font-medium text-neutral-900">
                        {feed.scope === 'resource' ? T.resource : T.label}:{' '}
                        {feed.target_name || feed.target_id}
                      </p>
                      <p className="text-xs text-neutral-500">
                        {dates.instant(feed.created_at / 1000)} ·{' '}
                        {feed.last_fetched_at
                          ? T.lastFetched(dates.instant(feed.last_fetched_at / 1000))
                          : T.neverFetched}
                      </p>
                    </div>
                    {feed.revoked_at ? (
                      <span className="text-xs text-neutral-500">
                        {T.revokedOn(dates.instant(feed.revoked_at / 1000))}
                      </span>
                    ) : (
                      <>
                        <span className="rounded-full bg-green-50 px-2 py-0.5 text-xs font-medium text-green-800">
                          {T.active}
                        </span>
                        <Button variant="secondary" onClick={() => void revoke(feed)}>
                          {T.revoke}
                        </Button>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            )
          }
        </Loaded>
      </div>
    </SettingsSection>
  );
}
