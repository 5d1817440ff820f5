import { parseRole, type ShellUser } from '@rostra/core/shell/roles';
import type { Me } from './session.ts';

/*
 * Who acts, from a /me answer: light (core's role rules only), so that the boot module
 * (app/early.ts) can decide what to ask for before the app has arrived.
 */

/** The signed-in person acting in an organisation, as the shell's rules take them. */
export type ActiveUser = ShellUser & { orgId: string };

export function activeUser(me: Me): ActiveUser | undefined {
  const role = parseRole(me.role);
  if (!me.org_id || !role) return undefined;
  return { orgId: me.org_id, role, duty: me.duty ?? undefined, duties: me.duties };
}
