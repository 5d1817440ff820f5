import { IDENTITY_TEXT, identityMessage, ROUTE_TEXT, TOKEN_LOGIN_TEXT } from '@rostra/core/shell/messages';
import {
  checkAccountName,
  checkEmail,
  checkNewPassword,
  checkPassword,
  type ShellIssue,
} from '@rostra/core/shell/validators';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { KeyRound, Mail, Phone, UserRound } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useBusy } from '../../lib/busy.ts';
import {
  createAccount,
  type EmailRoute,
  emailLinkConfirmUrl,
  findSignInMethods,
  requestPasswordReset,
  routeForMethods,
  sendEmailLink,
  signInAsGuest,
  signInOptionsQuery,
  signInWithPassword,
  startFederatedSignIn,
  tokenLogin,
} from '../../lib/identity.ts';
import { signOut } from '../../lib/session.ts';
import { afterSignIn, signInNoticeStore } from '../../lib/sign-in-flow.ts';
import { useStore } from '../../lib/store.ts';
import { SIGN_IN_SCREEN_TEXT as T } from '../../texts.ts';
import { AuthCard, Divider, SubmitButton, TextLink } from '../../ui/auth-card.tsx';
import { Button } from '../../ui/button.tsx';
import { Field, FormMessage } from '../../ui/field.tsx';
import { type FormFailure, toFormFailure } from './errors.ts';
import { PhoneCodeStep, PhoneNumberStep } from './phone.tsx';

export type SignInSearch = {
  token?: string | undefined;
  error?: string | undefined;
  email_link?: string | undefined;
  redirect?: string | undefined;
  guest?: boolean | undefined;
};

type Step =
  | { kind: 'email' }
  | { kind: 'password'; email: string; hasEmailLink: boolean }
  | { kind: 'federated'; email: string; provider: { id: string; name: string }; hasEmailLink: boolean }
  | { kind: 'create'; email: string }
  | { kind: 'link-sent'; email: string }
  | { kind: 'unsupported'; email: string; message: string }
  | { kind: 'recovery-sent'; email: string }
  | { kind: 'phone-number'; error?: string }
  | { kind: 'phone-code'; phone: string; shown: string }
  | { kind: 'confirm-email-link'; token: string }
  | { kind: 'token'; token: string }
  | { kind: 'guest' };

/** Server codes of the email-link flow that carry no spec text of their own. */
const EMAIL_LINK_CODES: Readonly<Record<string, string>> = {
  'email-link-mismatch': T.linkMismatch,
};

function firstStep(search: SignInSearch): Step {
  if (search.guest) return { kind: 'guest' };
  if (search.token) return { kind: 'token', token: search.token };
  if (search.error === 'email-link-other-device' && search.email_link) {
    return { kind: 'confirm-email-link', token: search.email_link };
  }
  return { kind: 'email' };
}

function initialMessage(search: SignInSearch): string | undefined {
  if (!search.error || search.error === 'email-link-other-device') return undefined;
  return EMAIL_LINK_CODES[search.error] ?? identityMessage(search.error);
}

const onlyField = (issues: ShellIssue[], field: string) => issues.find((i) => i.field === field)?.message;

/**
 * Sign-in (spec §4): email first, then by the methods found for that email — password, account
 * creation, email link, federated, or the unsupported-provider page with password recovery —
 * and phone, guest and token login. Every message stands under the field it is about.
 */
