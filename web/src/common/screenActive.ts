import { createContext, useContext } from 'react';

/**
 * Whether the screen's tab is the one in front (the workspace keeps tabs mounted behind it). Read
 * through context, not handed as a prop: a switch re-renders the few parts that ask, not every
 * row and cell of the two screens it swaps.
 */
export const ScreenActiveContext = createContext(true);

export function useScreenActive(): boolean {
  return useContext(ScreenActiveContext);
}
