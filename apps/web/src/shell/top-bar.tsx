import { canSeeWhatsNew } from '@rostra/core/shell/roles';
import { isSearchBoxHidden, showsBarcodeScan } from '@rostra/core/shell/routes';
import {
  Bell,
  CircleHelp,
  type LucideIcon,
  Menu,
  PanelLeftClose,
  PanelLeftOpen,
  ScanBarcode,
  Sparkles,
  Wifi,
  WifiOff,
} from 'lucide-react';
import { openPanel, type Panel } from '../lib/overlays.ts';
import { SHELL_TEXT } from '../texts.ts';
import { IconButton } from '../ui/button.tsx';
import { useBarcodeScan } from './barcode-scan.tsx';
import { ProfileEntry } from './profile-button.tsx';
import { SearchEntry } from './search-entry.tsx';
import { useShell } from './shell-context.tsx';

function ConnectivityIndicator({ isOnline }: { isOnline: boolean }) {
  return (
    <span
      role="status"
      className={`inline-flex items-center gap-1.5 rounded-full px-2 py-1 text-xs font-medium ${
        isOnline ? 'text-neutral-500' : 'bg-red-50 text-red-700'
      }`}
      title={isOnline ? SHELL_TEXT.online : SHELL_TEXT.offline}
    >
      {isOnline ? <Wifi aria-hidden className="size-4" /> : <WifiOff aria-hidden className="size-4" />}
      <span className={isOnline ? 'sr-only xl:not-sr-only' : 'sr-only sm:not-sr-only'}>
        {isOnline ? SHELL_TEXT.online : SHELL_TEXT.offline}
      </span>
    </span>
  );
}

/**
 * The top bar (spec §2): menu button (narrow) or collapse toggle (desktop), search box (not on
 * reports, not when display settings turn scheduler search off), barcode-image scan on
 * equipments and pods, online/offline, What's New (not customers), help, notifications bell with
 * the new-item dot, profile menu. On phones the search box takes a second row.
 */
export function TopBar(props: {
  pathname: string;
  isNarrow: boolean;
  isCollapsed: boolean;
  onOpenMenu: () => void;
  onToggleCollapsed: () => void;
  hasDot: boolean;
  /** A released version the user has not read (What's New). */
  hasNewVersion: boolean;
  isOnline: boolean;
}) {
  const { settings, role } = useShell();
  // While the settings load, the box stays (the usual case), so the bar does not shift.
  const hasSearch = !isSearchBoxHidden(props.pathname, settings?.ds);
  const routeName = props.pathname.replace(/^\/+/, '').split('/')[0] ?? '';
  const barcode = useBarcodeScan();

  return (
    <header className="shrink-0 border-b border-neutral-200 bg-white">
      <div className="flex h-14 items-center gap-1 px-2 sm:gap-2 sm:px-3">
        {props.isNarrow ? (
          <IconButton label={SHELL_TEXT.openMenu} onClick={props.onOpenMenu}>
            <Menu aria-hidden className="size-5" />
          </IconButton>
        ) : (
          <IconButton
            label={props.isCollapsed ? SHELL_TEXT.expandMenu : SHELL_TEXT.collapseMenu}
            aria-expanded={!props.isCollapsed}
            onClick={props.onToggleCollapsed}
          >
            {props.isCollapsed ? (
              <PanelLeftOpen aria-hidden className="size-5" />
            ) : (
              <PanelLeftClose aria-hidden className="size-5" />
            )}
          </IconButton>
        )}
        {hasSearch ? <SearchEntry className="hidden max-w-md flex-1 sm:block" /> : null}
        {showsBarcodeScan(routeName) ? (
          <IconButton label={SHELL_TEXT.scanBarcode} onClick={barcode.open}>
            <ScanBarcode aria-hidden className="size-5" />
          </IconButton>
        ) : null}
        <div className="ml-auto flex items-center gap-0.5 sm:gap-1">
          <ConnectivityIndicator isOnline={props.isOnline} />
          {canSeeWhatsNew(role) ? (
            <PanelButton
              panel="whats-new"
              label={props.hasNewVersion ? SHELL_TEXT.newWhatsNew : SHELL_TEXT.whatsNew}
              icon={Sparkles}
              dot={props.hasNewVersion ? 'whats-new-dot' : null}
            />
          ) : null}
          <PanelButton panel="help" label={SHELL_TEXT.help} icon={CircleHelp} />
          <PanelButton
            panel="notifications"
            label={props.hasDot ? SHELL_TEXT.newNotifications : SHELL_TEXT.notifications}
            icon={Bell}
            dot={props.hasDot ? 'notification-dot' : null}
            testId="notifications-bell"
          />
          <ProfileEntry />
        </div>
      </div>
      {hasSearch ? <SearchEntry className="px-2 pb-2 sm:hidden" /> : null}
      {barcode.input}
    </header>
  );
}

/** A top-bar button that opens a side panel; `dot` (its test id) marks news with a red dot. */
function PanelButton({
  panel,
  label,
  icon: Icon,
  dot = null,
  testId,
}: {
  panel: Panel;
  label: string;
  icon: LucideIcon;
  dot?: string | null;
  testId?: string;
}) {
  return (
    <IconButton label={label} onClick={() => openPanel(panel)} data-testid={testId}>
      <Icon aria-hidden className="size-5" />
      {dot ? (
        <span
          data-testid={dot}
          className="absolute top-2 right-2 size-2.5 rounded-full bg-red-600 ring-2 ring-white sm:top-1.5 sm:right-1.5"
        />
      ) : null}
    </IconButton>
  );
}
