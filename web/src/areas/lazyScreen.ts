import { lazy, type ComponentType } from 'react';
import type { ScreenComponent, ScreenProps } from './types';

/**
 * A screen's component loaded with its first opening (React.lazy), whose code can also be fetched
 * ahead of it (`preload`): the same import, so the opening then finds the module already there.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType<ScreenProps> }>): ScreenComponent {
  return Object.assign(lazy(load), { preload: load });
}
