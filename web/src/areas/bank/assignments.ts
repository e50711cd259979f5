/**
 * Bank messages handed to the signed-in person, on every screen: the notice pushed the
 * moment a manager hands them out, and — on each socket (re)connect, so at login and after being
 * offline — how many handed messages still wait, when any do.
 *
 * Started once when the app loads (the area's index.ts), for every later login: it attaches to each
 * socket the shell opens and acts only for a session holding lookup.bank.
 */
import { onPush, onSocket } from '../../api/realtime';
import { PUSHES } from '../../api/gen/pushes';
import { notify, store } from '../../store';
import { bankApi } from './api';
import { pendingNotice } from './rules';

let started = false;

export function startBankAssignmentNotices(): void {
  if (started) return;
  started = true;
  const session = () => store.getState().auth;
  const mayUse = () => (session().permissions ?? []).includes('lookup.bank');
  onPush(PUSHES.BankMessagesAssigned, (p) => {
    if (p.message && mayUse()) notify(p.message, 'info');
  });
  let shown = { user: '', pending: -1 };
  onSocket((s) => {
    const ask = () => {
      if (!mayUse()) return;
      const user = session().user?.username ?? '';
      bankApi
        .pending()
        .then((n) => {
          // The same number again for the same person (a network blip) is not news.
          if (n > 0 && (shown.user !== user || shown.pending !== n)) notify(pendingNotice(n), 'info');
          shown = { user, pending: n };
        })
        .catch((e) => console.warn('bank assignments', e));
    };
    s.on('connect', ask);
    if (s.connected) ask();
    return () => s.off('connect', ask);
  });
}