export function SignInScreen({ search }: { search: SignInSearch }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>(() => firstStep(search));
  const [notice, setNotice] = useState<string | undefined>(() => initialMessage(search));
  const alert = useStore(signInNoticeStore);

  const finish = async () => {
    const outcome = await afterSignIn(queryClient, search.redirect);
    if (outcome.kind === 'go') await navigate({ href: outcome.to, replace: true });
    else if (outcome.kind === 'guest') setStep({ kind: 'guest' });
    else setStep({ kind: 'email' });
  };

  const restart = () => {
    setNotice(undefined);
    signInNoticeStore.set(null);
    setStep({ kind: 'email' });
  };

  const title =
    step.kind === 'create'
      ? T.createAccount
      : step.kind === 'link-sent' || step.kind === 'recovery-sent'
        ? T.linkSent
        : step.kind === 'unsupported'
          ? T.unsupportedTitle
          : step.kind === 'phone-number'
            ? T.phone
            : step.kind === 'phone-code'
              ? T.codeTitle
              : step.kind === 'confirm-email-link'
                ? T.confirmEmailTitle
                : step.kind === 'token'
                  ? T.tokenTitle
                  : step.kind === 'guest'
                    ? T.guestTitle
                    : T.signIn;

  return (
    <AuthCard
      title={title}
      footer={
        <Link to="/reset" className="text-sky-700 underline underline-offset-4 hover:text-sky-900">
          {ROUTE_TEXT.troubleSigningIn}
        </Link>
      }
    >
      <div className="space-y-4">
        <FormMessage message={alert ?? notice} />
        {step.kind === 'email' ? (
          <EmailStep
            onRoute={async (email, route) => {
              signInNoticeStore.set(null);
              setNotice(undefined);
              switch (route.kind) {
                case 'create':
                  setStep({ kind: 'create', email });
                  break;
                case 'password':
                  setStep({ kind: 'password', email, hasEmailLink: route.hasEmailLink });
                  break;
                case 'federated':
                  setStep({
                    kind: 'federated',
                    email,
                    provider: route.provider,
                    hasEmailLink: route.hasEmailLink,
                  });
                  break;
                case 'unsupported':
                  setStep({
                    kind: 'unsupported',
                    email,
                    message:
                      route.providers.length > 0
                        ? T.unsupportedBody(route.providers.join(', '))
                        : IDENTITY_TEXT.emailWithoutSignInMethod,
                  });
                  break;
                case 'email-link':
                  await sendEmailLink(email);
                  setStep({ kind: 'link-sent', email });
                  break;
              }
            }}
            onPhone={() => {
              signInNoticeStore.set(null);
              setStep({ kind: 'phone-number' });
            }}
            onGuest={async () => {
              signInNoticeStore.set(null);
              await signInAsGuest();
              await finish();
            }}
          />
        ) : null}
        {step.kind === 'password' ? (
          <PasswordStep
            email={step.email}
            hasEmailLink={step.hasEmailLink}
            onSignedIn={finish}
            onNoSignInMethod={(message) => setStep({ kind: 'unsupported', email: step.email, message })}
            onLinkSent={() => setStep({ kind: 'link-sent', email: step.email })}
            onChangeEmail={restart}
          />
        ) : null}
        {step.kind === 'federated' ? (
          <FederatedStep
            email={step.email}
            provider={step.provider}
            hasEmailLink={step.hasEmailLink}
            onLinkSent={() => setStep({ kind: 'link-sent', email: step.email })}
            onChangeEmail={restart}
          />
        ) : null}
        {step.kind === 'create' ? (
          <CreateAccountStep email={step.email} onCreated={finish} onChangeEmail={restart} />
        ) : null}
        {step.kind === 'link-sent' ? <Sent body={T.linkSentBody(step.email)} onBack={restart} /> : null}
        {step.kind === 'recovery-sent' ? <Sent body={T.recoverSent(step.email)} onBack={restart} /> : null}
        {step.kind === 'unsupported' ? (
          <UnsupportedStep
            email={step.email}
            message={step.message}
            onSent={() => setStep({ kind: 'recovery-sent', email: step.email })}
            onBack={restart}
          />
        ) : null}
        {step.kind === 'phone-number' ? (
          <>
            <PhoneNumberStep
              initialError={step.error}
              onCodeSent={(phone, shown) => setStep({ kind: 'phone-code', phone, shown })}
            />
            <TextLink onClick={restart}>{T.backToSignIn}</TextLink>
          </>
        ) : null}
        {step.kind === 'phone-code' ? (
          <PhoneCodeStep
            phone={step.phone}
            shown={step.shown}
            onSignedIn={finish}
            onExpired={(message) => setStep({ kind: 'phone-number', error: message })}
            onChangeNumber={() => setStep({ kind: 'phone-number' })}
          />
        ) : null}
        {step.kind === 'confirm-email-link' ? <ConfirmEmailLinkStep token={step.token} /> : null}
        {step.kind === 'token' ? (
          <TokenStep
            token={step.token}
            onSignedIn={finish}
            onRefused={(message) => {
              // The address loses its token, which remounts this screen: the notice store survives.
              signInNoticeStore.set(message);
              setStep({ kind: 'email' });
              void navigate({ to: '/login', replace: true });
            }}
          />
        ) : null}
        {step.kind === 'guest' ? (
          <GuestPanel
            onSignedOut={async () => {
              await signOut(queryClient);
              restart();
            }}
            onUpgraded={finish}
          />
        ) : null}
      </div>
    </AuthCard>
  );
}

