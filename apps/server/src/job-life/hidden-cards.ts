import { HIDDEN_CARD_TEXT, isCardHidden, type ResourceCard } from '@rostra/core/settings/flag-rules';
import { getSettings } from '@rostra/db/settings';
import type { Caller } from '../http/access.ts';
import type { App } from '../http/api.ts';
import { HttpError } from '../http/errors.ts';

/**
 * Refuses (403 `card_hidden`) a resource what a job card the organisation hides from resources
 * would do (core `settings/flag-rules`); answers the organisation's display flags.
 */
export async function refuseHiddenCard(
  app: App,
  caller: Caller,
  card: ResourceCard,
): Promise<Record<string, unknown>> {
  const display = await getSettings(app.deps.db.db, caller.orgId, 'display');
  if (isCardHidden(caller.role, card, display))
    throw new HttpError(403, 'card_hidden', HIDDEN_CARD_TEXT[card]);
  return display;
}
