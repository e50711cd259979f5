/**
 * Bank messages handed to the signed-in person, on every screen (issue 24.14): the notice pushed the
 * moment a manager hands them out, and — on each socket (re)connect, so at login and after being
 * offline — how many handed messages still wait, when any do.
 */
import { useEffect } from 'react';
import { onRealtime, onSocket } from '../../api/realtime';
import { notify } from '../../store';
import { ASSIGNED_EVENT, bankApi } from './api';
import { pendingNotice } from './rules';

export function useBankAssignments(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    let lastShown = -1;
    const offPush = onRealtime(ASSIGNED_EVENT, (p: { message?: string } | null) => {
      if (p?.message) notify(p.message, 'info');
    });
    const offConnect = onSocket((s) => {
      const ask = () =>
        bankApi
          .pending()
          .then((n) => {
            // The same number again after a network blip is not news.
            if (n > 0 && n !== lastShown) notify(pendingNotice(n), 'info');
            lastShown = n;
          })
          .catch((e) => console.warn('bank assignments', e));
      s.on('connect', ask);
      if (s.connected) ask();
      return () => s.off('connect', ask);
    });
    return () => {
      offPush();
      offConnect();
    };
  }, [enabled]);
}
