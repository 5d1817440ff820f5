import { putSettings } from '@rostra/db/settings';
import { z } from 'zod';
import { DISPATCHERS, requireAuth } from '../../http/access.ts';
import type { App } from '../../http/api.ts';
import type { Identity } from '../identity.ts';

export const completeRegistrationBody = z.strictObject({
  code: z.string().min(1).max(2_000).describe("the card payment provider's authorisation code"),
  state: z.string().min(1).max(8_000).describe('the state sent out (also the bearer token)'),
  provider: z.string().min(1).max(50).describe('the card payment provider'),
});

/**
 * POST /api/v2/complete_registration (spec §7): the page the card payment provider sends a
 * dispatcher back to (`code` and `state` in the query) hands them here with the state as the
 * bearer token. The organisation's payment registration is recorded (provider, when, by whom) as
 * its `payment_registration` setting. The authorisation code is not kept: no payment provider is
 * configured in this product yet, so nothing exchanges it. The web does not read the answer.
 */
export function completeRegistrationRoute(app: App, identity: Identity): void {
  app.post(
    '/api/v2/complete_registration',
    {
      config: { access: DISPATCHERS },
      schema: {
        tags: ['identity'],
        summary: "Complete the organisation's card payment registration",
        body: completeRegistrationBody,
        response: { 200: z.object({ registered: z.literal(true), provider: z.string() }) },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const { provider } = request.body;
      await putSettings(identity.db, caller.orgId, 'payment_registration', {
        provider,
        registered_at: Math.floor(identity.now().getTime() / 1000),
        registered_by: caller.uid,
      });
      return { registered: true as const, provider };
    },
  );
}
