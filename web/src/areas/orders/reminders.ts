/**
 * Order reminders in the browser (spec 3 §4, §8, §9; issue 24.1). The server keeps them as state
 * (an mfy order waiting for someone is their pending reminder), pushes each when it arises and
 * repeats it while the order waits. The shell shows them on every screen: the pushes as they come,
 * and every pending one on each socket (re)connect — login, reload, a network cut — so whoever was
 * offline still sees what waits for them. Toasts stay 30 s (spec 3 §9).
 */
import { useEffect } from 'react';
import { api } from '../../api/client';
import { onRealtime, onSocket } from '../../api/realtime';
import { notify } from '../../store';
import {
  pendingToShow,
  pushedReminder,
  REMINDER_EVENT,
  REMINDER_TOAST_MS,
  takeReminder,
  type ReminderData,
  type ReminderReply,
} from './reminderRules';

export const REMINDERS = '/api/v1/mfy/nhacNhanVien';

export const fetchReminders = () => api.get<ReminderReply>(REMINDERS);

/** Shows the caller's reminders while `enabled` (they hold the mfy code): pushes, and all pending ones on each connect. */
export function useOrderReminders(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const lastShown = new Map<string, number>();
    const show = (r: ReminderData | null) => {
      if (r && takeReminder(lastShown, r, Date.now())) notify(r.message, 'warning', REMINDER_TOAST_MS);
    };
    const offPush = onRealtime(REMINDER_EVENT, (p) => show(pushedReminder(p)));
    const offConnect = onSocket((s) => {
      const ask = () =>
        fetchReminders()
          .then((reply) => pendingToShow(reply).forEach(show))
          .catch((e) => console.warn('reminders', e));
      // 'connect' fires on the first connection and on every reconnection.
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
