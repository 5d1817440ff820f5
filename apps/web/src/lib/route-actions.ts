import { ALERT_TEXT } from '@rostra/core/shell/messages';
import type { RouteAction } from '@rostra/core/shell/routes';
import { isApiError } from './api.ts';
import { createStore } from './store.ts';

/**
 * What the query parameters of spec §2 leave behind for the screens: the current booking, task,
 * calendar event and the incoming view state. The bookings and task screens (later issues) read
 * this store; the shell only fills it.
 */
export type Selection = {
  bookingId?: string;
  taskId?: string;
  eventId?: string;
  viewState?: string;
};

export const selectionStore = createStore<Selection>({});

/** Parameters that act once and are then taken out of the address (so a reload does not repeat them). */
export const ONE_SHOT_PARAMS = ['signout', 'logout', 'token', 'link', 'code', 'state'] as const;

export type RouteActionDeps = {
  /** `GET /api/v1/shortlinks/:id` → the stored in-app target. */
  resolveShortLink: (id: string) => Promise<string>;
  /** `POST /api/v2/complete_registration` (bearer = state); the answer is not read (spec §7). */
  completeRegistration: (code: string, state: string) => Promise<void>;
  navigate: (to: string) => void;
  /** 'Sorry your link got expired' for 1.5 s, or another failure text. */
  showError: (message: string, kind: 'expired' | 'failed') => void;
};

/**
 * Runs the actions of `routeActions` that need a signed-in shell (sign-out and token login are
 * handled before: they decide whether there is a shell at all). A short link goes to its target;
 * an expired one says so and goes home (spec §8).
 */
export async function runRouteActions(actions: readonly RouteAction[], deps: RouteActionDeps): Promise<void> {
  const selection: Selection = {};
  let hasSelection = false;
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
      case 'set-current-booking':
        selection.bookingId = action.bookingId;
        hasSelection = true;
        break;
      case 'set-current-task':
        selection.taskId = action.taskId;
        hasSelection = true;
        break;
      case 'set-current-event':
        selection.eventId = action.eventId;
        hasSelection = true;
        break;
      case 'set-view-state':
        selection.viewState = action.show;
        hasSelection = true;
        break;
      default:
        break;
    }
  }
  if (hasSelection) selectionStore.set((current) => ({ ...current, ...selection }));
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
