import type { QueryClient } from '@tanstack/react-query';
import { api } from './client.ts';
import { type Me, meQuery } from './session.ts';
import { notify } from './toast.ts';

/**
 * An invitation link (the mail of settings › users: `/?invitation={id}&org={org_id}`). The
 * invited person may have no organisation yet, so the link is honoured before the "not a member"
 * rule signs them out: after sign-in (the link is the sign-in's redirect) and on entering the app.
 */
export type InvitationLink = { id: string; org: string };

/** The invitation a path's query names, if any. */
export function invitationOf(target: unknown): InvitationLink | undefined {
  if (typeof target !== 'string') return undefined;
  const q = target.indexOf('?');
  if (q < 0) return undefined;
  const params = new URLSearchParams(target.slice(q + 1));
  const id = params.get('invitation');
  const org = params.get('org');
  return id && org ? { id, org } : undefined;
}

/** The same path without the invitation's query parameters (so a reload does not accept twice). */
export function withoutInvitation(target: string): string {
  const q = target.indexOf('?');
  if (q < 0) return target;
  const params = new URLSearchParams(target.slice(q + 1));
  params.delete('invitation');
  params.delete('org');
  const rest = params.toString();
  return `${target.slice(0, q)}${rest ? `?${rest}` : ''}`;
}

/**
 * Accepts the invitation as the signed-in person (the server checks it was sent to their address)
 * and reads who they are now. A refusal is shown as the server words it; who they were is kept.
 */
export async function acceptInvitation(queryClient: QueryClient, link: InvitationLink): Promise<Me | null> {
  try {
    await api.post(
      '/invitations/accept',
      { org_id: link.org, id: link.id },
      { auth: 'cookie', retry: false, quiet: true },
    );
  } catch (error) {
    notify.error(error instanceof Error ? error.message : String(error));
  }
  api.tokens.clear();
  return queryClient.fetchQuery({ ...meQuery, staleTime: 0 });
}
