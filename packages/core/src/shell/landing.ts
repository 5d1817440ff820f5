/**
 * The default landing page (spec §2): where a signed-in user goes when no route was asked for.
 */

import { isMenuFlagOn, type Settings } from './menu.ts';
import type { Role } from './roles.ts';

/**
 * Landing path from the role and the organisation's menu flags (unset keys take the default
 * flags, as in the menu). "Enabled" means the flag is on in the menu; partner duty, which always shows some
 * entries, does not change the landing page.
 *
 * - dispatcher: /bookings if bookings is on; else /projecttasks if projecttasks is on; else
 *   /calevents if calevents is on; else /. (The spec says "/ if neither calevents nor bookings";
 *   for calevents on, which it leaves open, the dispatcher lands on /calevents, as a
 *   non-customer does in the other branch.)
 * - everyone else (scheduler, resource, customer, partner): /bookings if bookings is on; else a
 *   customer goes to /projecttasks (whatever its flag); else a non-customer with calevents on
 *   goes to /calevents; else /.
 */
export function defaultLandingPath(role: Role, menu: Settings | undefined): string {
  const on = (key: 'bookings' | 'projecttasks' | 'calevents') => isMenuFlagOn(menu, key);
  if (on('bookings')) return '/bookings';
  if (role === 'dispatcher') {
    if (on('projecttasks')) return '/projecttasks';
    return on('calevents') ? '/calevents' : '/';
  }
  if (role === 'customer') return '/projecttasks';
  return on('calevents') ? '/calevents' : '/';
}