function EmailStep(props: {
  onRoute: (email: string, route: EmailRoute) => Promise<void>;
  onPhone: () => void;
  onGuest: () => Promise<void>;
}) {
  const [email, setEmail] = useState('');
  const [failure, setFailure] = useState<FormFailure | undefined>();
  const options = useQuery(signInOptionsQuery).data;
  const { isBusy, showsSpinner, run } = useBusy();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const issue = checkEmail(email)[0];
    if (issue) {
      setFailure({ message: issue.message });
      return;
    }
    void run(async () => {
      try {
        const methods = await findSignInMethods(email.trim());
        const offered = options ?? (await signInOptionsQuery.queryFn());
        await props.onRoute(email.trim(), routeForMethods(methods, offered));
      } catch (error) {
        setFailure(toFormFailure(error));
      }
    });
  };

  const guest = () =>
    void run(async () => {
      try {
        await props.onGuest();
      } catch (error) {
        setFailure(toFormFailure(error));
      }
    });

  return (
    <>
      <form className="space-y-4" onSubmit={submit} noValidate>
        <Field
          label={T.email}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={failure?.message}
        />
        <SubmitButton isBusy={isBusy} showsSpinner={showsSpinner}>
          {T.next}
        </SubmitButton>
      </form>
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
    <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-neutral-50 px-3 py-2 text-sm">
      <span className="min-w-0 truncate font-medium" title={email}>
        {email}
      </span>
      <TextLink onClick={onChange}>{T.notYou}</TextLink>
    </div>
  );
}

