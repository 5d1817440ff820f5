import { activeMenuKey, menuLabel } from '@rostra/core/shell/menu';
import { useLocation } from '@tanstack/react-router';
import { Construction } from 'lucide-react';
import { queryOf } from '../lib/route-actions.ts';
import { useShell } from '../shell/shell-context.tsx';
import { SHELL_TEXT } from '../texts.ts';

/**
 * A menu path whose screen a later issue builds: an honest empty state inside the shell, titled
 * with the entry's label, instead of a fake screen.
 */
export function ComingLater() {
  const location = useLocation();
  const { settings } = useShell();
  const key = activeMenuKey(location.pathname, queryOf(location.searchStr));
  const title = key ? menuLabel(key, settings?.cf) : location.pathname;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
      <h1 className="text-xl font-semibold text-neutral-900 first-letter:uppercase">{title}</h1>
      <div className="mt-6 grid place-items-center rounded-lg border border-dashed border-neutral-300 bg-white px-6 py-12 text-center">
        <Construction aria-hidden className="size-8 text-neutral-400" />
        <p className="mt-3 text-sm font-medium text-neutral-800">{SHELL_TEXT.comingLater}</p>
        <p className="mt-1 max-w-md text-sm text-neutral-500">{SHELL_TEXT.comingLaterHint}</p>
      </div>
    </div>
  );
}
