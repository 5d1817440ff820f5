import { inviteBody } from '@rostra/core/api/settings';
import { ROLES } from '@rostra/core/shell/roles';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Send, Trash2, UserMinus } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { useMediaQuery } from '../../lib/media.ts';
import { useOrgDates } from '../../lib/org-dates.ts';
import { askConfirm } from '../../lib/overlays.ts';
import { errorText } from '../../lib/roster.ts';
import { notify } from '../../lib/toast.ts';
import { IconButton } from '../../ui/button.tsx';
import {
  actionsColumn,
  columnsFor,
  type DataColumn,
  DataTable,
  type DataTableState,
} from '../../ui/data-table.tsx';
import { FormMessage } from '../../ui/field.tsx';
import { Form, FormCheckbox, FormInput, FormSelect, SubmitButton } from '../../ui/form.tsx';
import { useZodForm } from '../../ui/zod-form.ts';
import { SelectField, SettingsSection } from './form-parts.tsx';
import { type Invitation, invitationsQuery, type Member, membersQuery, send } from './settings-api.ts';
import { SETTINGS_TEXT as T } from './settings-text.ts';

const roleOptions = ROLES.map((r) => ({ value: r, label: r }));

/** Users and invitations: members with their role and partner duty, invite by email, withdraw, remove. */
export function UsersSection() {
  const members = useQuery(membersQuery);
  const invitations = useQuery(invitationsQuery);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin-settings'] });
  // Below Tailwind's `sm`: the controls sit under the name, so a phone never scrolls a row sideways.
  const isCompact = useMediaQuery('(max-width: 639.98px)');
  const [memberMessage, setMemberMessage] = useState<string | undefined>();
  const [invitationMessage, setInvitationMessage] = useState<string | undefined>();

  /** Sends a change, says so, and shows a refusal above the table; the lists are refetched either way. */
  const act = async (
    say: (text: string | undefined) => void,
    write: () => Promise<unknown>,
    done: string,
  ) => {
    say(undefined);
    try {
      await write();
      notify.success(done);
    } catch (e) {
      say(errorText(e));
    }
    await refresh();
  };
  const change = (m: Member, role: string, duties: string[]) =>
    act(setMemberMessage, () => send('POST', '/users/change', { id: m.id, role, duties }), T.memberChanged);
  const remove = async (m: Member) => {
    if (!(await askConfirm(T.confirmRemove(m.name)))) return;
    await act(setMemberMessage, () => send('POST', '/users/remove', { id: m.id }), T.memberRemoved);
  };
  const revoke = (i: Invitation) =>
    act(setInvitationMessage, () => send('POST', '/invitations/revoke', { id: i.id }), T.revoked);

  return (
    <SettingsSection title={T.users} intro={T.usersIntro} className="space-y-6">
      <InviteForm onInvited={refresh} />
      <div>
        <h3 className="mb-2 text-sm font-semibold text-neutral-800">{T.members}</h3>
        <FormMessage message={memberMessage} />
        <DataTable
          label={T.members}
          columns={memberColumns({ change, remove }, isCompact)}
          data={members.data ?? []}
          getRowId={(m) => m.id}
          state={tableState(members, T.noMembers)}
          sorting={{ initial: [{ id: 'name', desc: false }] }}
        />
      </div>
      <div>
        <h3 className="mb-2 text-sm font-semibold text-neutral-800">{T.invitations}</h3>
        <FormMessage message={invitationMessage} />
        <DataTable
          label={T.invitations}
          columns={invitationColumns(revoke, isCompact)}
          data={invitations.data ?? []}
          getRowId={(i) => i.id}
          state={tableState(invitations, T.noInvitations)}
        />
      </div>
    </SettingsSection>
  );
}

/** A settings list's loading, failed and empty states. */
function tableState(
  query: { isPending: boolean; error: Error | null; refetch: () => unknown },
  emptyTitle: string,
): DataTableState {
  return {
    isPending: query.isPending,
    error: query.error,
    onRetry: () => void query.refetch(),
    failedTitle: T.loadFailed,
    emptyTitle,
  };
}

const member = columnsFor<Member>();
type MemberActions = {
  change: (m: Member, role: string, duties: string[]) => Promise<void>;
  remove: (m: Member) => Promise<void>;
};

function RoleSelect({ m, change }: { m: Member } & Pick<MemberActions, 'change'>) {
  return (
    <SelectField
      isLabelHidden
      label={T.roleOf(m.name)}
      value={m.role}
      onChange={(role) => void change(m, role, m.duties)}
      options={roleOptions}
    />
  );
}

/** The partner duty's checkbox; on a phone it says what it is beside it. */
function PartnerBox({
  m,
  change,
  isWorded,
}: { m: Member; isWorded?: boolean } & Pick<MemberActions, 'change'>) {
  return (
    <label className="flex min-h-11 items-center gap-2 text-sm text-neutral-700 sm:min-h-9">
      <input
        type="checkbox"
        className="size-4 accent-sky-700"
        aria-label={T.partnerOf(m.name)}
        checked={m.duties.includes('partner')}
        onChange={(e) => void change(m, m.role, e.target.checked ? ['partner'] : [])}
      />
      {isWorded ? T.memberDuties : null}
    </label>
  );
}

