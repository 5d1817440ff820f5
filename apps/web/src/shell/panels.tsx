import { whatsNewLabel } from '@rostra/core/shell/messages';
import { Bell, Megaphone } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useMarkNotificationsSeen, useNotificationList } from '../lib/notifications.ts';
import { useOrgDates } from '../lib/org-dates.ts';
import { closePanel } from '../lib/overlays.ts';
import { useStore } from '../lib/store.ts';
import { useMarkVersionsSeen, useVersions } from '../lib/versions.ts';
import { SHELL_EXTRA_TEXT, SHELL_TEXT } from '../texts.ts';
import { Button } from '../ui/button.tsx';
import { Drawer } from '../ui/dialog.tsx';
import { SkeletonRows } from '../ui/list-state.tsx';
import { broadcastStore } from './panel-host.tsx';
import { useShell } from './shell-context.tsx';

/**
 * The notification drawer: opening it clears the dot and stores last seen (spec §4). Times are on
 * the organisation's clock and in its date format, like the rest of the app.
 */
export function NotificationDrawer() {
  const dates = useOrgDates();
  const markSeen = useMarkNotificationsSeen();
  const list = useNotificationList();
  const hasMarked = useRef(false);
  useEffect(() => {
    if (hasMarked.current) return;
    hasMarked.current = true;
    markSeen.mutate();
  }, [markSeen]);
  const items = list.data ?? [];
  return (
    <Drawer title={SHELL_TEXT.notifications} onClose={closePanel} testId="notification-drawer">
      {list.isPending ? (
        <SkeletonRows rows={3} height="h-10" className="px-4 py-4" />
      ) : list.isError && items.length === 0 ? (
        <div className="grid place-items-center gap-3 px-6 py-16 text-center text-sm text-neutral-600">
          <p role="alert">{SHELL_TEXT.notificationsFailed}</p>
          <Button variant="secondary" onClick={() => void list.refetch()}>
            {SHELL_TEXT.tryAgain}
          </Button>
        </div>
      ) : items.length === 0 ? (
        <div className="grid place-items-center gap-2 px-6 py-16 text-center text-sm text-neutral-500">
          <Bell aria-hidden className="size-6 text-neutral-400" />
          {SHELL_TEXT.noNotifications}
        </div>
      ) : (
        <div className="min-h-0 flex-1 overflow-y-auto">
          <ul className="divide-y divide-neutral-100">
            {items.map((n) => (
              <li key={n._id} className="px-4 py-3">
                <p className="text-sm font-medium text-neutral-900">{n.title}</p>
                {n.body ? <p className="mt-0.5 text-sm text-neutral-600">{n.body}</p> : null}
                <p className="mt-1 text-xs text-neutral-500 tabular-nums" data-testid="notification-time">
                  {dates.instant(n._qa_create_utc)}
                </p>
              </li>
            ))}
          </ul>
          {list.hasNextPage ? (
            <div className="px-4 py-3">
              <Button
                variant="secondary"
                className="w-full"
                disabled={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {SHELL_TEXT.loadMore}
              </Button>
            </div>
          ) : null}
        </div>
      )}
    </Drawer>
  );
}

export function HelpDrawer() {
  const { version, role } = useShell();
  return (
    <Drawer title={SHELL_EXTRA_TEXT.helpTitle} onClose={closePanel} testId="help-drawer">
      <div className="space-y-5 px-4 py-4">
        {SHELL_EXTRA_TEXT.helpSections.map((s) => (
          <section key={s.title}>
            <h3 className="text-sm font-semibold text-neutral-900">{s.title}</h3>
            <p className="mt-1 text-sm text-neutral-600">{s.body}</p>
          </section>
        ))}
        {role !== 'customer' ? (
          <p className="text-xs text-neutral-500">
            {SHELL_TEXT.version} {version}
          </p>
        ) : null}
      </div>
    </Drawer>
  );
}

/**
 * Released versions, newest first; a version published while it is open appears at once (live).
 * Opening it, or a version arriving while it is open, reads what is unseen: the dot clears.
 */
export function WhatsNewPanel() {
  const dates = useOrgDates();
  const { version, role } = useShell();
  const versions = useVersions(role);
  const markSeen = useMarkVersionsSeen();
  const records = versions.data?.items ?? [];
  const unseen = records.filter((r) => !r.seen).map((r) => r.version);
  const unseenKey = unseen.join(' ');
  const { mutate, isPending } = markSeen;
  useEffect(() => {
    if (unseenKey && !isPending) mutate(unseenKey.split(' '));
  }, [unseenKey, isPending, mutate]);
  return (
    <Drawer title={whatsNewLabel(version)} onClose={closePanel} testId="whats-new">
      <div className="px-4 py-4">
        {versions.isPending ? (
          <SkeletonRows rows={2} height="h-4" />
        ) : versions.isError && records.length === 0 ? (
          <div className="grid place-items-center gap-3 py-12 text-center text-sm text-neutral-600">
            <p role="alert">{SHELL_TEXT.releaseNotesFailed}</p>
            <Button variant="secondary" onClick={() => void versions.refetch()}>
              {SHELL_TEXT.tryAgain}
            </Button>
          </div>
        ) : records.length === 0 ? (
          <p className="text-sm text-neutral-500">{SHELL_TEXT.noReleaseNotes}</p>
        ) : (
          <ol className="space-y-5">
            {records.map((r) => (
              <li key={r.version} data-testid="whats-new-version">
                <h3 className="text-sm font-semibold">{SHELL_EXTRA_TEXT.whatsNewVersion(r.version)}</h3>
                <p className="text-xs text-neutral-500">
                  {SHELL_EXTRA_TEXT.released} {dates.date(r.release_date)}
                </p>
                {r.notes ? (
                  <p className="mt-2 text-sm whitespace-pre-line text-neutral-700">{r.notes}</p>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </div>
    </Drawer>
  );
}

export function BroadcastSlideOver() {
  const messages = useStore(broadcastStore);
  return (
    <Drawer title={SHELL_TEXT.announcements} onClose={closePanel} testId="broadcast">
      {messages.length === 0 ? (
        <div className="grid place-items-center gap-2 px-6 py-16 text-center text-sm text-neutral-500">
          <Megaphone aria-hidden className="size-6 text-neutral-400" />
          {SHELL_TEXT.noBroadcasts}
        </div>
      ) : (
        <ul className="divide-y divide-neutral-100">
          {messages.map((m) => (
            <li key={m.id} className="px-4 py-3">
              <p className="text-sm font-medium">{m.title}</p>
              <p className="mt-1 text-sm whitespace-pre-line text-neutral-700">{m.body}</p>
            </li>
          ))}
        </ul>
      )}
    </Drawer>
  );
}

/** Whichever side panel or shell dialog is open (one at a time). */
