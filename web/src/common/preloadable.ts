import { createElement, lazy, type ComponentType, type ReactElement, type ReactNode } from 'react';

/** A component whose code is loaded on first use, or earlier by `preload()`. */
export interface Preloadable<P extends object> {
  (props: P): ReactElement;
  /** Loads (and evaluates) its code now; the promise settles when it is ready. */
  preload(): Promise<void>;
  /** Settles once its code is ready, loaded by a first render or a `preload()`; starts no load itself. */
  whenLoaded(): Promise<void>;
}

/**
 * `React.lazy` that can be loaded ahead of its first render (the shell preloads the screens a
 * signed-in person's menu can open while the page is idle). Once loaded, the component renders
 * directly: showing it suspends nothing and shows no spinner. Before that, it suspends as a
 * `lazy` component does, on the same import as `preload()`.
 */
export function lazyPreloadable<P extends object>(load: () => Promise<{ default: (props: P) => ReactNode }>): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  let markLoaded: () => void = () => undefined;
  const whenLoaded = new Promise<void>((resolve) => (markLoaded = resolve));
  const start = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        markLoaded();
        return { default: module.default };
      },
      (error: unknown) => {
        // A failed load (a network cut, a deploy) is tried again on the next use.
        loading = undefined;
        throw error;
      },
    ));
  const Lazy = lazy(start);
  const Component = (props: P) => createElement(loaded ?? Lazy, props);
  Component.preload = () => start().then(() => undefined);
  Component.whenLoaded = () => whenLoaded;
  return Component;
}
