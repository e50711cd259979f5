/**
 * ─── Screen registry: what an area module declares ──────────────────────────────────────────
 *
 * The product is split into areas (one per backend service: accounts, lookup, bank, care, …).
 * Each area is one folder `src/areas/<area>/` holding its service's screens, whose `index.ts`
 * exports an `Area`: only those screens (route path, tab title, lazy component, menu entry) — and
 * whose `api.ts` holds the typed calls its screens make. `src/areas/registry.ts` lists every area
 * once; the route table, the tabs and the menu are all derived from it.
 * ─────────────────────────────────────────────────────────────────────────────────────────────
 */
import { lazyPreloadable, type Preloadable } from '../common/preloadable';
import type { IconName } from '../common/icons';

/**
 * Props every screen component receives from the workspace. Whether its tab is in front (tabs stay
 * mounted behind it): `useScreenActive()` of common/screenActive.
 */
export interface ScreenProps {
  path: string;
}

/** A screen's code loads with its first opening, or before it when the shell preloads it (`lazyPreloadable`). */
export type ScreenComponent = Preloadable<ScreenProps>;

/** Declares a screen: `lazyScreen(() => import('./Screen'))`, or `.then((m) => ({ default: m.Screen }))` for a named one. */
export const lazyScreen = lazyPreloadable<ScreenProps>;

export type MenuSection = 'main' | 'admin';

/** Keys of the menu groups (declared once in the registry: MENU_GROUPS). */
export type MenuGroupKey = 'messages' | 'reports';

export interface MenuEntry {
  /** Menu label when it differs from the tab title (spec 1 §2.4 vs §2.3). */
  title?: string;
  /** Any-of permission codes; a code ending in '.*' matches every code with that prefix. */
  permissions: string[];
  section: MenuSection;
  group?: MenuGroupKey;
  icon: IconName;
  /** Position in the menu (the order of spec 1 §2.4); menus are sorted by it across areas. */
  order: number;
  /** Hidden for usernames starting with HNIMB (spec 1 §2.4). */
  hnimbHidden?: boolean;
  /**
   * Priorities admitted to this admin entry although the section needs priority below 5
   * (spec 3 §1: priority 7 is senior on the data-permission and data-split screens).
   */
  alsoPriorities?: number[];
}

export interface ScreenDef {
  /** Route under /app or /sys (spec 1 §2.1); also the tab key. */
  path: string;
  /** Tab title. */
  title: string;
  /** Lazy component; null → the tab says 'Chức năng đang được xây dựng'. */
  component: ScreenComponent | null;
  /** Menu entry; without one the screen is open to every logged-in user (e.g. profile). */
  menu?: MenuEntry;
}

export interface Area {
  /** Short name (the backend service it talks to). */
  key: string;
  screens: ScreenDef[];
}
