import type { AnyMenuKey, MenuEntry } from '@rostra/core/shell/menu';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { SHELL_TEXT } from '../texts.ts';
import { CompanyLogo } from './company-logo.tsx';

type MenuIcons = typeof import('./menu-icons.tsx').MENU_ICONS;
let menuIcons: MenuIcons | undefined;
let menuIconsLoading: Promise<MenuIcons> | undefined;

/**
 * The menu's icons (some 35 of them) load when a menu is first shown, not with the shell: on a
 * phone the menu is a drawer most visits never open, and a worker's first load has a 200 KB budget
 * (issue 17). Until they arrive each entry keeps an icon-sized space, so nothing moves.
 */
function useMenuIcons(): MenuIcons | undefined {
  const [icons, setIcons] = useState(menuIcons);
  useEffect(() => {
    if (icons) return;
    let isLive = true;
    menuIconsLoading ??= import('./menu-icons.tsx').then((m) => {
      menuIcons = m.MENU_ICONS;
      return m.MENU_ICONS;
    });
    menuIconsLoading.then(
      (loaded) => isLive && setIcons(loaded),
      () => {
        menuIconsLoading = undefined;
      },
    );
    return () => {
      isLive = false;
    };
  }, [icons]);
  return icons;
}

/** The menu entries as links; the active one is marked (aria-current) and highlighted. */
export function MenuList(props: {
  entries: MenuEntry[] | undefined;
  activeKey: AnyMenuKey | undefined;
  isCollapsed: boolean;
  onNavigate?: () => void;
}) {
  const icons = useMenuIcons();
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
        const Icon = icons?.[entry.key];
        const iconClass = `size-5 shrink-0 nav:size-4 ${isActiveClass(entry.key === props.activeKey)}`;
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
              {Icon ? <Icon aria-hidden className={iconClass} /> : <span aria-hidden className={iconClass} />}
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

const isActiveClass = (isActive: boolean) => (isActive ? 'text-sky-700' : 'text-neutral-500');

export type SidebarProps = {
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
