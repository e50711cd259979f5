import { forwardRef, startTransition, useEffect, useState, type ReactNode } from 'react';
import Paper from '@mui/material/Paper';

/**
 * The grid's box. The grid in it mounts one render after the rest of the list, whose load effect
 * has by then asked for the first page: the answer travels while the grid builds itself, not after.
 * It is built as a transition: in slices that leave the page free to answer between them.
 */
const GridBox = forwardRef<HTMLDivElement, { children: ReactNode }>(function GridBox({ children }, ref) {
  const [mounted, setMounted] = useState(false);
  useEffect(() => startTransition(() => setMounted(true)), []);
  return (
    <Paper variant="outlined" sx={{ width: '100%', overflow: 'hidden', minHeight: mounted ? undefined : 160 }} ref={ref}>
      {mounted && children}
    </Paper>
  );
});

export default GridBox;
