import type { MenuEntry } from '@rostra/core/shell/menu';
import type { Role } from '@rostra/core/shell/roles';
import { createContext, useContext } from 'react';
import type { ActiveUser } from '../lib/active-user.ts';
import type { Me } from '../lib/session.ts';
import type { ShellSettings } from '../lib/shell-settings.ts';

/** What every part of the shell needs about the signed-in person and their organisation. */
export type ShellState = {
  me: Me;
  user: ActiveUser;
  role: Role;
  settings: ShellSettings | undefined;
  /** Undefined while the settings load (the sidebar shows a skeleton). */
  menu: MenuEntry[] | undefined;
  version: string;
};

export const ShellContext = createContext<ShellState | null>(null);

export function useShell(): ShellState {
  const state = useContext(ShellContext);
  if (!state) throw new Error('useShell is used outside the shell layout');
  return state;
}
