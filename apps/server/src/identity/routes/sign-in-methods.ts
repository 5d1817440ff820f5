import { checkEmail } from '@rostra/core/shell/validators';
import { hitThrottle } from '@rostra/db/identity/throttle';
import { findUserByEmail, hasPassword, listProviders } from '@rostra/db/identity/users';
import { z } from 'zod';
import { API, type App } from '../../app.ts';
import { PUBLIC } from '../../http/access.ts';
import { HttpError } from '../../http/errors.ts';
import type { Identity } from '../identity.ts';
import { FAILURES } from '../messages.ts';

export const signInOptionsResponse = z.object({
  email_password: z.literal(true),
  email_link: z.literal(true),
  phone: z.literal(true),
  anonymous: z.literal(true),
  federated: z.array(z.object({ id: z.string(), name: z.string() })),
});

export const signInMethodsBody = z.strictObject({ email: z.string().max(320) });
export const signInMethodsResponse = z.object({
  /** Empty for an unknown address: the sign-in screen offers account creation. */
  methods: z.array(z.string()),
});

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
        response: { 200: signInOptionsResponse },
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
        response: { 200: signInMethodsResponse },
      },
    },
    async (request) => {
      const { perIp } = identity.options.limits;
      const ip = await hitThrottle(identity.db, `ip:${request.ip}`, perIp.windowSeconds, identity.now());
      if (ip.count > perIp.max)
        throw new HttpError(429, FAILURES.tooManyFromIp.code, FAILURES.tooManyFromIp.message);
      const issue = checkEmail(request.body.email)[0];
      if (issue) throw new HttpError(400, issue.code, issue.message, { field: 'email' });
      const found = await findUserByEmail(identity.db, request.body.email);
      if (!found || found.isAnonymous) return { methods: [] };
      const methods = (await hasPassword(identity.db, found.id))
        ? ['password', 'email_link']
        : ['email_link'];
      const federated = (await listProviders(identity.db, found.id)).filter((p) => p !== 'credential');
      return { methods: [...methods, ...federated] };
    },
  );
}
