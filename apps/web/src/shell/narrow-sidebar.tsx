import { X } from 'lucide-react';
import { SHELL_TEXT } from '../texts.ts';
import { IconButton } from '../ui/button.tsx';
import { Drawer } from '../ui/dialog.tsx';
import { CompanyLogo } from './company-logo.tsx';
import { MenuList, type SidebarProps } from './sidebar.tsx';

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
