import { defaultLandingPath } from '@rostra/core/shell/landing';
import { ALERT_TEXT } from '@rostra/core/shell/messages';
import { parseRole } from '@rostra/core/shell/roles';
import type { QueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { acceptInvitation, invitationOf, withoutInvitation } from './invitations.ts';
import { type Me, meQuery, signOut } from './session.ts';
import { shellSettingsQuery } from './shell-settings.ts';
import { createStore } from './store.ts';

/** An alert for the sign-in page (not a member, missing information), shown where the form is. */
export const signInNoticeStore = createStore<string | null>(null);

/** Only an in-app path may be a redirect target (no open redirect through `?redirect=`). */
export function safeRedirect(target: unknown): string | undefined {
  if (
    typeof target !== 'string' ||
    !target.startsWith('/') ||
    target.startsWith('//') ||
    target.startsWith('/\\')
  ) {
    return undefined;
  }
  // The root is "no route asked for": the default landing page applies.
  if (target === '/' || target.startsWith('/login') || target.startsWith('/reset')) return undefined;
  return target;
}

/** The default landing page of spec §2 for the signed-in person. */
export async function landingPath(queryClient: QueryClient, me: Me): Promise<string> {
  const role = parseRole(me.role);
  if (!role || !me.org_id) return '/';
  const settings = await queryClient.fetchQuery(shellSettingsQuery(me.org_id, role)).catch(() => undefined);
  return defaultLandingPath(role, settings?.menu);
}

export type SignInOutcome = { kind: 'go'; to: string } | { kind: 'guest' } | { kind: 'signed-out' };

/**
 * After any sign-in: read who we are now. With an organisation → the asked-for page or the
 * default landing page; a guest → the guest panel; without an organisation → signed out with
 * the spec's not-a-member alert (spec §2, §8).
 */
export async function afterSignIn(queryClient: QueryClient, redirect?: unknown): Promise<SignInOutcome> {
  api.tokens.clear();
  let me = await queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
  if (!me) return { kind: 'signed-out' };
  if (me.user_details.isAnonymous) return { kind: 'guest' };
  // An invitation link brought them here: accept it first, it may be their first organisation.
  const invitation = invitationOf(redirect);
  if (invitation) {
    me = await acceptInvitation(queryClient, invitation);
    if (!me) return { kind: 'signed-out' };
    redirect = typeof redirect === 'string' ? withoutInvitation(redirect) : redirect;
  }
  if (!me.org_id) {
    await signOut(queryClient);
    signInNoticeStore.set(ALERT_TEXT.notAMember);
    return { kind: 'signed-out' };
  }
  return { kind: 'go', to: safeRedirect(redirect) ?? (await landingPath(queryClient, me)) };
}
