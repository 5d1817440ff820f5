import { profileLockText } from '@rostra/core/settings/flag-rules';
import { checkAccountName } from '@rostra/core/shell/validators';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';
import { PhoneCodeStep, PhoneNumberStep } from '../features/sign-in/phone.tsx';
import { api } from '../lib/client.ts';
import { closePanel } from '../lib/overlays.ts';
import { ME_KEY, type Me } from '../lib/session.ts';
import { notify } from '../lib/toast.ts';
import { SHELL_EXTRA_TEXT as X } from '../texts.ts';
import { Button } from '../ui/button.tsx';
import { Modal } from '../ui/dialog.tsx';
import { Form, FormInput, SubmitButton } from '../ui/form.tsx';
import { useZodForm } from '../ui/zod-form.ts';
import { useShell } from './shell-context.tsx';

/** The display name, checked by the sign-in form's rule (required, its words). */
const nameForm = z.object({
  displayName: z.string().superRefine((v, ctx) => {
    const issue = checkAccountName(v, true)[0];
    if (issue) ctx.addIssue({ code: 'custom', message: issue.message });
  }),
});

/**
 * The profile (spec §2 profile menu, §7 `updUser_au`): the display name, and the phone number,
 * which changes only through a code sent to the new number (the sign-in's own phone steps), so
 * a number is only ever one its owner proved. The photo changes from the menu itself. A
 * resource or customer whose organisation keeps their profile (disable_edit_*) reads why instead.
 */
export function ProfileDialog({ me }: { me: Me }) {
  const { role, settings } = useShell();
  const locked = profileLockText(role, settings?.ds);
  const queryClient = useQueryClient();
  const details = me.user_details;
  const form = useZodForm(nameForm, { defaultValues: { displayName: details.displayName ?? '' } });
  const [phone, setPhone] = useState<'shown' | 'number' | { phone: string; shown: string }>('shown');
  /** Why the number step is shown again (an expired code). */
  const [phoneError, setPhoneError] = useState<string | undefined>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: ME_KEY });

  const saveName = async ({ displayName }: z.output<typeof nameForm>) => {
    await api.request('/me', { method: 'PATCH', body: { details: { displayName: displayName.trim() } } });
    await refresh();
    form.reset({ displayName: displayName.trim() });
    notify.success(X.profileNameSaved);
  };

  return (
    <Modal title={X.profileTitle} onClose={closePanel} testId="profile-dialog">
      {locked ? (
        // The organisation keeps this role's profile (the menu disables the way here; a panel
        // opened before the flag changed says why instead of offering edits the server refuses).
        <p className="text-sm text-neutral-700" data-testid="profile-locked">
          {locked}
        </p>
      ) : (
        <div className="space-y-6">
          <Form form={form} onSubmit={saveName} className="space-y-3">
            <FormInput<z.input<typeof nameForm>>
              name="displayName"
              label={X.profileName}
              autoComplete="name"
              maxLength={100}
            />
            <SubmitButton>{X.profileSaveName}</SubmitButton>
          </Form>
          <section aria-labelledby="profile-phone" className="space-y-3 border-t border-neutral-200 pt-4">
            <h3 id="profile-phone" className="text-sm font-medium text-neutral-800">
              {X.profilePhone}
            </h3>
            {phone === 'shown' ? (
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="text-sm text-neutral-700" data-testid="profile-phone-number">
                  {details.phoneNumber ?? X.profileNoPhone}
                </p>
                <Button variant="secondary" onClick={() => setPhone('number')}>
                  {X.profileChangePhone}
                </Button>
              </div>
            ) : phone === 'number' ? (
              <>
                <p className="text-sm text-neutral-600">{X.profilePhoneIntro}</p>
                <PhoneNumberStep
                  initialError={phoneError}
                  onCodeSent={(number, shown) => setPhone({ phone: number, shown })}
                />
              </>
            ) : (
              <PhoneCodeStep
                phone={phone.phone}
                shown={phone.shown}
                updatesNumber
                onSignedIn={async () => {
                  await refresh();
                  setPhone('shown');
                  notify.success(X.profilePhoneSaved);
                }}
                onExpired={(message) => {
                  setPhoneError(message);
                  setPhone('number');
                }}
                onChangeNumber={() => {
                  setPhoneError(undefined);
                  setPhone('number');
                }}
              />
            )}
          </section>
        </div>
      )}
    </Modal>
  );
}
