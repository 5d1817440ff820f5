import { inviteBody } from '@rostra/core/api/settings';
import { ROLES } from '@rostra/core/shell/roles';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Send, Trash2, UserMinus } from 'lucide-react';
import { useState } from 'react';
import { z } from 'zod';
import { askConfirm } from '../../lib/overlays.ts';
import { errorText } from '../../lib/roster.ts';
import { notify } from '../../lib/toast.ts';
import { IconButton } from '../../ui/button.tsx';
import { FormMessage } from '../../ui/field.tsx';
import { Form, FormCheckbox, FormInput, FormSelect, SubmitButton, useZodForm } from '../../ui/form.tsx';
import { EmptyState } from '../../ui/list-state.tsx';
import { Loaded, SectionHeader, SelectField } from './form-parts.tsx';
import { type Invitation, invitationsQuery, type Member, membersQuery, send } from './settings-api.ts';
import { SETTINGS_TEXT as T } from './settings-text.ts';

const roleOptions = ROLES.map((r) => ({ value: r, label: r }));

/** Users and invitations: members with their role and partner duty, invite by email, withdraw, remove. */
export function UsersSection() {
  const members = useQuery(membersQuery);
  const invitations = useQuery(invitationsQuery);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['admin-settings'] });
  const [message, setMessage] = useState<string | undefined>();

  const change = async (m: Member, role: string, duties: string[]) => {
    setMessage(undefined);
    try {
      await send('POST', '/users/change', { id: m.id, role, duties });
      notify.success(T.memberChanged);
    } catch (e) {
      setMessage(errorText(e));
    }
    await refresh();
  };
  const remove = async (m: Member) => {
    if (!(await askConfirm(T.confirmRemove(m.name)))) return;
    setMessage(undefined);
    try {
      await send('POST', '/users/remove', { id: m.id });
      notify.success(T.memberRemoved);
    } catch (e) {
      setMessage(errorText(e));
    }
    await refresh();
  };

  return (
    <section aria-labelledby="users-heading" className="space-y-6">
      <div id="users-heading">
        <SectionHeader title={T.users} intro={T.usersIntro} />
      </div>
      <InviteForm onInvited={refresh} />
      <div>
        <h3 id="members-heading" className="mb-2 text-sm font-semibold text-neutral-800">
          {T.members}
        </h3>
        <FormMessage message={message} />
        <Loaded query={members}>
          {(list) => (
            <ul aria-labelledby="members-heading" className="divide-y divide-neutral-100">
              {list.map((m) => (
                <li key={m.id} className="grid items-center gap-2 py-2 sm:grid-cols-[1fr_10rem_auto_auto]">
                  <div className="min-w-0">
                    <p className="truncate text-sm font-medium text-neutral-900">{m.name}</p>
                    <p className="truncate text-xs text-neutral-500">{m.email}</p>
                  </div>
                  <SelectField
                    isLabelHidden
                    label={T.roleOf(m.name)}
                    value={m.role}
                    onChange={(role) => void change(m, role, m.duties)}
                    options={roleOptions}
                  />
                  <label className="flex min-h-11 items-center gap-2 text-sm text-neutral-700 sm:min-h-9">
                    <input
                      type="checkbox"
                      className="size-4 accent-sky-700"
                      aria-label={T.partnerOf(m.name)}
                      checked={m.duties.includes('partner')}
                      onChange={(e) => void change(m, m.role, e.target.checked ? ['partner'] : [])}
                    />
                    {T.memberDuties}
                  </label>
                  <IconButton label={T.removeMember(m.name)} onClick={() => void remove(m)}>
                    <UserMinus aria-hidden className="size-4" />
                  </IconButton>
                </li>
              ))}
            </ul>
          )}
        </Loaded>
      </div>
      <div>
        <h3 id="invitations-heading" className="mb-2 text-sm font-semibold text-neutral-800">
          {T.invitations}
        </h3>
        <Loaded query={invitations}>
          {(list) =>
            list.length === 0 ? (
              <EmptyState title={T.noInvitations} />
            ) : (
              <ul aria-labelledby="invitations-heading" className="divide-y divide-neutral-100">
                {list.map((i) => (
                  <InvitationRow key={i.id} invitation={i} onChanged={refresh} />
                ))}
              </ul>
            )
          }
        </Loaded>
      </div>
    </section>
  );
}

function InvitationRow({
  invitation: i,
  onChanged,
}: {
  invitation: Invitation;
  onChanged: () => Promise<unknown>;
}) {
  const [error, setError] = useState<string | undefined>();
  const revoke = async () => {
    try {
      await send('POST', '/invitations/revoke', { id: i.id });
      notify.success(T.revoked);
      await onChanged();
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <li className="flex flex-wrap items-center gap-3 py-2 text-sm">
      <span className="min-w-0 flex-1 truncate font-medium text-neutral-900">{i.email}</span>
      <span className="text-neutral-600">
        {i.role}
        {i.duties.length ? ` + ${i.duties.join(', ')}` : ''}
      </span>
      <span className="rounded-full bg-neutral-100 px-2 py-0.5 text-xs text-neutral-700">
        {T.invitationStatus[i.status] ?? i.status}
        {i.status === 'pending' ? ` ${T.expires(new Date(i.expires_at).toLocaleDateString())}` : ''}
      </span>
      {i.status === 'pending' ? (
        <IconButton label={T.revoke(i.email)} onClick={() => void revoke()}>
          <Trash2 aria-hidden className="size-4" />
        </IconButton>
      ) : null}
      <FormMessage message={error} />
    </li>
  );
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
