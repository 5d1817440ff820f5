import type { VersionRecord, VersionsAnswer } from '@rostra/core/api/notifications';
import { whatsNewLabel } from '@rostra/core/shell/messages';
import { checkEmail } from '@rostra/core/shell/validators';
import { formatDate } from '@rostra/core/time/calendar';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { Bell, Megaphone } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { isApiError } from '../lib/api.ts';
import { api } from '../lib/client.ts';
import { useMarkNotificationsSeen, useNotificationList } from '../lib/notifications.ts';
import { formatOrgInstant } from '../lib/org-time.ts';
import { closePanel, withWait } from '../lib/overlays.ts';
import { type Me, switchOrganisation } from '../lib/session.ts';
import { landingPath } from '../lib/sign-in-flow.ts';
import { useStore } from '../lib/store.ts';
import { notify } from '../lib/toast.ts';
import { confirmLeave } from '../lib/unsaved.ts';
import { ROLE_LABELS, SHELL_EXTRA_TEXT, SHELL_TEXT } from '../texts.ts';
import { Button } from '../ui/button.tsx';
import { Drawer, Modal } from '../ui/dialog.tsx';
import { Field, FormMessage } from '../ui/field.tsx';
import { broadcastStore } from './panel-host.tsx';
import { useShell } from './shell-context.tsx';

/**
 * The notification drawer: opening it clears the dot and stores last seen (spec §4). Times are on
 * the organisation's clock and in its date format, like the rest of the app.
 */
export function NotificationDrawer() {
  const { me } = useShell();
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
        <div className="space-y-3 px-4 py-4" aria-busy="true">
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-10 animate-pulse rounded bg-neutral-100" />
          ))}
        </div>
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
                  {formatOrgInstant(n._qa_create_utc, me.company)}
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

/** Released versions, newest first (`GET /api/v1/versions` answers `{ items, unseen }`). */
function useVersions() {
  return useQuery({
    queryKey: ['versions'],
    queryFn: async (): Promise<VersionRecord[]> => {
      try {
        const answer = await api.get<VersionsAnswer>('/versions', { quiet: true, retry: false });
        return answer.items;
      } catch (error) {
        if (isApiError(error) && error.status === 404) return [];
        throw error;
      }
    },
    staleTime: 10 * 60_000,
  });
}

export function WhatsNewPanel() {
  const { version } = useShell();
  const versions = useVersions();
  const records = versions.data ?? [];
  return (
    <Drawer title={whatsNewLabel(version)} onClose={closePanel} testId="whats-new">
      <div className="px-4 py-4">
        {versions.isPending ? (
          <div className="space-y-2" aria-busy="true">
            <div className="h-4 w-1/3 animate-pulse rounded bg-neutral-100" />
            <div className="h-4 w-2/3 animate-pulse rounded bg-neutral-100" />
          </div>
        ) : records.length === 0 ? (
          <p className="text-sm text-neutral-500">{SHELL_TEXT.noReleaseNotes}</p>
        ) : (
          <ol className="space-y-5">
            {records.map((r) => (
              <li key={r.version}>
                <h3 className="text-sm font-semibold">{SHELL_EXTRA_TEXT.whatsNewVersion(r.version)}</h3>
                <p className="text-xs text-neutral-500">
                  {SHELL_EXTRA_TEXT.released} {formatDate(r.release_date)}
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

/**
 * Company and role switch (spec §4, §6): pick one of your memberships; the email input is
 * validated (and must be your own: the server only switches the signed-in person). A refusal
 * shows the server's message (1.5 s toast and in place).
 */
export function SwitchDialog({ me }: { me: Me }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const current = `${me.org_id}|${me.role}`;
  const [choice, setChoice] = useState(current);
  const [email, setEmail] = useState(me.user_details.email ?? '');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | undefined>();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const issue = checkEmail(email)[0];
    const isOwn = email.trim().toLowerCase() === (me.user_details.email ?? '').toLowerCase();
    setEmailError(issue?.message ?? (isOwn ? undefined : SHELL_EXTRA_TEXT.switchOwnOnly));
    if (issue || !isOwn) return;
    const [org_id = '', role = ''] = choice.split('|');
    if (!(await confirmLeave())) return;
    try {
      await withWait(async () => {
        const next = await switchOrganisation(queryClient, { org_id, role, uid: me.uid });
        closePanel();
        if (!next) return;
        await navigate({
          href: next.terms_required ? '/terms' : await landingPath(queryClient, next),
          replace: true,
        });
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      setFailure(message);
      notify.switchFailure(message);
    }
  };

  return (
    <Modal
      title={SHELL_EXTRA_TEXT.switchTitle}
      description={SHELL_EXTRA_TEXT.switchIntro}
      onClose={closePanel}
      testId="switch-dialog"
    >
      <form className="space-y-4" onSubmit={(e) => void submit(e)} noValidate>
        <fieldset>
          <legend className="text-sm font-medium text-neutral-700">{SHELL_EXTRA_TEXT.switchTo}</legend>
          <div className="mt-2 space-y-1">
            {me.memberships.map((m) => {
              const value = `${m.org_id}|${m.role}`;
              return (
                <label
                  key={value}
                  className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-neutral-200 px-3 text-sm has-checked:border-sky-600 has-checked:bg-sky-50 nav:min-h-9"
                >
                  <input
                    type="radio"
                    name="membership"
                    value={value}
                    checked={choice === value}
                    onChange={() => setChoice(value)}
                    className="accent-sky-700"
                  />
                  <span className="min-w-0 flex-1 truncate">
                    {m.org_name} · {ROLE_LABELS[m.role] ?? m.role}
                  </span>
                  {value === current ? (
                    <span className="text-xs text-neutral-500">{SHELL_EXTRA_TEXT.current}</span>
                  ) : null}
                </label>
              );
            })}
          </div>
        </fieldset>
        <Field
          label={SHELL_EXTRA_TEXT.switchEmail}
          type="email"
          autoComplete="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={emailError}
        />
        <FormMessage message={failure} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={closePanel}>
            {SHELL_TEXT.cancel}
          </Button>
          <Button type="submit" disabled={choice === current}>
            {SHELL_EXTRA_TEXT.switchSubmit}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

/** Whichever side panel or shell dialog is open (one at a time). */
