/** The steps of the sign-in screen (spec §4), each a small form of its own. */
import { TOKEN_LOGIN_TEXT } from '@rostra/core/shell/messages';
import {
  checkAccountName,
  checkEmail,
  checkNewPassword,
  checkPassword,
  type ShellIssue,
} from '@rostra/core/shell/validators';
import { useQuery } from '@tanstack/react-query';
import { KeyRound, Mail, Phone, UserRound } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { SIGN_IN_SCREEN_TEXT as T } from '../../texts.ts';
import { Divider, SubmitButton, TextLink } from '../../ui/auth-card.tsx';
import { Button } from '../../ui/button.tsx';
import { Field, FormMessage } from '../../ui/field.tsx';
import { useFormTask } from './form-task.ts';
import {
  createAccount,
  type EmailRoute,
  emailLinkConfirmUrl,
  findSignInMethods,
  requestPasswordReset,
  routeForMethods,
  sendEmailLink,
  signInOptionsQuery,
  signInWithPassword,
  startFederatedSignIn,
  tokenLogin,
} from './identity.ts';
import { ActionForm, OneFieldForm } from './one-field-form.tsx';

export const onlyField = (issues: ShellIssue[], field: string) =>
  issues.find((i) => i.field === field)?.message;

export function EmailStep(props: {
  onRoute: (email: string, route: EmailRoute) => Promise<void>;
  onPhone: () => void;
  onGuest: () => Promise<void>;
}) {
  const options = useQuery(signInOptionsQuery).data;
  const task = useFormTask();
  const { isBusy, attempt } = task;

  const guest = () =>
    attempt(async () => {
      await props.onGuest();
    });

  return (
    <>
      <OneFieldForm
        task={task}
        label={T.email}
        input={{ type: 'email', autoComplete: 'email' }}
        check={checkEmail}
        onSubmit={async (email) => {
          const methods = await findSignInMethods(email.trim());
          const offered = options ?? (await signInOptionsQuery.queryFn());
          await props.onRoute(email.trim(), routeForMethods(methods, offered));
        }}
        submitLabel={T.next}
      />
      <Divider label={T.or} />
      <div className="grid gap-2">
        {(options?.federated ?? []).map((p) => (
          <Button key={p.id} variant="secondary" onClick={() => void startFederatedSignIn(p.id)}>
            <KeyRound aria-hidden className="size-4" />
            {T.federated(p.name)}
          </Button>
        ))}
        {options?.phone === false ? null : (
          <Button variant="secondary" onClick={props.onPhone} disabled={isBusy}>
            <Phone aria-hidden className="size-4" />
            {T.phone}
          </Button>
        )}
        {options?.anonymous === false ? null : (
          <Button variant="ghost" onClick={guest} disabled={isBusy}>
            <UserRound aria-hidden className="size-4" />
            {T.guest}
          </Button>
        )}
      </div>
    </>
  );
}

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
      label={T.password}
      input={{ type: 'password', autoComplete: 'current-password', autoFocus: true }}
      check={checkPassword}
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
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [issues, setIssues] = useState<ShellIssue[]>([]);
  const { isBusy, showsSpinner, failure, fail, attempt } = useFormTask();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = [...checkAccountName(name, true), ...checkNewPassword(password)];
    setIssues(found);
    fail(undefined);
    if (found.length > 0) return;
    attempt(async () => {
      await createAccount({ email: props.email, password, name: name.trim() });
      await props.onCreated();
    });
  };

  const passwordError =
    onlyField(issues, 'newPassword') ?? (failure?.field === 'password' ? failure.message : undefined);
  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <p className="text-sm text-neutral-600">{T.createAccountIntro}</p>
      <EmailHeader email={props.email} onChange={props.onChangeEmail} />
      <FormMessage message={failure && failure.field !== 'password' ? failure.message : undefined} />
      <Field
        label={T.name}
        autoComplete="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={onlyField(issues, 'name')}
      />
      <Field
        label={T.password}
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={passwordError}
      />
      <SubmitButton isBusy={isBusy} showsSpinner={showsSpinner}>
        {T.createAccount}
      </SubmitButton>
    </form>
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
    <OneFieldForm
      task={useFormTask()}
      label={T.email}
      input={{ type: 'email', autoComplete: 'email' }}
      check={checkEmail}
      onSubmit={async (email) => window.location.assign(emailLinkConfirmUrl(token, email.trim()))}
      submitLabel={T.confirm}
    >
      <p className="text-sm text-neutral-700">{T.confirmEmailBody}</p>
    </OneFieldForm>
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
  const [value, setValue] = useState('');
  const task = useFormTask();
  // The value given at an earlier token login on this device (kept encrypted), offered again.
  useEffect(() => {
    let isLive = true;
    void import('../../lib/secure-storage.ts')
      .then(({ tokenIdentity }) => tokenIdentity.read())
      .then((remembered) => {
        if (isLive && remembered) setValue((typed) => typed || remembered);
      })
      .catch(() => undefined);
    return () => {
      isLive = false;
    };
  }, []);
  return (
    <OneFieldForm
      task={task}
      label={T.companyEmailOrPhone}
      input={{ autoComplete: 'username' }}
      value={value}
      onValueChange={setValue}
      check={(v) =>
        v.trim() === '' ? [{ message: TOKEN_LOGIN_TEXT.identityPrompt, field: 'identity' }] : []
      }
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
  const [mode, setMode] = useState<'create' | 'existing'>('create');
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [issues, setIssues] = useState<ShellIssue[]>([]);
  const { isBusy, showsSpinner, run, failure, fail, attempt } = useFormTask();
  const isCreating = mode === 'create';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = isCreating
      ? [...checkEmail(email), ...checkAccountName(name, true), ...checkNewPassword(password)]
      : [...checkEmail(email), ...checkPassword(password).map((i) => ({ ...i, field: 'newPassword' }))];
    setIssues(found);
    fail(undefined);
    if (found.length > 0) return;
    attempt(async () => {
      // Either way the identity service links the guest session: a new account is an upgrade;
      // an existing one is a merge conflict, which the server answers with its own message.
      if (isCreating) await createAccount({ email: email.trim(), password, name: name.trim() });
      else await signInWithPassword(email.trim(), password);
      await props.onUpgraded();
    });
  };

  const switchMode = () => {
    setMode(isCreating ? 'existing' : 'create');
    setIssues([]);
    fail(undefined);
  };

  return (
    <div className="space-y-4">
      <p className="text-sm text-neutral-700">{T.guestBody}</p>
      <form className="space-y-4" onSubmit={submit} noValidate>
        <FormMessage message={failure?.message} />
        <Field
          label={T.email}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={onlyField(issues, 'email')}
        />
        {isCreating ? (
          <Field
            label={T.name}
            autoComplete="name"
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={onlyField(issues, 'name')}
          />
        ) : null}
        <Field
          label={T.password}
          type="password"
          autoComplete={isCreating ? 'new-password' : 'current-password'}
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={onlyField(issues, 'newPassword')}
        />
        <SubmitButton isBusy={isBusy} showsSpinner={showsSpinner}>
          {isCreating ? T.createAccount : T.signIn}
        </SubmitButton>
      </form>
      <div className="text-center">
        <TextLink onClick={switchMode}>{isCreating ? T.haveAccount : T.createAccount}</TextLink>
      </div>
      <Button
        variant="secondary"
        className="w-full"
        onClick={() => void run(props.onSignedOut)}
        disabled={isBusy}
      >
        {T.signOut}
      </Button>
    </div>
  );
}
