/**
 * The main menu (spec 1 §2.4), derived from the screen registry (src/areas/registry.ts), and its rules:
 *
 *  - An item shows if the user holds ANY of its permission codes ('role.*' = any code starting 'role.').
 *  - Items of the 'admin' section ('Quản trị') show only for role priority below 5, except for the
 *    priorities an entry names in `alsoPriorities` (priority 7 on data permission and data split).
 *  - `hnimbHidden` items are hidden for usernames starting with HNIMB.
 *  - A group shows when at least one of its items shows (and, if the group lists permissions,
 *    when the user holds one of them).
 */
import { MENU_GROUPS, SCREENS, type MenuGroup } from '../areas/registry';
import type { MenuEntry, MenuSection } from '../areas/types';
import { holdsAny, type MenuViewer } from '../api/viewer';
import type { MenuAccess } from '../common/menuAccess';
import { leadsPeople } from '../api/access';

export type { MenuGroup, MenuSection };
export { MENU_GROUPS, holdsAny, type MenuViewer };

export interface MenuItem extends Omit<MenuEntry, 'title'> {
  path: string;
  title: string;
}

export const ADMIN_SECTION_TITLE = 'Quản trị';
export const HNIMB_PREFIX = 'HNIMB';

/** Every menu entry of every area, in menu order. */
export const MENU: MenuItem[] = SCREENS.flatMap((s) => (s.menu ? [{ ...s.menu, path: s.path, title: s.menu.title ?? s.title }] : [])).sort(
  (a, b) => a.order - b.order,
);

/** The admin section's own bound (spec 1 §2.4): priority below 5. */
export function isAdminVisible(viewer: MenuViewer): boolean {
  return leadsPeople(viewer.priority);
}

/** The priority rule of one item: admin items need priority below 5 or one of the entry's extra priorities. */
export function priorityAdmits(item: Pick<MenuItem, 'section' | 'alsoPriorities'>, viewer: MenuViewer): boolean {
  if (item.section !== 'admin') return true;
  return isAdminVisible(viewer) || (item.alsoPriorities ?? []).includes(viewer.priority);
}

export function isItemVisible(item: MenuItem, viewer: MenuViewer): boolean {
  if (!priorityAdmits(item, viewer)) return false;
  if (item.hnimbHidden && (viewer.username || '').toUpperCase().startsWith(HNIMB_PREFIX)) return false;
  if (item.group) {
    const g = MENU_GROUPS.find((x) => x.key === item.group);
    if (g && !holdsAny(viewer.permissions, g.permissions)) return false;
  }
  return holdsAny(viewer.permissions, item.permissions);
}

export type MenuNode = { kind: 'item'; item: MenuItem } | { kind: 'group'; group: MenuGroup; items: MenuItem[] };

/** The visible menu of one section, groups placed where their first item sits. */
export function visibleMenu(viewer: MenuViewer, section: MenuSection): MenuNode[] {
  const nodes: MenuNode[] = [];
  const groupNodes = new Map<string, { kind: 'group'; group: MenuGroup; items: MenuItem[] }>();
  for (const item of MENU) {
    if (item.section !== section || !isItemVisible(item, viewer)) continue;
    if (item.group) {
      let node = groupNodes.get(item.group);
      if (!node) {
        const group = MENU_GROUPS.find((g) => g.key === item.group)!;
        node = { kind: 'group', group, items: [] };
        groupNodes.set(item.group, node);
        nodes.push(node);
      }
      node.items.push(item);
    } else {
      nodes.push({ kind: 'item', item });
    }
  }
  return nodes;
}

/** Menu entry gating a screen path (screens without an entry are open to every logged-in user). */
export function menuEntryFor(path: string): MenuItem | undefined {
  return MENU.find((m) => m.path === path);
}

export function canOpenScreen(path: string, viewer: MenuViewer): boolean {
  const entry = menuEntryFor(path);
  return entry ? isItemVisible(entry, viewer) : true;
}

/** The menu as the screens see it (common/menuAccess.tsx): the shell provides this one value. */
export const MENU_ACCESS: MenuAccess = {
  visibleEntries: (viewer) => MENU.filter((m) => isItemVisible(m, viewer)),
  canOpenScreen,
};
