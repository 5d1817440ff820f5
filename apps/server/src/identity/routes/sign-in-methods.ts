import { signInMethodsAnswer, signInMethodsBody, signInOptionsAnswer } from '@rostra/core/api/identity';
import { checkEmail } from '@rostra/core/shell/validators';
import { clientAddress, hitThrottle } from '@rostra/db/identity/throttle';
import { findUserByEmail, hasPassword, listProviders } from '@rostra/db/identity/users';
import { PUBLIC } from '../../http/access.ts';
import { API, type App } from '../../http/api.ts';
import { HttpError } from '../../http/errors.ts';
import type { Identity } from '../identity.ts';
import { FAILURES } from '../messages.ts';

/**
 * What every address is told with enumeration protection on: the password step with the email
 * link beside it. A known account signs in either way; a new person gets an account made by the
 * email link (a link asked for an unknown address signs up), as an unknown address and a wrong
 * password answer alike at sign-in.
 */
export const PROTECTED_METHODS: readonly string[] = ['password', 'email_link'];

/**
 * What the sign-in screen needs before it asks for a password (shell spec §4: "email entry
 * leads, by the methods found for that email, to password sign-in, account creation, email-link
 * send, federated provider, or …"): the methods this server offers, and those an address has.
 */
export function signInMethodRoutes(app: App, identity: Identity): void {
  app.get(
    `${API}/sign_in_options`,
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['identity'],
        summary: 'Sign-in methods offered',
        response: { 200: signInOptionsAnswer },
      },
    },
    async () => ({
      email_password: true as const,
      email_link: true as const,
      phone: true as const,
      anonymous: true as const,
      federated: identity.options.oidc
        ? [{ id: identity.options.oidc.providerId, name: identity.options.oidc.name }]
        : [],
    }),
  );

  app.post(
    `${API}/sign_in_methods`,
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['identity'],
        summary: 'Sign-in methods of an email address',
        body: signInMethodsBody,
        response: { 200: signInMethodsAnswer },
      },
    },
    async (request) => {
      const { db, options } = identity;
      const { perIp, methodLookups } = options.limits;
      const now = identity.now();
      const tooMany = () => new HttpError(429, FAILURES.tooManyFromIp.code, FAILURES.tooManyFromIp.message);
      const ip = await hitThrottle(db, `ip:${request.ip}`, perIp.windowSeconds, now);
      if (ip.count > perIp.max) throw tooMany();
      const issue = checkEmail(request.body.email)[0];
      if (issue) throw new HttpError(400, issue.code, issue.message, { field: 'email' });
      // Per address asked about, from one client address: the answer does not change with
      // asking, so there is no limit across all client addresses (it would only let anyone shut
      // an owner's sign-in screen).
      const email = request.body.email.trim().toLowerCase();
      const asked = await hitThrottle(
        db,
        `methods:${email}@${clientAddress(request.ip)}`,
        methodLookups.windowSeconds,
        now,
      );
      if (asked.count > methodLookups.max) throw tooMany();
      if (options.enumerationProtection) return { methods: [...PROTECTED_METHODS] };
      const found = await findUserByEmail(db, request.body.email);
      if (!found || found.isAnonymous) return { methods: [] };
      const methods = (await hasPassword(db, found.id)) ? ['password', 'email_link'] : ['email_link'];
      const federated = (await listProviders(db, found.id)).filter((p) => p !== 'credential');
      return { methods: [...methods, ...federated] };
    },
  );
}
