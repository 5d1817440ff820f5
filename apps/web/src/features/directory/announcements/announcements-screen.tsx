import { ANNOUNCEMENT_ROLES, type AnnouncementRole } from '@rostra/core/api/announcements';
import { formatDateTime, toWallClock } from '@rostra/core/time/calendar';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Megaphone, Send } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { openPanel } from '../../../lib/overlays.ts';
import { patchSearch } from '../../../lib/search-params.ts';
import { notify } from '../../../lib/toast.ts';
import { useUnsavedChanges } from '../../../lib/unsaved.ts';
import { useShell } from '../../../shell/shell-context.tsx';
import { Button } from '../../../ui/button.tsx';
import { ControlField } from '../../../ui/control-field.tsx';
import { Field, FormMessage } from '../../../ui/field.tsx';
import { QueryState } from '../../../ui/list-state.tsx';
import { Pager } from '../../../ui/pager.tsx';
import { pageFrom } from '../model.ts';
import { ScreenHeader, saveErrors, selectClass } from '../parts.tsx';
import type { AnnouncementsSearch } from '../search.ts';
import { ANNOUNCEMENTS_TEXT as A } from '../texts.ts';
import { ANNOUNCEMENTS_KEY, announcementsQuery, postAnnouncement } from './api.ts';

const PAGE_SIZE = 10;
const ROLES = ANNOUNCEMENT_ROLES;

const roleName = (r: string) => A.roleNames[r as AnnouncementRole] ?? r;

/**
 * Announcements (/announcements, issue 8): dispatchers write one to everyone or to some roles;
 * it is stored and broadcast live to the signed-in users it is for, who see it in the shell's
 * broadcast slide-over. Everyone sees the list of those meant for them, ten a page.
 */