function PasswordStep(props: {
  email: string;
  hasEmailLink: boolean;
  onSignedIn: () => Promise<void>;
  onNoSignInMethod: (message: string) => void;
  onLinkSent: () => void;
  onChangeEmail: () => void;
}) {
  const [password, setPassword] = useState('');
  const [failure, setFailure] = useState<FormFailure | undefined>();
  const { isBusy, showsSpinner, run } = useBusy();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const issue = checkPassword(password)[0];
    if (issue) {
      setFailure({ message: issue.message });
      return;
    }
    void run(async () => {
      try {
        await signInWithPassword(props.email, password);
        await props.onSignedIn();
      } catch (error) {
        const f = toFormFailure(error);
        if (f.code === 'email-without-sign-in-method') props.onNoSignInMethod(f.message);
        else setFailure(f);
      }
    });
  };

  const sendLink = () =>
    void run(async () => {
      try {
        await sendEmailLink(props.email);
        props.onLinkSent();
      } catch (error) {
        setFailure(toFormFailure(error));
      }
    });

  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <EmailHeader email={props.email} onChange={props.onChangeEmail} />
      <input type="email" name="email" autoComplete="username" value={props.email} readOnly hidden />
      <Field
        label={T.password}
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={failure?.message}
        autoFocus
      />
      <SubmitButton isBusy={isBusy} showsSpinner={showsSpinner}>
        {T.signIn}
      </SubmitButton>
      {props.hasEmailLink ? (
        <div className="text-center">
          <Button variant="ghost" onClick={sendLink} disabled={isBusy}>
            <Mail aria-hidden className="size-4" />
            {T.emailLinkInstead}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

/** An account of a federated provider this server offers: sign in there (or by email link). */
function FederatedStep(props: {
  email: string;
  provider: { id: string; name: string };
  hasEmailLink: boolean;
  onLinkSent: () => void;
  onChangeEmail: () => void;
}) {
  const [failure, setFailure] = useState<FormFailure | undefined>();
  const { isBusy, showsSpinner, run } = useBusy();
  const go = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      try {
        await startFederatedSignIn(props.provider.id);
      } catch (error) {
        setFailure(toFormFailure(error));
      }
    });
  };
  const sendLink = () =>
    void run(async () => {
      try {
        await sendEmailLink(props.email);
        props.onLinkSent();
      } catch (error) {
        setFailure(toFormFailure(error));
      }
    });
  return (
    <form className="space-y-4" onSubmit={go}>
      <EmailHeader email={props.email} onChange={props.onChangeEmail} />
      <FormMessage message={failure?.message} />
      <SubmitButton isBusy={isBusy} showsSpinner={showsSpinner}>
        <KeyRound aria-hidden className="size-4" />
        {T.federated(props.provider.name)}
      </SubmitButton>
      {props.hasEmailLink ? (
        <div className="text-center">
          <Button variant="ghost" onClick={sendLink} disabled={isBusy}>
            <Mail aria-hidden className="size-4" />
            {T.emailLinkInstead}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

function CreateAccountStep(props: {
  email: string;
  onCreated: () => Promise<void>;
  onChangeEmail: () => void;
}) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [issues, setIssues] = useState<ShellIssue[]>([]);
  const [failure, setFailure] = useState<FormFailure | undefined>();
  const { isBusy, showsSpinner, run } = useBusy();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = [...checkAccountName(name, true), ...checkNewPassword(password)];
    setIssues(found);
    setFailure(undefined);
    if (found.length > 0) return;
    void run(async () => {
      try {
        await createAccount({ email: props.email, password, name: name.trim() });
        await props.onCreated();
      } catch (error) {
        setFailure(toFormFailure(error));
      }
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

function Sent({ body, onBack }: { body: string; onBack: () => void }) {
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
function UnsupportedStep(props: { email: string; message: string; onSent: () => void; onBack: () => void }) {
  const [failure, setFailure] = useState<FormFailure | undefined>();
  const { isBusy, showsSpinner, run } = useBusy();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      try {
        await requestPasswordReset(props.email);
        props.onSent();
      } catch (error) {
        setFailure(toFormFailure(error));
      }
    });
  };
  return (
    <form className="space-y-4" onSubmit={submit}>
      <p className="text-sm text-neutral-700">{props.message}</p>
      <p className="text-sm font-medium">{props.email}</p>
      <FormMessage message={failure?.message} />
      <SubmitButton isBusy={isBusy} showsSpinner={showsSpinner}>
        {T.resetPassword}
      </SubmitButton>
      <TextLink onClick={props.onBack}>{T.backToSignIn}</TextLink>
    </form>
  );
}

/** An email link opened in another browser: confirm the address, then the server finishes it. */
function ConfirmEmailLinkStep({ token }: { token: string }) {
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const issue = checkEmail(email)[0];
    if (issue) {
      setError(issue.message);
      return;
    }
    window.location.assign(emailLinkConfirmUrl(token, email.trim()));
  };
  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <p className="text-sm text-neutral-700">{T.confirmEmailBody}</p>
      <Field
        label={T.email}
        type="email"
        autoComplete="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        error={error}
      />
      <Button type="submit" className="w-full">
        {T.confirm}
      </Button>
    </form>
  );
}

/**
 * Token login (spec §4, §5): the person gives the company email or phone the token names. Empty
 * → the prompt under the field; a mismatch or a bad token → signed out (the server ends any
 * session) with the server's message.
 */
function TokenStep(props: {
  token: string;
  onSignedIn: () => Promise<void>;
  onRefused: (message: string) => void;
}) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const { isBusy, showsSpinner, run } = useBusy();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (value.trim() === '') {
      setError(TOKEN_LOGIN_TEXT.identityPrompt);
      return;
    }
    void run(async () => {
      try {
        await tokenLogin(props.token, value.trim());
        await props.onSignedIn();
      } catch (error) {
        const f = toFormFailure(error);
        if (f.field === 'identity') setError(f.message);
        else props.onRefused(f.message);
      }
    });
  };
  return (
    <form className="space-y-4" onSubmit={submit} noValidate>
      <p className="text-sm text-neutral-700">{TOKEN_LOGIN_TEXT.identityPrompt}</p>
      <Field
        label={T.companyEmailOrPhone}
        autoComplete="username"
        value={value}
        onChange={(e) => setValue(e.target.value)}
        error={error}
      />
      <SubmitButton isBusy={isBusy} showsSpinner={showsSpinner}>
        {T.next}
      </SubmitButton>
    </form>
  );
}

/**
 * A guest has no organisation, so there is no shell to show: they may turn the guest session into
 * an account (the identity library links it; an existing account is a merge conflict, shown as
 * the server says) or sign out.
 */
function GuestPanel(props: { onSignedOut: () => Promise<void>; onUpgraded: () => Promise<void> }) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [issues, setIssues] = useState<ShellIssue[]>([]);
  const [failure, setFailure] = useState<FormFailure | undefined>();
  const { isBusy, showsSpinner, run } = useBusy();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = [...checkEmail(email), ...checkAccountName(name, true), ...checkNewPassword(password)];
    setIssues(found);
    setFailure(undefined);
    if (found.length > 0) return;
    void run(async () => {
      try {
        await createAccount({ email: email.trim(), password, name: name.trim() });
        await props.onUpgraded();
      } catch (error) {
        setFailure(toFormFailure(error));
      }
    });
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
          error={onlyField(issues, 'newPassword')}
        />
        <SubmitButton isBusy={isBusy} showsSpinner={showsSpinner}>
          {T.createAccount}
        </SubmitButton>
      </form>
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
