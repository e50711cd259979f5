/**
 * Loads the code of every screen the signed-in person's menu can open while the page is idle, one
 * screen at a time in menu order, so that a click on the menu never waits for a screen's code: it
 * only mounts the screen and asks for its data. It starts once the screen in front has its code and
 * the page has asked the server nothing for a moment (that screen's data has come), so that it never
 * competes with the first screen; each load then starts in an idle period.
 */
import { useEffect, useRef } from 'react';
import { afterRequestsQuiet } from '../api/activity';
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

/**
 * How long the page must have had no API request in flight before the preloading starts: the screen
 * in front has then shown its data, and a person reading it has not clicked yet (a click meanwhile
 * loads its screen's code itself, as before any preloading).
 */
export const PRELOAD_AFTER_QUIET_MS = 3000;

/**
 * Preloads the screens of `viewer`'s menu while idle, once the screen of the page loaded (`front`,
 * its path when the shell mounts) has its code and its data; stops when the viewer changes or the
 * shell goes.
 */
export function usePreloadScreens(viewer: MenuViewer, front: string) {
  const frontAtMount = useRef(front);
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
    const start = () => {
      if (!stopped) cancel = afterRequestsQuiet(PRELOAD_AFTER_QUIET_MS, next);
    };
    // Waits for the front screen's code without asking for it: the workspace does, after the shell's first paint.
    const frontCode = frontAtMount.current ? screenFor(frontAtMount.current)?.component : undefined;
    if (frontCode) frontCode.whenLoaded().then(start, start);
    else start();
    return () => {
      stopped = true;
      cancel();
    };
  }, [viewer]);
}
