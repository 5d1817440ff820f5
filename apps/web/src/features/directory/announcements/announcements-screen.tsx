import {
  ANNOUNCEMENT_ROLES,
  type AnnouncementBody,
  type AnnouncementRole,
  announcementBody,
} from '@rostra/core/api/announcements';
import { toWallClock } from '@rostra/core/time/calendar';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { Megaphone, Send } from 'lucide-react';
import { useId } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { z } from 'zod';
import { useOrgDates } from '../../../lib/org-dates.ts';
import { openPanel } from '../../../lib/overlays.ts';
import { patchSearch } from '../../../lib/search-params.ts';
import { notify } from '../../../lib/toast.ts';
import { useShell } from '../../../shell/shell-context.tsx';
import { Button } from '../../../ui/button.tsx';
import { FieldError } from '../../../ui/control-field.tsx';
import { Fieldset } from '../../../ui/fieldset.tsx';
import { Form, FormInput, FormTextarea, SubmitButton } from '../../../ui/form.tsx';
import { QueryState } from '../../../ui/list-state.tsx';
import { Pager, pagerCounts } from '../../../ui/pager.tsx';
import { useZodForm } from '../../../ui/zod-form.ts';
import { pageFrom } from '../model.ts';
import { ScreenHeader } from '../parts.tsx';
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
  const dates = useOrgDates();
  const { role, me } = useShell();
  const isDispatcher = role === 'dispatcher';
  const search = useSearch({ from: '/shell/announcements' });
  const navigate = useNavigate({ from: '/announcements' });
  const setSearch = (patch: Partial<AnnouncementsSearch>) =>
    void navigate({ search: (prev) => patchSearch(prev, patch), replace: true });
  const page = pageFrom(search.page);
  const list = useQuery(announcementsQuery(page, PAGE_SIZE));
  const zone = me.company?.time_zone || 'UTC';
  const when = (ms: number) => dates.dateTime(toWallClock(ms, zone));

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
            {...pagerCounts(list, PAGE_SIZE)}
            onPage={(p) => setSearch({ page: String(p) })}
          />
        </QueryState>
      </section>
    </div>
  );
}

/**
 * The compose form's values and checks; what it sends is core's `announcementBody` (its schema
 * checks the body too). A message is required here, and "some roles" needs at least one.
 */
const composeForm = z
  .object({
    title: z.string(),
    body: z.string(),
    audience: z.enum(['all', 'roles']),
    roles: z.array(z.enum(ROLES)),
  })
  .superRefine((v, ctx) => {
    if (!v.title.trim()) ctx.addIssue({ code: 'custom', path: ['title'], message: A.titleRequired });
    if (!v.body.trim()) ctx.addIssue({ code: 'custom', path: ['body'], message: A.bodyRequired });
    if (v.audience === 'roles' && v.roles.length === 0)
      ctx.addIssue({ code: 'custom', path: ['roles'], message: A.chooseRole });
  })
  .transform(
    (v): AnnouncementBody => ({
      title: v.title.trim(),
      body: v.body.trim(),
      roles: v.audience === 'roles' ? v.roles : [],
    }),
  )
  .pipe(announcementBody);
type Values = z.input<typeof composeForm>;
const EMPTY: Values = { title: '', body: '', audience: 'all', roles: [] };

function ComposeForm() {
  const queryClient = useQueryClient();
  const id = useId();
  const form = useZodForm(composeForm, { defaultValues: EMPTY });
  const send = async (body: AnnouncementBody) => {
    await postAnnouncement(body);
    form.reset(EMPTY);
    notify.success(A.sent);
    await queryClient.invalidateQueries({ queryKey: ANNOUNCEMENTS_KEY });
  };
  return (
    <Form
      form={form}
      onSubmit={send}
      aria-labelledby={`${id}-title`}
      className="mt-4 space-y-3 rounded-lg border border-neutral-200 bg-white p-4"
    >
      <h2 id={`${id}-title`} className="text-sm font-semibold text-neutral-700">
        {A.compose}
      </h2>
      <FormInput<Values> name="title" label={A.titleLabel} maxLength={200} />
      <FormTextarea<Values> name="body" label={A.body} rows={4} maxLength={5000} />
      <AudienceField />
      <div className="flex justify-end">
        <SubmitButton pending={A.sending}>
          <Send aria-hidden className="size-4" />
          {A.send}
        </SubmitButton>
      </div>
    </Form>
  );
}

/** Everyone, or only the roles ticked (their message announced under the group). */
function AudienceField() {
  const id = useId();
  const { control } = useFormContext<Values>();
  const audience = useController({ name: 'audience', control });
  const roles = useController({ name: 'roles', control });
  const message = roles.fieldState.error?.message;
  return (
    <Fieldset aria-describedby={message ? `${id}-roles` : undefined} legend={A.audience}>
      <div className="mt-1 flex flex-wrap gap-4">
        {(['all', 'roles'] as const).map((a) => (
          <label key={a} className="flex min-h-11 items-center gap-2 text-sm sm:min-h-9">
            <input
              type="radio"
              name={`${id}-audience`}
              checked={audience.field.value === a}
              onChange={() => audience.field.onChange(a)}
              className="accent-sky-700"
            />
            {a === 'all' ? A.everyone : A.someRoles}
          </label>
        ))}
      </div>
      {audience.field.value === 'roles' ? (
        <div className="mt-1 flex flex-wrap gap-3">
          {ROLES.map((r) => (
            <label key={r} className="flex min-h-11 items-center gap-2 text-sm sm:min-h-9">
              <input
                type="checkbox"
                checked={roles.field.value.includes(r)}
                aria-invalid={message ? true : undefined}
                onChange={(e) =>
                  roles.field.onChange(
                    e.target.checked ? [...roles.field.value, r] : roles.field.value.filter((x) => x !== r),
                  )
                }
                onBlur={roles.field.onBlur}
                className="size-4 accent-sky-700"
              />
              {roleName(r)}
            </label>
          ))}
        </div>
      ) : null}
      <FieldError id={`${id}-roles`} message={message} />
    </Fieldset>
  );
}
