import { checkEmail } from '@rostra/core/shell/validators';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { z } from 'zod';
import { closePanel, withWait } from '../lib/overlays.ts';
import { type Me, switchOrganisation } from '../lib/session.ts';
import { landingPath } from '../lib/sign-in-flow.ts';
import { notify } from '../lib/toast.ts';
import { confirmLeave } from '../lib/unsaved.ts';
import { ROLE_LABELS, SHELL_EXTRA_TEXT } from '../texts.ts';
import { Fieldset } from '../ui/fieldset.tsx';
import { FormInput } from '../ui/form.tsx';
import { FormModal } from '../ui/form-modal.tsx';
import { useZodForm } from '../ui/zod-form.ts';

/** The switch's fields: a membership (`org|role`) and the person's own email, checked by core's rule. */
const switchForm = (ownEmail: string) =>
  z.object({
    membership: z.string(),
    email: z.string().superRefine((email, ctx) => {
      const issue = checkEmail(email)[0];
      const isOwn = email.trim().toLowerCase() === ownEmail.toLowerCase();
      if (issue || !isOwn)
        ctx.addIssue({ code: 'custom', message: issue?.message ?? SHELL_EXTRA_TEXT.switchOwnOnly });
    }),
  });
type SwitchValues = z.input<ReturnType<typeof switchForm>>;

/**
 * Company and role switch (spec §4, §6): pick one of your memberships; the email input is
 * validated (and must be your own: the server only switches the signed-in person). A refusal
 * shows the server's message (1.5 s toast and in place).
 */
export function SwitchDialog({ me }: { me: Me }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const current = `${me.org_id}|${me.role}`;
  const form = useZodForm(switchForm(me.user_details.email ?? ''), {
    defaultValues: { membership: current, email: me.user_details.email ?? '' },
  });

  const submit = async ({ membership }: SwitchValues) => {
    const [org_id = '', role = ''] = membership.split('|');
    if (!(await confirmLeave())) return;
    try {
      await withWait(async () => {
        const next = await switchOrganisation(queryClient, { org_id, role, uid: me.uid });
        // The dialog closes once the new role's landing page is shown: closing it first let the
        // shell be used (a menu opened) while the navigation that re-renders it was still on its way.
        if (next) {
          await navigate({
            href: next.terms_required ? '/terms' : await landingPath(queryClient, next),
            replace: true,
          });
        }
        closePanel();
      });
    } catch (error) {
      notify.switchFailure(error instanceof Error ? error.message : String(error));
      throw error;
    }
  };

  return (
    <FormModal
      form={form}
      onSubmit={submit}
      formError={(error) => (error instanceof Error ? error.message : String(error))}
      guard={false}
      title={SHELL_EXTRA_TEXT.switchTitle}
      description={SHELL_EXTRA_TEXT.switchIntro}
      onClose={closePanel}
      submitText={SHELL_EXTRA_TEXT.switchSubmit}
      isBlocked={form.watch('membership') === current}
      testId="switch-dialog"
    >
      <Fieldset legend={SHELL_EXTRA_TEXT.switchTo}>
        <div className="mt-2 space-y-1">
          {me.memberships.map((m) => {
            const value = `${m.org_id}|${m.role}`;
            return (
              <label
                key={value}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-neutral-200 px-3 text-sm has-checked:border-sky-600 has-checked:bg-sky-50 nav:min-h-9"
              >
                <input
                  type="radio"
                  value={value}
                  {...form.register('membership')}
                  className="accent-sky-700"
                />
                <span className="min-w-0 flex-1 truncate">
                  {m.org_name} · {ROLE_LABELS[m.role] ?? m.role}
                </span>
                {value === current ? (
                  <span className="text-xs text-neutral-500">{SHELL_EXTRA_TEXT.current}</span>
                ) : null}
              </label>
            );
          })}
        </div>
      </Fieldset>
      <FormInput<SwitchValues>
        name="email"
        label={SHELL_EXTRA_TEXT.switchEmail}
        type="email"
        autoComplete="email"
      />
    </FormModal>
  );
}
