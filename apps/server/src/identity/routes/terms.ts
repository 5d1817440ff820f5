import { acceptTermsAnswer } from '@rostra/core/api/identity';
import { termsWholeVersion } from '@rostra/core/shell/validators';
import { acceptTerms } from '@rostra/db/identity/terms';
import { type Access, requireUser } from '../../http/access.ts';
import { API, type App } from '../../http/api.ts';
import type { Identity } from '../identity.ts';

const ACCESS: Access = { kind: 'signedIn', beforeTerms: true, withoutOrg: true };

/**
 * POST /terms/accept: records acceptance of the current terms under their whole-number version
 * ('3.0' and 3 are the same record), after which the terms gate opens. It takes no body: what is
 * accepted is always the version in force.
 */
export function termsRoutes(app: App, identity: Identity): void {
  app.post(
    `${API}/terms/accept`,
    {
      config: { access: ACCESS },
      schema: {
        tags: ['identity'],
        summary: 'Accept the current terms',
        response: { 200: acceptTermsAnswer },
      },
    },
    async (request) => {
      const user = requireUser(request);
      const version = termsWholeVersion(identity.options.termsVersion);
      await acceptTerms(identity.db, user.uid, version, identity.now());
      return { version, accepted: true as const };
    },
  );
}
