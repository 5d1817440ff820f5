import { ALERT_TEXT } from '@rostra/core/shell/messages';
import type { RouteAction } from '@rostra/core/shell/routes';
import { isApiError } from './api.ts';

/** Parameters that act once and are then taken out of the address (so a reload does not repeat them). */
export const ONE_SHOT_PARAMS = ['signout', 'logout', 'token', 'link', 'code', 'state', 'show'] as const;

export type RouteActionDeps = {
  /** `GET /api/v1/shortlinks/:id` → the stored in-app target. */
  resolveShortLink: (id: string) => Promise<string>;
  /** `POST /api/v2/complete_registration` (bearer = state); the answer is not read (spec §7). */
  completeRegistration: (code: string, state: string) => Promise<void>;
  navigate: (to: string) => void;
  /** 'Sorry your link got expired' for 1.5 s, or another failure text. */
  showError: (message: string, kind: 'expired' | 'failed') => void;
  /** `show`: the incoming view state (the shell opens the view it names, core's `showView`). */
  openView: (show: string) => void;
};

/**
 * Runs the actions of `routeActions` that need a signed-in shell (sign-out and token login are
 * handled before: they decide whether there is a shell at all). A short link goes to its target;
 * an expired one says so and goes home (spec §8); `show` opens the view it names.
 */
export async function runRouteActions(actions: readonly RouteAction[], deps: RouteActionDeps): Promise<void> {
  for (const action of actions) {
    switch (action.type) {
      case 'short-link':
        try {
          deps.navigate(await deps.resolveShortLink(action.linkId));
        } catch (error) {
          const isExpired = isApiError(error) && error.status === 410;
          deps.showError(
            isExpired ? ALERT_TEXT.linkExpired : ALERT_TEXT.somethingWentWrong,
            isExpired ? 'expired' : 'failed',
          );
          deps.navigate('/');
        }
        return;
      case 'complete-registration':
        await deps.completeRegistration(action.code, action.state).catch(() => undefined);
        break;
      case 'set-view-state':
        deps.openView(action.show);
        break;
      // The current booking is the bookings screen's (`job_id`, `id`); the current task and
      // event are opened over any screen from the address itself (shell-layout.tsx).
      default:
        break;
    }
  }
}

/** The address without the one-shot parameters, or undefined when it has none. */
export function withoutOneShotParams(pathname: string, searchStr: string): string | undefined {
  const params = new URLSearchParams(searchStr);
  let changed = false;
  for (const name of ONE_SHOT_PARAMS) {
    if (params.has(name)) {
      params.delete(name);
      changed = true;
    }
  }
  if (!changed) return undefined;
  const rest = params.toString();
  return rest === '' ? pathname : `${pathname}?${rest}`;
}

/** The raw query as the core's rules take it (first value of each parameter). */
export function queryOf(searchStr: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(searchStr));
}
