import { lazy, type ReactNode, Suspense } from 'react';
import { useAnnouncementBroadcasts } from '../features/directory/announcements/api.ts';
import { panelStore } from '../lib/overlays.ts';
import { createStore, useStore } from '../lib/store.ts';
import { useShell } from './shell-context.tsx';

/** A broadcast message (announcements, settings issue) shown in the slide-over. */
export type Broadcast = { id: string; title: string; body: string };
export const broadcastStore = createStore<Broadcast[]>([]);

/*
 * The panels (notifications, help, what's new, broadcasts, company switch, profile) load when one is first
 * opened, not with the shell: a worker's first load on a phone has a 200 KB budget (issue 17).
 */
const loadPanels = () => import('./panels.tsx');
const NotificationDrawer = lazy(() => loadPanels().then((m) => ({ default: m.NotificationDrawer })));
const HelpDrawer = lazy(() => loadPanels().then((m) => ({ default: m.HelpDrawer })));
const WhatsNewPanel = lazy(() => loadPanels().then((m) => ({ default: m.WhatsNewPanel })));
const BroadcastSlideOver = lazy(() => loadPanels().then((m) => ({ default: m.BroadcastSlideOver })));
const ProfileDialog = lazy(() => import('./profile-dialog.tsx').then((m) => ({ default: m.ProfileDialog })));
const SwitchDialog = lazy(() => import('./switch-dialog.tsx').then((m) => ({ default: m.SwitchDialog })));

/** The open panel, if any (lib/overlays.ts `openPanel`); announcements fill the broadcasts live. */
export function PanelHost() {
  const panel = useStore(panelStore);
  const { me } = useShell();
  // Announcements (issue 8) fill the broadcast slide-over, live.
  useAnnouncementBroadcasts(broadcastStore);
  const view = ((): ReactNode => {
    switch (panel) {
      case 'notifications':
        return <NotificationDrawer />;
      case 'help':
        return <HelpDrawer />;
      case 'whats-new':
        return <WhatsNewPanel />;
      case 'broadcast':
        return <BroadcastSlideOver />;
      case 'switch':
        return <SwitchDialog me={me} />;
      case 'profile':
        return <ProfileDialog me={me} />;
      default:
        return null;
    }
  })();
  return view ? <Suspense fallback={null}>{view}</Suspense> : null;
}