/** The members' columns; on a phone the role and duty sit under the name, so nothing scrolls sideways. */
function memberColumns({ change, remove }: MemberActions, isCompact: boolean): DataColumn<Member>[] {
  const name = member.accessor('name', {
    header: T.memberName,
    meta: { className: 'max-w-64' },
    cell: ({ row: { original: m } }) => (
      <>
        <p className="truncate font-medium text-neutral-900">{m.name}</p>
        <p className="truncate text-xs text-neutral-500">{m.email}</p>
        {isCompact ? (
          <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1">
            <div className="w-40">
              <RoleSelect m={m} change={change} />
            </div>
            <PartnerBox m={m} change={change} isWorded />
          </div>
        ) : null}
      </>
    ),
  });
  const actions = actionsColumn(member, {
    label: T.memberActions,
    className: 'w-12 text-right align-top sm:align-middle',
    cell: (m) => (
      <IconButton label={T.removeMember(m.name)} onClick={() => void remove(m)}>
        <UserMinus aria-hidden className="size-4" />
      </IconButton>
    ),
  });
  if (isCompact) return [name, actions];
  return [
    name,
    member.accessor('role', {
      header: T.memberRole,
      meta: { className: 'w-40 min-w-36' },
      cell: ({ row: { original: m } }) => <RoleSelect m={m} change={change} />,
    }),
    member.display({
      id: 'partner',
      header: T.memberDuties,
      cell: ({ row: { original: m } }) => <PartnerBox m={m} change={change} />,
    }),
    actions,
  ];
}

const invitation = columnsFor<Invitation>();
const roleOf = (i: Invitation) => `${i.role}${i.duties.length ? ` + ${i.duties.join(', ')}` : ''}`;

function InvitationStatus({ i }: { i: Invitation }) {
  const dates = useOrgDates();
  return (
    <span className="whitespace-nowrap rounded-full bg-neutral-100 px-2 py-0.5 text-xs text-neutral-700">
      {T.invitationStatus[i.status] ?? i.status}
      {i.status === 'pending' ? ` ${T.expires(dates.instantDate(Date.parse(i.expires_at) / 1000))}` : ''}
    </span>
  );
}

/** The invitations' columns; on a phone the role and status sit under the address. */
function invitationColumns(
  revoke: (i: Invitation) => Promise<void>,
  isCompact: boolean,
): DataColumn<Invitation>[] {
  const email = invitation.accessor('email', {
    header: T.invitationEmail,
    meta: { className: 'max-w-64' },
    cell: ({ row: { original: i } }) => (
      <>
        <p className="truncate font-medium text-neutral-900">{i.email}</p>
        {isCompact ? (
          <p className="mt-1 flex flex-wrap items-center gap-2 text-neutral-600">
            {roleOf(i)} <InvitationStatus i={i} />
          </p>
        ) : null}
      </>
    ),
  });
  const actions = actionsColumn(invitation, {
    label: T.memberActions,
    className: 'w-12 text-right',
    cell: (i) =>
      i.status === 'pending' ? (
        <IconButton label={T.revoke(i.email)} onClick={() => void revoke(i)}>
          <Trash2 aria-hidden className="size-4" />
        </IconButton>
      ) : null,
  });
  if (isCompact) return [email, actions];
  return [
    email,
    invitation.display({
      id: 'role',
      header: T.invitationRole,
      meta: { className: 'whitespace-nowrap text-neutral-600' },
      cell: ({ row: { original: i } }) => roleOf(i),
    }),
    invitation.display({
      id: 'status',
      header: T.invitationState,
      cell: ({ row: { original: i } }) => <InvitationStatus i={i} />,
    }),
    actions,
  ];
}

/** The invite form's values; what it sends is checked by core's `inviteBody` (the email's message). */
const inviteForm = z
  .object({ email: z.string(), role: z.enum(ROLES), partner: z.boolean() })
  .transform(
    (v): z.input<typeof inviteBody> => ({
      email: v.email.trim(),
      role: v.role,
      duties: v.partner ? ['partner'] : [],
    }),
  )
  .pipe(inviteBody);
type InviteValues = z.input<typeof inviteForm>;

function InviteForm({ onInvited }: { onInvited: () => Promise<unknown> }) {
  const form = useZodForm(inviteForm, { defaultValues: { email: '', role: 'resource', partner: false } });
  const invite = async (values: z.output<typeof inviteForm>) => {
    const sent = await send<Invitation>('POST', '/invitations', values);
    notify.success(T.invited(sent.email));
    form.reset({ email: '', role: values.role, partner: false });
    await onInvited();
  };
  return (
    <Form
      form={form}
      onSubmit={invite}
      fieldMap={{ duties: 'partner' }}
      aria-labelledby="invite-heading"
      className="rounded-lg border border-neutral-200 p-3"
    >
      <h3 id="invite-heading" className="mb-2 text-sm font-semibold text-neutral-800">
        {T.inviteTitle}
      </h3>
      <div className="grid items-start gap-3 sm:grid-cols-[1fr_10rem_auto_auto]">
        <FormInput<InviteValues>
          name="email"
          label={T.inviteEmail}
          type="email"
          autoComplete="off"
          maxLength={254}
        />
        <FormSelect<InviteValues>
          name="role"
          label={T.inviteRole}
          options={ROLES.map((r) => [r, r] as const)}
        />
        <FormCheckbox<InviteValues> name="partner" label={T.invitePartner} className="sm:mt-6" />
        <SubmitButton className="sm:mt-6">
          <Send aria-hidden className="size-4" />
          {T.invite}
        </SubmitButton>
      </div>
    </Form>
  );
}
