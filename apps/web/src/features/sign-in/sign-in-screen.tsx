import { IDENTITY_TEXT, identityMessage, ROUTE_TEXT } from '@rostra/core/shell/messages';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import { signOut } from '../../lib/session.ts';
import { afterSignIn, signInNoticeStore } from '../../lib/sign-in-flow.ts';
import { useStore } from '../../lib/store.ts';
import { SIGN_IN_SCREEN_TEXT as T } from '../../texts.ts';
import { AuthCard, AuthFooterLink, TextLink } from '../../ui/auth-card.tsx';
import { FormMessage } from '../../ui/field.tsx';
import { SkeletonRows } from '../../ui/list-state.tsx';
import { EmailStep, laterSteps, phoneSteps } from './email-step.tsx';
import { sendEmailLink, signInAsGuest } from './identity.ts';

// The steps after the first load on demand (the sign-in page's first-load budget).
const later = <K extends keyof Awaited<ReturnType<typeof laterSteps>>>(name: K) =>
  lazy(() => laterSteps().then((m) => ({ default: m[name] })));
const PasswordStep = later('PasswordStep');
const FederatedStep = later('FederatedStep');
const CreateAccountStep = later('CreateAccountStep');
const Sent = later('Sent');
const UnsupportedStep = later('UnsupportedStep');
const ConfirmEmailLinkStep = later('ConfirmEmailLinkStep');
const TokenStep = later('TokenStep');
const GuestPanel = later('GuestPanel');
const PhoneNumberStep = lazy(() => phoneSteps().then((m) => ({ default: m.PhoneNumberStep })));
const PhoneCodeStep = lazy(() => phoneSteps().then((m) => ({ default: m.PhoneCodeStep })));

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

/** Each step's heading. */
const STEP_TITLES: Readonly<Record<Step['kind'], string>> = {
  email: T.signIn,
  password: T.signIn,
  federated: T.signIn,
  create: T.createAccount,
  'link-sent': T.linkSent,
  unsupported: T.unsupportedTitle,
  'recovery-sent': T.linkSent,
  'phone-number': T.phone,
  'phone-code': T.codeTitle,
  'confirm-email-link': T.confirmEmailTitle,
  token: T.tokenTitle,
  guest: T.guestTitle,
};

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

  const title = STEP_TITLES[step.kind];

  return (
    <AuthCard
      title={title}
      footer={<AuthFooterLink to="/reset">{ROUTE_TEXT.troubleSigningIn}</AuthFooterLink>}
    >
      <div className="space-y-4">
        <FormMessage message={alert ?? notice} />
        <Suspense fallback={<SkeletonRows rows={2} />}>
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
        </Suspense>
      </div>
    </AuthCard>
  );
}
