/** The steps of the sign-in screen (spec §4), each a small form of its own. */
import { TOKEN_LOGIN_TEXT } from '@rostra/core/shell/messages';
import { KeyRound, Mail } from 'lucide-react';
import { useEffect, useState } from 'react';
import { SIGN_IN_SCREEN_TEXT as T } from '../../texts.ts';
import { TextLink } from '../../ui/auth-card.tsx';
import { Button } from '../../ui/button.tsx';
import { FormInput } from '../../ui/form.tsx';
import { useCaptcha } from './captcha.ts';
import { CaptchaBox, withSolvedCaptcha } from './captcha-box.tsx';
import { useFormTask } from './form-task.ts';
import {
  createAccount,
  emailLinkConfirmUrl,
  requestPasswordReset,
  sendEmailLink,
  signInWithPassword,
  startFederatedSignIn,
  tokenLogin,
} from './identity.ts';
import { ActionForm, EmailForm, OneFieldForm, StepForm, useSignInForm } from './one-field-form.tsx';

function EmailHeader({ email, onChange }: { email: string; onChange: () => void }) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-md bg-neutral-50 py-1 pr-1 pl-3 text-sm">
      <span className="min-w-0 truncate font-medium" title={email}>
        {email}
      </span>
      <button
        type="button"
        onClick={onChange}
        className="min-h-11 shrink-0 rounded px-2 text-sky-700 underline underline-offset-4 hover:text-sky-900 sm:min-h-8"
      >
        {T.notYou}
      </button>
    </div>
  );
}

/** The email link as the alternative to the account's usual way in. */
function EmailLinkInstead({ onClick, disabled }: { onClick: () => void; disabled: boolean }) {
  return (
    <div className="text-center">
      <Button variant="ghost" onClick={onClick} disabled={disabled}>
        <Mail aria-hidden className="size-4" />
        {T.emailLinkInstead}
      </Button>
    </div>
  );
}

/** A step's form task, and sending `email` a sign-in link instead through it. */
function useEmailLinkTask(email: string, onLinkSent: () => void) {
  const task = useFormTask();
  const sendLink = () =>
    task.attempt(async () => {
      await sendEmailLink(email);
      onLinkSent();
    });
  return { task, sendLink };
}

export function PasswordStep(props: {
  email: string;
  hasEmailLink: boolean;
  onSignedIn: () => Promise<void>;
  onNoSignInMethod: (message: string) => void;
  onLinkSent: () => void;
  onChangeEmail: () => void;
}) {
  const { task, sendLink } = useEmailLinkTask(props.email, props.onLinkSent);

  return (
    <OneFieldForm
      task={task}
      schema={(f) => f.passwordForm}
      name="password"
      label={T.password}
      input={{ type: 'password', autoComplete: 'current-password', autoFocus: true }}
      onSubmit={async (password) => {
        await signInWithPassword(props.email, password);
        await props.onSignedIn();
      }}
      onFailure={(f) => {
        // An account without a password: the unsupported-provider page offers recovery.
        if (f.code !== 'email-without-sign-in-method') return false;
        props.onNoSignInMethod(f.message);
        return true;
      }}
      submitLabel={T.signIn}
      footer={props.hasEmailLink ? <EmailLinkInstead onClick={sendLink} disabled={task.isBusy} /> : null}
    >
      <EmailHeader email={props.email} onChange={props.onChangeEmail} />
      <input type="email" name="email" autoComplete="username" value={props.email} readOnly hidden />
    </OneFieldForm>
  );
}

/** An account of a federated provider this server offers: sign in there (or by email link). */
export function FederatedStep(props: {
  email: string;
  provider: { id: string; name: string };
  hasEmailLink: boolean;
  onLinkSent: () => void;
  onChangeEmail: () => void;
}) {
  const { task, sendLink } = useEmailLinkTask(props.email, props.onLinkSent);
  return (
    <ActionForm
      task={task}
      onSubmit={() => startFederatedSignIn(props.provider.id)}
      submitLabel={
        <>
          <KeyRound aria-hidden className="size-4" />
          {T.federated(props.provider.name)}
        </>
      }
      footer={props.hasEmailLink ? <EmailLinkInstead onClick={sendLink} disabled={task.isBusy} /> : null}
    >
      <EmailHeader email={props.email} onChange={props.onChangeEmail} />
    </ActionForm>
  );
}

export function CreateAccountStep(props: {
  email: string;
  onCreated: () => Promise<void>;
  onChangeEmail: () => void;
}) {
  const form = useSignInForm((f) => f.createAccountForm, { defaultValues: { name: '', password: '' } });
  const task = useFormTask();
  const captcha = useCaptcha();
  return (
    <StepForm
      form={form}
      task={task}
      onSubmit={({ name, password }) =>
        withSolvedCaptcha(captcha, task.fail, async (solution) => {
          await createAccount({ email: props.email, password, name: name.trim(), captcha: solution });
          await props.onCreated();
        })
      }
      fieldOf={(f) => (f.field === 'password' ? 'password' : undefined)}
      submitLabel={T.createAccount}
    >
      <p className="text-sm text-neutral-600">{T.createAccountIntro}</p>
      <EmailHeader email={props.email} onChange={props.onChangeEmail} />
      <FormInput name="name" label={T.name} autoComplete="name" />
      <FormInput name="password" label={T.password} type="password" autoComplete="new-password" />
      <CaptchaBox captcha={captcha} />
    </StepForm>
  );
}

