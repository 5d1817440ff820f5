import type { AnyMenuKey, MenuEntry } from '@rostra/core/shell/menu';
import { Link } from '@tanstack/react-router';
import { X } from 'lucide-react';
import { SHELL_TEXT } from '../texts.ts';
import { IconButton } from '../ui/button.tsx';
import { Drawer } from '../ui/dialog.tsx';
import { CompanyLogo } from './company-logo.tsx';
import { MENU_ICONS } from './menu-icons.tsx';

/** The menu entries as links; the active one is marked (aria-current) and highlighted. */
function MenuList(props: {
  entries: MenuEntry[] | undefined;
  activeKey: AnyMenuKey | undefined;
  isCollapsed: boolean;
  onNavigate?: () => void;
}) {
  if (!props.entries) {
    return (
      <ul className="space-y-1 px-2" aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity.
          <li key={i} className="h-11 animate-pulse rounded-md bg-neutral-100 nav:h-9" />
        ))}
      </ul>
    );
  }
  return (
    <ul className="space-y-0.5 px-2">
      {props.entries.map((entry) => {
        const Icon = MENU_ICONS[entry.key];
        const isActive = entry.key === props.activeKey;
        return (
          <li key={entry.key}>
            <Link
              to={entry.path}
              onClick={props.onNavigate}
              activeOptions={{ exact: true, includeSearch: true }}
              aria-current={isActive ? 'page' : undefined}
              title={props.isCollapsed ? entry.label : undefined}
              data-menu-key={entry.key}
              className={`flex min-h-11 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors nav:min-h-9 ${
                isActive
                  ? 'bg-sky-50 text-sky-800'
                  : 'text-neutral-700 hover:bg-neutral-100 hover:text-neutral-900'
              } ${props.isCollapsed ? 'justify-center px-0' : ''}`}
            >
              <Icon
                aria-hidden
                className={`size-5 shrink-0 nav:size-4 ${isActive ? 'text-sky-700' : 'text-neutral-500'}`}
              />
              <span className={props.isCollapsed ? 'sr-only' : 'block truncate first-letter:uppercase'}>
                {entry.label}
              </span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

type SidebarProps = {
  entries: MenuEntry[] | undefined;
  activeKey: AnyMenuKey | undefined;
};

/** Desktop: beside the page, full width or collapsed to icons. */
export function DesktopSidebar(props: SidebarProps & { isCollapsed: boolean }) {
  return (
    <aside
      className={`flex shrink-0 flex-col border-r border-neutral-200 bg-white transition-[width] duration-200 motion-reduce:transition-none ${
        props.isCollapsed ? 'w-16' : 'w-60'
      }`}
    >
      <div
        className={`flex h-14 shrink-0 items-center border-b border-neutral-200 ${props.isCollapsed ? 'justify-center px-2' : 'px-4'}`}
      >
        <CompanyLogo isCompact={props.isCollapsed} />
      </div>
      <nav aria-label={SHELL_TEXT.mainNavigation} className="min-h-0 flex-1 overflow-y-auto py-3">
        <MenuList entries={props.entries} activeKey={props.activeKey} isCollapsed={props.isCollapsed} />
      </nav>
    </aside>
  );
}

/** Narrow screens (< 770 px): slides in over the page; Escape, the backdrop or a link close it. */
export function NarrowSidebar(props: SidebarProps & { onClose: () => void }) {
  return (
    <Drawer
      title={SHELL_TEXT.mainNavigation}
      side="left"
      onClose={props.onClose}
      headerless
      testId="narrow-menu"
    >
      <div className="flex h-14 items-center justify-between gap-2 border-b border-neutral-200 pr-2 pl-4">
        <CompanyLogo isCompact={false} />
        <IconButton label={SHELL_TEXT.closeMenu} onClick={props.onClose}>
          <X aria-hidden className="size-5" />
        </IconButton>
      </div>
      <nav aria-label={SHELL_TEXT.mainNavigation} className="py-3">
        <MenuList
          entries={props.entries}
          activeKey={props.activeKey}
          isCollapsed={false}
          onNavigate={props.onClose}
        />
      </nav>
    </Drawer>
  );
}
