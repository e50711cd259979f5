/**
 * Loads the code of every screen the signed-in person's menu can open while the page is idle, one
 * screen at a time in menu order, so that a click on the menu never waits for a screen's code: it
 * only mounts the screen and asks for its data. Each load starts in an idle period, after what the
 * page was doing (the screen in front, a click's screen) is done.
 */
import { useEffect } from 'react';
import type { MenuViewer } from '../api/viewer';
import { screenFor } from '../areas/registry';
import type { ScreenComponent } from '../areas/types';
import { MENU, isItemVisible } from './menu';

/** The screens behind the menu entries this viewer sees, in menu order. */
export function screensToPreload(viewer: MenuViewer): ScreenComponent[] {
  return MENU.filter((item) => isItemVisible(item, viewer)).flatMap((item) => screenFor(item.path)?.component ?? []);
}

type Cancel = () => void;

/** Runs `task` in the browser's next idle period (a timer where there is no requestIdleCallback). */
function whenIdle(task: () => void): Cancel {
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(task);
    return () => cancelIdleCallback(handle);
  }
  const handle = setTimeout(task, 200);
  return () => clearTimeout(handle);
}

/** Preloads the screens of `viewer`'s menu while idle; stops when the viewer changes or the shell goes. */
export function usePreloadScreens(viewer: MenuViewer) {
  useEffect(() => {
    const queue = screensToPreload(viewer);
    let cancel: Cancel = () => undefined;
    let stopped = false;
    const next = () => {
      const screen = queue.shift();
      if (!screen || stopped) return;
      cancel = whenIdle(() => {
        // A screen that fails to load here is loaded again when opened (and says so then).
        screen.preload().then(next, next);
      });
    };
    next();
    return () => {
      stopped = true;
      cancel();
    };
  }, [viewer]);
}
