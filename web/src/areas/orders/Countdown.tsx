import { useEffect, useState } from 'react';
import Typography from '@mui/material/Typography';
import { mmss, secondsLeft } from './statuses';

/**
 * The auto-cancel countdown (spec 3 §4, ticked every 1 s): only a display of the server's deadline
 * (`han_huy`), measured on the server's clock. The server cancels the order itself at zero.
 */
export default function Countdown({ deadline, serverOffsetMs, testId }: { deadline: string; serverOffsetMs: number; testId: string }) {
  const [, tick] = useState(0);
  const left = secondsLeft(deadline, serverOffsetMs);
  // One interval while time is left, not a new one every second.
  const ticking = left !== null && left > 0;
  useEffect(() => {
    if (!ticking) return;
    const t = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(t);
  }, [ticking]);
  if (left === null) return null;
  return (
    <Typography
      data-testid={testId}
      data-seconds={left}
      variant="body2"
      sx={{ fontWeight: 600, color: left < 60 ? 'error.main' : 'info.main' }}
    >
      {mmss(left)}
    </Typography>
  );
}