export function Sent({ body, onBack }: { body: string; onBack: () => void }) {
  return (
    <div className="space-y-4">
      <p role="status" className="text-sm text-neutral-700">
        {body}
      </p>
      <TextLink onClick={onBack}>{T.backToSignIn}</TextLink>
    </div>
  );
}

/** The unsupported-provider page (spec §4): the account cannot sign in here; recover by reset. */
export function UnsupportedStep(props: {
  email: string;
  message: string;
  onSent: () => void;
  onBack: () => void;
}) {
  return (
    <ActionForm
      task={useFormTask()}
      onSubmit={async () => {
        await requestPasswordReset(props.email);
        props.onSent();
      }}
      submitLabel={T.resetPassword}
      footer={<TextLink onClick={props.onBack}>{T.backToSignIn}</TextLink>}
    >
      <p className="text-sm text-neutral-700">{props.message}</p>
      <p className="text-sm font-medium">{props.email}</p>
    </ActionForm>
  );
}

/** An email link opened in another browser: confirm the address, then the server finishes it. */
export function ConfirmEmailLinkStep({ token }: { token: string }) {
  return (
    <EmailForm
      task={useFormTask()}
      onSubmit={async (email) => window.location.assign(emailLinkConfirmUrl(token, email.trim()))}
      submitLabel={T.confirm}
    >
      <p className="text-sm text-neutral-700">{T.confirmEmailBody}</p>
    </EmailForm>
  );
}

/**
 * Token login (spec §4, §5): the person gives the company email or phone the token names. Empty
 * → the prompt under the field; a mismatch or a bad token → signed out (the server ends any
 * session) with the server's message.
 */
export function TokenStep(props: {
  token: string;
  onSignedIn: () => Promise<void>;
  onRefused: (message: string) => void;
}) {
  const [remembered, setRemembered] = useState<string | undefined>();
  const task = useFormTask();
  // The value given at an earlier token login on this device (kept encrypted), offered again.
  useEffect(() => {
    let isLive = true;
    void import('../../lib/secure-storage.ts')
      .then(({ tokenIdentity }) => tokenIdentity.read())
      .then((value) => {
        if (isLive && value) setRemembered(value);
      })
      .catch(() => undefined);
    return () => {
      isLive = false;
    };
  }, []);
  return (
    <OneFieldForm
      task={task}
      schema={(f) => f.tokenIdentityForm}
      name="identity"
      label={T.companyEmailOrPhone}
      input={{ autoComplete: 'username' }}
      value={remembered}
      onSubmit={async (typed) => {
        await tokenLogin(props.token, typed.trim());
        await import('../../lib/secure-storage.ts')
          .then(({ tokenIdentity }) => tokenIdentity.remember(typed.trim()))
          .catch(() => undefined);
        await props.onSignedIn();
      }}
      onFailure={(f) => {
        if (f.field === 'identity') return false;
        props.onRefused(f.message);
        return true;
      }}
      submitLabel={T.next}
    >
      <p className="text-sm text-neutral-700">{TOKEN_LOGIN_TEXT.identityPrompt}</p>
    </OneFieldForm>
  );
}

/**
 * A guest has no organisation, so there is no shell to show: they may turn the guest session into
 * an account (the identity library links it; an existing account is a merge conflict, shown as
 * the server says) or sign out.
 */
export function GuestPanel(props: { onSignedOut: () => Promise<void>; onUpgraded: () => Promise<void> }) {
  const form = useSignInForm((f) => f.guestForm, {
    defaultValues: { mode: 'create', email: '', name: '', password: '' },
  });
  const task = useFormTask();
  const captcha = useCaptcha();
  const isCreating = form.watch('mode') === 'create';

  const switchMode = () => {
    form.setValue('mode', isCreating ? 'existing' : 'create');
    form.clearErrors();
    task.fail(undefined);
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-neutral-700">{T.guestBody}</p>
      <StepForm
        form={form}
        task={task}
        onSubmit={async ({ mode, email, name, password }) => {
          // Either way the identity service links the guest session: a new account is an upgrade;
          // an existing one is a merge conflict, which the server answers with its own message.
          if (mode === 'create')
            return withSolvedCaptcha(captcha, task.fail, async (solution) => {
              await createAccount({ email: email.trim(), password, name: name.trim(), captcha: solution });
              await props.onUpgraded();
            });
          await signInWithPassword(email.trim(), password);
          await props.onUpgraded();
        }}
        submitLabel={isCreating ? T.createAccount : T.signIn}
      >
        <FormInput name="email" label={T.email} type="email" autoComplete="email" />
        {isCreating ? <FormInput name="name" label={T.name} autoComplete="name" /> : null}
        <FormInput
          name="password"
          label={T.password}
          type="password"
          autoComplete={isCreating ? 'new-password' : 'current-password'}
        />
        {isCreating ? <CaptchaBox captcha={captcha} /> : null}
      </StepForm>
      <div className="text-center">
        <TextLink onClick={switchMode}>{isCreating ? T.haveAccount : T.createAccount}</TextLink>
      </div>
      <Button
        variant="secondary"
        className="w-full"
        onClick={() => void task.run(props.onSignedOut)}
        disabled={task.isBusy}
      >
        {T.signOut}
      </Button>
    </div>
  );
}
