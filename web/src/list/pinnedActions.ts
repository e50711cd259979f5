import { useLayoutEffect, useState, type RefObject } from 'react';

/** Overflow within this is the grid's own rounding, not a column out of view. */
const ROUNDING_PX = 8;

/**
 * Where a list's row actions sit. While the table fits they come last, as the spec draws them. When
 * it scrolls sideways they come first, pinned to the left edge: pinned at the right edge they would
 * lie, at rest, over the columns reaching under it (headers such as 'Kết quả' unread); at the left
 * edge nothing passes under them until the user scrolls, and they stay in reach either way.
 */
export function actionsFirst<C extends { kind?: string }>(columns: C[], first: boolean): C[] {
  if (!first) return columns;
  return [...columns.filter((c) => c.kind === 'actions'), ...columns.filter((c) => c.kind !== 'actions')];
}

/** Whether the grid inside this element scrolls sideways (checked after each render and on resize). */
export function useScrollsSideways(container: RefObject<HTMLElement | null>): boolean {
  const [sideways, setSideways] = useState(false);
  useLayoutEffect(() => {
    const scroller = container.current?.querySelector<HTMLElement>('.MuiDataGrid-virtualScroller');
    if (!scroller) return;
    const check = () => setSideways(scroller.scrollWidth - scroller.clientWidth > ROUNDING_PX);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(scroller);
    return () => observer.disconnect();
  });
  return sideways;
}
