import type { App } from '../http/api.ts';
import type { Identity } from './identity.ts';
import { mountAuth } from './mount.ts';
import { accessTokenRoute } from './routes/access-token.ts';
import { captchaRoute } from './routes/captcha.ts';
import { completeRegistrationRoute } from './routes/complete-registration.ts';
import { devOutboxRoute } from './routes/dev-outbox.ts';
import { meRoute } from './routes/me.ts';
import { profileRoutes } from './routes/profile.ts';
import { shortLinkRoutes } from './routes/short-links.ts';
import { signInMethodRoutes } from './routes/sign-in-methods.ts';
import { signOutRoute } from './routes/sign-out.ts';
import { signInTokensRoute } from './routes/signin-tokens.ts';
import { switchOrgRoute } from './routes/switch-org.ts';
import { termsRoutes } from './routes/terms.ts';
import { tokenLoginRoute } from './routes/token-login.ts';

/** The identity library at /api/auth and Rostra's identity calls under /api/v1. */
export async function identityRoutes(app: App, identity: Identity): Promise<void> {
  await mountAuth(app, identity);
  meRoute(app, identity);
  profileRoutes(app, identity);
  accessTokenRoute(app, identity);
  switchOrgRoute(app, identity);
  signInTokensRoute(app, identity);
  tokenLoginRoute(app, identity);
  shortLinkRoutes(app, identity);
  termsRoutes(app, identity);
  signOutRoute(app, identity);
  signInMethodRoutes(app, identity);
  captchaRoute(app, identity);
  devOutboxRoute(app, identity);
  completeRegistrationRoute(app, identity);
}