export function AnnouncementsScreen() {
  const { role, me } = useShell();
  const isDispatcher = role === 'dispatcher';
  const search = useSearch({ from: '/shell/announcements' });
  const navigate = useNavigate({ from: '/announcements' });
  const setSearch = (patch: Partial<AnnouncementsSearch>) =>
    void navigate({ search: (prev) => patchSearch(prev, patch), replace: true });
  const page = pageFrom(search.page);
  const list = useQuery(announcementsQuery(page, PAGE_SIZE));
  const zone = me.company?.time_zone || 'UTC';
  const when = (ms: number) => formatDateTime(toWallClock(ms, zone));

  return (
    <div className="mx-auto max-w-4xl px-4 py-5 sm:px-6">
      <ScreenHeader
        title={A.title}
        action={
          <Button variant="secondary" onClick={() => openPanel('broadcast')}>
            <Megaphone aria-hidden className="size-4" />
            {A.showBroadcasts}
          </Button>
        }
      />
      {isDispatcher ? <ComposeForm /> : null}
      <section aria-label={A.list} className="mt-6">
        <h2 className="mb-2 text-sm font-semibold text-neutral-700">{A.list}</h2>
        <QueryState
          isPending={list.isPending}
          error={list.error}
          isEmpty={(list.data?.items.length ?? 0) === 0}
          onRetry={() => void list.refetch()}
          failedTitle={A.title}
          emptyTitle={A.empty}
          rows={3}
        >
          <ul className="divide-y divide-neutral-100 rounded-lg border border-neutral-200 bg-white">
            {(list.data?.items ?? []).map((a) => (
              <li key={a._id} className="px-4 py-3" data-announcement={a._id}>
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <p className="font-medium text-neutral-900">{a.title}</p>
                  <p className="text-xs text-neutral-500 tabular-nums">{when(a.created_at)}</p>
                </div>
                <p className="mt-1 text-sm whitespace-pre-line text-neutral-700">{a.body}</p>
                <p className="mt-1 text-xs text-neutral-500">
                  {A.to(a.roles.length ? a.roles.map(roleName).join(', ') : A.everyone)}
                </p>
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            limit={list.data?.limit ?? PAGE_SIZE}
            total={list.data?.total ?? 0}
            isFetching={list.isFetching}
            onPage={(p) => setSearch({ page: String(p) })}
          />
        </QueryState>
      </section>
    </div>
  );
}

type Values = { title: string; body: string; audience: 'all' | 'roles'; roles: AnnouncementRole[] };
const EMPTY: Values = { title: '', body: '', audience: 'all', roles: [] };

function ComposeForm() {
  const queryClient = useQueryClient();
  const id = useId();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<'title' | 'body' | 'roles' | 'form', string>>>({});
  const [isSending, setSending] = useState(false);
  useUnsavedChanges(values.title !== '' || values.body !== '');
  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: typeof errors = {};
    if (!values.title.trim()) found.title = A.titleRequired;
    if (!values.body.trim()) found.body = A.bodyRequired;
    if (values.audience === 'roles' && values.roles.length === 0) found.roles = A.chooseRole;
    if (Object.keys(found).length) {
      setErrors(found);
      return;
    }
    setSending(true);
    try {
      await postAnnouncement({
        title: values.title.trim(),
        body: values.body.trim(),
        roles: values.audience === 'roles' ? values.roles : [],
      });
      setValues(EMPTY);
      notify.success(A.sent);
      await queryClient.invalidateQueries({ queryKey: ANNOUNCEMENTS_KEY });
    } catch (err) {
      setErrors(saveErrors(err, { title: 'title', body: 'body', roles: 'roles' }).errors);
    } finally {
      setSending(false);
    }
  };
  return (
    <form
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby={`${id}-title`}
      className="mt-4 space-y-3 rounded-lg border border-neutral-200 bg-white p-4"
    >
      <h2 id={`${id}-title`} className="text-sm font-semibold text-neutral-700">
        {A.compose}
      </h2>
      <FormMessage message={errors.form} />
      <Field
        label={A.titleLabel}
        value={values.title}
        maxLength={200}
        onChange={(e) => set('title', e.target.value)}
        error={errors.title}
      />
      <ControlField label={A.body} error={errors.body}>
        {(cid, describedBy) => (
          <textarea
            id={cid}
            rows={4}
            maxLength={5000}
            aria-describedby={describedBy}
            aria-invalid={errors.body ? true : undefined}
            value={values.body}
            onChange={(e) => set('body', e.target.value)}
            className={`${selectClass(Boolean(errors.body))} py-2`}
          />
        )}
      </ControlField>
      <fieldset>
        <legend className="text-sm font-medium text-neutral-700">{A.audience}</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {(['all', 'roles'] as const).map((a) => (
            <label key={a} className="flex min-h-11 items-center gap-2 text-sm sm:min-h-9">
              <input
                type="radio"
                name={`${id}-audience`}
                checked={values.audience === a}
                onChange={() => set('audience', a)}
                className="accent-sky-700"
              />
              {a === 'all' ? A.everyone : A.someRoles}
            </label>
          ))}
        </div>
        {values.audience === 'roles' ? (
          <div
            className="mt-1 flex flex-wrap gap-3"
            aria-describedby={errors.roles ? `${id}-roles` : undefined}
          >
            {ROLES.map((r) => (
              <label key={r} className="flex min-h-11 items-center gap-2 text-sm sm:min-h-9">
                <input
                  type="checkbox"
                  checked={values.roles.includes(r)}
                  onChange={(e) =>
                    set(
                      'roles',
                      e.target.checked ? [...values.roles, r] : values.roles.filter((x) => x !== r),
                    )
                  }
                  className="size-4 accent-sky-700"
                />
                {roleName(r)}
              </label>
            ))}
          </div>
        ) : null}
        {errors.roles ? (
          <p id={`${id}-roles`} role="alert" className="mt-1 text-sm text-red-700">
            {errors.roles}
          </p>
        ) : null}
      </fieldset>
      <div className="flex justify-end">
        <Button type="submit" disabled={isSending}>
          <Send aria-hidden className="size-4" />
          {isSending ? A.sending : A.send}
        </Button>
      </div>
    </form>
  );
}
