import { meAnswer } from '@rostra/core/api/identity';
import { getCompany, getWeekStartDay } from '@rostra/db/identity/company';
import { listMemberships } from '@rostra/db/identity/memberships';
import { findSessionBinding } from '@rostra/db/identity/sessions';
import { findUserById } from '@rostra/db/identity/users';
import { type Access, requireUser } from '../../http/access.ts';
import { API, type App } from '../../http/api.ts';
import { HttpError } from '../../http/errors.ts';
import { PHONE_EMAIL_DOMAIN } from '../auth.ts';
import type { Identity } from '../identity.ts';
import { SERVER_IDENTITY_TEXT } from '../messages.ts';

/** /me works for every signed-in person: guests and users without organisation included. */
const ACCESS: Access = { kind: 'signedIn', beforeTerms: true, withoutOrg: true };

/**
 * GET /me: who the caller is, every membership, the active organisation and role, whether the
 * terms must be accepted, and the active organisation's company document. Built field by field
 * from allow-listed columns, so nothing secret can ride along. A session started from a sign-in
 * token lists only the membership it is bound to (no company switch is offered).
 */
export function meRoute(app: App, identity: Identity): void {
  app.get(
    `${API}/me`,
    {
      config: { access: ACCESS },
      schema: {
        tags: ['identity'],
        summary: 'The signed-in user, memberships and company',
        response: { 200: meAnswer },
      },
    },
    async (request) => {
      const signedIn = requireUser(request);
      const caller = request.auth;
      const found = await findUserById(identity.db, signedIn.uid);
      if (!found) throw new HttpError(401, 'unauthenticated', SERVER_IDENTITY_TEXT.signInRequired);
      // A session from a sign-in token knows only the membership it is bound to.
      const bound = await findSessionBinding(identity.db, signedIn.sessionId);
      const memberships = (await listMemberships(identity.db, signedIn.uid)).filter(
        (m) => !bound || (m.orgId === bound.orgId && m.role === bound.role),
      );
      const doc = caller ? await getCompany(identity.db, caller.orgId) : undefined;
      // The organisation's week start (its allocation setting), so every screen's week agrees.
      const weekStartDay = caller ? await getWeekStartDay(identity.db, caller.orgId) : 0;
      const hidesEmail = found.isAnonymous || found.email.endsWith(`@${PHONE_EMAIL_DOMAIN}`);
      return {
        user_details: {
          uid: found.id,
          displayName: found.name,
          email: hidesEmail ? null : found.email,
          photoUrl: found.image,
          emailVerified: found.emailVerified,
          phoneNumber: found.phoneNumber,
          isAnonymous: found.isAnonymous,
        },
        memberships: memberships.map((m) => ({
          org_id: m.orgId,
          org_name: m.orgName,
          role: m.role,
          duties: m.duties,
          resource_id: m.resourceId,
          customer_id: m.customerId,
        })),
        uid: found.id,
        org_id: caller?.orgId ?? null,
        role: caller?.role ?? null,
        duty: caller?.duties[0] ?? null,
        duties: [...(caller?.duties ?? [])],
        resource_id: caller?.resourceId ?? null,
        customer_id: caller?.customerId ?? null,
        terms_required: request.termsRequired,
        terms_version: identity.options.termsVersion,
        company: doc ? { ...doc, week_start_day: weekStartDay } : null,
      };
    },
  );
}
