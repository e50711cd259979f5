/**
 * The menu as a screen sees it. The menu is derived from the screen registry (shell/menu.ts), which
 * sits above every area, so a screen that needs it (the dashboard's shortcuts, the bank list's links
 * to other screens) gets it from the shell through this context instead of importing upwards.
 */
import { createContext, useContext } from 'react';
import type { MenuViewer } from '../api/viewer';
import type { IconName } from './icons';

/** One menu entry as a shortcut shows it. */
export interface MenuShortcut {
  path: string;
  title: string;
  icon: IconName;
}

export interface MenuAccess {
  /** The entries this viewer's menu shows, in menu order. */
  visibleEntries(viewer: MenuViewer): MenuShortcut[];
  /** The screen guard: whether this viewer may open the screen at `path`. */
  canOpenScreen(path: string, viewer: MenuViewer): boolean;
}

export const MenuAccessContext = createContext<MenuAccess | null>(null);

/** The shell's menu; every screen renders inside the shell, which provides it. */
export function useMenuAccess(): MenuAccess {
  const access = useContext(MenuAccessContext);
  if (!access) throw new Error('useMenuAccess: rendered outside the shell (no MenuAccessContext provider)');
  return access;
}
