import {
  acceptInvitationBody,
  changeMemberBody,
  invitation,
  invitationsAnswer,
  inviteBody,
  member,
  memberIdBody,
  membersAnswer,
} from '@rostra/core/api/settings';
import {
  acceptInvitation,
  createInvitation,
  INVITATION_TEXT,
  listInvitations,
  revokeInvitation,
} from '@rostra/db/admin/invitations';
import { changeMember, listMembers, removeMember } from '@rostra/db/admin/members';
import { findUserById } from '@rostra/db/identity/users';
import { type Access, DISPATCHERS, requireAuth, requireUser } from '../http/access.ts';
import { API, type App } from '../http/api.ts';
import { HttpError } from '../http/errors.ts';
import { CONFLICT, written } from '../http/kit.ts';

/** Anyone signed in, with or without an organisation (the person accepting an invitation). */
const SIGNED_IN_ANYWHERE: Access = { kind: 'signedIn', withoutOrg: true, beforeTerms: true };

/**
 * Users and invitations (issue #8), dispatchers only: list the organisation's members, change a
 * member's role and duties, remove a member (never the last dispatcher); invite an email address
 * with a role and duties (a mail with the link goes through the message transport), list and
 * withdraw invitations. The invited person, signed in with that address, accepts with
 * `POST /invitations/accept`.
 */
export function userRoutes(app: App): void {
  const db = () => app.deps.db.db;
  const tags = ['users'];

  app.get(
    `${API}/users`,
    {
      config: { access: DISPATCHERS },
      schema: {
        tags,
        summary: "The organisation's members (name, email, role, duties)",
        response: { 200: membersAnswer },
      },
    },
    async (request) => ({ items: await listMembers(db(), requireAuth(request).orgId) }),
  );

  app.post(
    `${API}/users/change`,
    {
      config: { access: DISPATCHERS },
      schema: {
        tags,
        summary: "Change a member's role and duties (never leaves the organisation without a dispatcher)",
        body: changeMemberBody,
        response: { ...CONFLICT, 200: member },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const { id, role, duties } = request.body;
      const result = await changeMember(db(), caller.orgId, id, { role, duties });
      if (!result.ok && result.error === 'exists') {
        throw new HttpError(409, 'already_member', INVITATION_TEXT.alreadyMember);
      }
      return written(result);
    },
  );

  app.post(
    `${API}/users/remove`,
    {
      config: { access: DISPATCHERS },
      schema: {
        tags,
        summary: 'Remove a member from the organisation (the account stays; never the last dispatcher)',
        body: memberIdBody,
        response: { ...CONFLICT, 200: member },
      },
    },
    async (request) => written(await removeMember(db(), requireAuth(request).orgId, request.body.id)),
  );

  app.get(
    `${API}/invitations`,
    {
      config: { access: DISPATCHERS },
      schema: {
        tags,
        summary: "The organisation's invitations, newest first",
        response: { 200: invitationsAnswer },
      },
    },
    async (request) => ({
      items: await listInvitations(db(), requireAuth(request).orgId, app.identity.now()),
    }),
  );

  app.post(
    `${API}/invitations`,
    {
      config: { access: DISPATCHERS },
      schema: {
        tags,
        summary: 'Invite an email address with a role and duties (sends the invitation mail)',
        body: inviteBody,
        response: { ...CONFLICT, 200: invitation },
      },
    },
    async (request) => {
      const caller = requireAuth(request);
      const { email, role, duties } = request.body;
      const result = await createInvitation(db(), caller.orgId, {
        email,
        role,
        duties,
        inviterId: caller.uid,
        now: app.identity.now(),
      });
      if (!result.ok && result.error === 'exists') {
        throw new HttpError(409, 'already_member', INVITATION_TEXT.alreadyMember, { field: 'email' });
      }
      const sent = written(result);
      const inviter = await findUserById(db(), caller.uid);
      const link = new URL(
        `/?invitation=${encodeURIComponent(sent.id)}&org=${encodeURIComponent(caller.orgId)}`,
        app.deps.config.publicUrl,
      ).toString();
      await app.identity.transport.send({
        channel: 'email',
        recipient: sent.email,
        purpose: 'invitation',
        subject: 'You are invited to Rostra',
        body: `${inviter?.name ?? 'A dispatcher'} invited you to join their organisation on Rostra as ${role}.\n\nSign in with this email address, then open:\n\n${link}\n\nThe invitation is open for 7 days.`,
        link,
      });
      return sent;
    },
  );

  app.post(
    `${API}/invitations/revoke`,
    {
      config: { access: DISPATCHERS },
      schema: {
        tags,
        summary: 'Withdraw an open invitation',
        body: memberIdBody,
        response: { ...CONFLICT, 200: invitation },
      },
    },
    async (request) =>
      written(await revokeInvitation(db(), requireAuth(request).orgId, request.body.id, app.identity.now())),
  );

  app.post(
    `${API}/invitations/accept`,
    {
      config: { access: SIGNED_IN_ANYWHERE },
      schema: {
        tags,
        summary: 'Accept an invitation sent to the signed-in email address (adds the membership)',
        body: acceptInvitationBody,
        response: { ...CONFLICT, 200: invitation },
      },
    },
    async (request) => {
      const person = requireUser(request);
      const found = await findUserById(db(), person.uid);
      if (!found || found.isAnonymous)
        throw new HttpError(400, 'invitation_other_email', INVITATION_TEXT.otherEmail);
      const { org_id, id } = request.body;
      return written(
        await acceptInvitation(db(), org_id, id, { uid: found.id, email: found.email }, app.identity.now()),
      );
    },
  );
}
