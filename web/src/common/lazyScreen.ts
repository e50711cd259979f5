import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * A screen's component loaded with its first opening (React.lazy), whose code can also be fetched
 * ahead of it (`preload`): the same import, so the opening then finds the module already there.
 */
/** What the workspace hands every screen (areas/types.ts ScreenProps). */
type ScreenPropsShape = { active: boolean; path: string };

export function lazyScreen<T extends ComponentType<ScreenPropsShape>>(
  load: () => Promise<{ default: T }>,
): LazyExoticComponent<T> & { preload: () => Promise<unknown> } {
  return Object.assign(lazy(load), { preload: load });
}
