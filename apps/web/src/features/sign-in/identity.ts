import type {
  FederatedSignInAnswer,
  SignInMethodsAnswer,
  SignInOptions,
  TokenLoginAnswer,
} from '@rostra/core/api/identity';
import { AUTH_BASE } from '../../lib/api.ts';
import { api } from '../../lib/client.ts';

/**
 * The sign-in calls (identity issue): the identity library at /api/auth behind Rostra's rules,
 * and Rostra's own calls under /api/v1. Every failure arrives as an ApiError whose message is the
 * spec's text (the server maps them), so screens show `error.message` where the person looks.
 *
 * Identity answers are final: a 429 here means "too many attempts", not "try again in 2 s", so
 * these calls never retry, and their failures are the screen's to show (no client toast).
 */
const IDENTITY = { retry: false, quiet: true, auth: 'cookie' } as const;

const auth = <T>(path: string, body?: unknown) => api.post<T>(`${AUTH_BASE}${path}`, body ?? {}, IDENTITY);

export type { SignInOptions };

const NO_OPTIONS: SignInOptions = {
  email_password: true,
  email_link: true,
  phone: true,
  anonymous: true,
  federated: [],
};

export const signInOptionsQuery = {
  queryKey: ['sign-in-options'] as const,
  queryFn: async (): Promise<SignInOptions> =>
    api.get<SignInOptions>('/sign_in_options', IDENTITY).catch(() => NO_OPTIONS),
  staleTime: Number.POSITIVE_INFINITY,
};

/**
 * Where the email step leads (spec §4: "by the methods found for that email"), from the
 * account's methods (`POST /api/v1/sign_in_methods` → `password`, `email_link`, provider ids):
 * - none: no account → account creation;
 * - a password → password sign-in (with the email link offered beside it);
 * - a provider this server offers → federated sign-in;
 * - only providers it does not offer → the unsupported-provider page with password recovery;
 * - otherwise (only the email link) → the link is sent.
 */
export type EmailRoute =
  | { kind: 'create' }
  | { kind: 'password'; hasEmailLink: boolean }
  | { kind: 'federated'; provider: { id: string; name: string }; hasEmailLink: boolean }
  | { kind: 'unsupported'; providers: string[] }
  | { kind: 'email-link' };

export function routeForMethods(methods: readonly string[], options: SignInOptions): EmailRoute {
  if (methods.length === 0) return { kind: 'create' };
  const hasEmailLink = options.email_link && methods.includes('email_link');
  if (options.email_password && methods.includes('password')) return { kind: 'password', hasEmailLink };
  const providers = methods.filter((m) => m !== 'password' && m !== 'email_link');
  const offered = options.federated.find((p) => providers.includes(p.id));
  if (offered) return { kind: 'federated', provider: offered, hasEmailLink };
  if (providers.length > 0) return { kind: 'unsupported', providers };
  return hasEmailLink ? { kind: 'email-link' } : { kind: 'unsupported', providers: [] };
}

export async function findSignInMethods(email: string): Promise<string[]> {
  const answer = await api.post<SignInMethodsAnswer>('/sign_in_methods', { email }, IDENTITY);
  return answer.methods;
}

export const signInWithPassword = (email: string, password: string) =>
  auth('/sign-in/email', { email, password, rememberMe: true });

/** Account creation; `captcha` is a solved captcha (captcha.ts), good once. */
export const createAccount = (input: { email: string; password: string; name: string; captcha: string }) =>
  auth('/sign-up/email', input);

/**
 * Where the server sends the browser after an email link or a federated sign-in: the sign-in
 * page marked as the end of a sign-in, whose guard does what every sign-in ends with (spec §2):
 * with an organisation → the default landing page; without → signed out with the not-a-member
 * alert. (An unmarked visit to /login while signed in goes to the home page.)
 */
const AFTER_REDIRECT_SIGN_IN = '/login?signed_in=1';

/** Sends the sign-in link; opening it comes back to /login (see above), or with `?error=`. */
export const sendEmailLink = (email: string) =>
  auth('/sign-in/magic-link', {
    email,
    callbackURL: AFTER_REDIRECT_SIGN_IN,
    newUserCallbackURL: AFTER_REDIRECT_SIGN_IN,
    errorCallbackURL: '/login',
  });

/** Finishes an email link opened in another browser: the person confirms the address. */
export function emailLinkConfirmUrl(token: string, email: string): string {
  const params = new URLSearchParams({
    token,
    email,
    callbackURL: AFTER_REDIRECT_SIGN_IN,
    errorCallbackURL: '/login',
  });
  return `${AUTH_BASE}/magic-link/verify?${params.toString()}`;
}

/** Sends the reset mail; its link opens /reset?token=… (or /reset?error=… when it is no good). */
export const requestPasswordReset = (email: string) =>
  auth('/request-password-reset', { email, redirectTo: '/reset' });

export const resetPassword = (token: string, newPassword: string) =>
  auth('/reset-password', { token, newPassword });

/** Sends a phone code; `captcha` is a solved captcha (captcha.ts), good once. */
export const sendPhoneCode = (phoneNumber: string, captcha: string) =>
  auth('/phone-number/send-otp', { phoneNumber, captcha });

/** Signs in with the code, or (`update`) makes the proved number the signed-in person's own. */
export const verifyPhoneCode = (phoneNumber: string, code: string, update = false) =>
  auth('/phone-number/verify', { phoneNumber, code, ...(update ? { updatePhoneNumber: true } : {}) });

export const signInAsGuest = () => auth('/sign-in/anonymous');

/**
 * Starts federated sign-in: the server answers the provider's address, the browser goes there.
 * The identity library serves its generic OpenID Connect providers on `/sign-in/social` (as the
 * server's oidc.test.ts does).
 */
export async function startFederatedSignIn(providerId: string): Promise<void> {
  const answer = await auth<FederatedSignInAnswer>('/sign-in/social', {
    provider: providerId,
    callbackURL: AFTER_REDIRECT_SIGN_IN,
    newUserCallbackURL: AFTER_REDIRECT_SIGN_IN,
    errorCallbackURL: '/login',
  });
  if (answer.url) window.location.assign(answer.url);
}

/** Token login (spec §4, §5): the token from `?token=` and the company email or phone entered. */
export const tokenLogin = (token: string, identity: string) =>
  api.post<TokenLoginAnswer>('/token_login', { token, identity }, IDENTITY);
