import { useRef, useState } from 'react';
import type { MenuPoint } from '../../ui/context-menu.tsx';

export type Panel = { kind: 'detail' | 'candidates'; id: string };

/** Focuses a booking's bar again (after its drawer, panel or menu closed): focus is never lost. */
function focusBar(id: string) {
  requestAnimationFrame(() =>
    document
      .querySelector<HTMLElement>(`button[data-id="${CSS.escape(id)}"]`)
      ?.focus({ preventScroll: true }),
  );
}

/**
 * What is open beside the grid: a booking's drawer or its candidate panel (one at a time), and a
 * bar's context menu. The booking shown is the selected one (and the caller's workspace lock);
 * closing gives focus back to its bar. A read-only board selects but opens nothing.
 */
export function useBoardPane(isEditable: boolean) {
  const [panel, setPanel] = useState<Panel | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [menu, setMenu] = useState<{ id: string; at: MenuPoint } | null>(null);
  const panelRef = useRef(panel);
  panelRef.current = panel;
  const menuOf = useRef<string | null>(null);
  return {
    panel,
    menu,
    selectedId: panel?.id ?? menu?.id ?? selected,
    open: (kind: Panel['kind'], id: string) => {
      setSelected(id);
      if (isEditable) setPanel({ kind, id });
    },
    close: () => {
      const id = panelRef.current?.id;
      setPanel(null);
      setSelected(null);
      if (id) focusBar(id);
    },
    openMenu: (id: string, at: MenuPoint) => {
      menuOf.current = id;
      setMenu({ id, at });
    },
    closeMenu: () => setMenu(null),
    /** The menu closed: its bar gets focus back unless what it chose opened a drawer or panel. */
    afterMenu: () => {
      const id = menuOf.current;
      menuOf.current = null;
      setMenu(null);
      if (id && !panelRef.current) focusBar(id);
    },
  };
}
