import { captchaChallengeAnswer } from '@rostra/core/api/identity';
import { PUBLIC } from '../../http/access.ts';
import { API, type App } from '../../http/api.ts';
import { newCaptchaChallenge } from '../captcha.ts';
import type { Identity } from '../identity.ts';

/** `GET /api/v1/captcha`: a fresh proof-of-work challenge for phone sign-in and account creation. */
export function captchaRoute(app: App, identity: Identity): void {
  app.get(
    `${API}/captcha`,
    {
      config: { access: PUBLIC },
      schema: {
        tags: ['identity'],
        summary: 'A captcha challenge (proof of work) for phone sign-in and account creation',
        response: { 200: captchaChallengeAnswer },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return newCaptchaChallenge(identity);
    },
  );
}
