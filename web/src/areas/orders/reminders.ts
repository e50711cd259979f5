/**
 * Order reminders in the browser (spec 3 §4, §8, §9). The server keeps them as state
 * (an mfy order waiting for someone is their pending reminder), pushes each when it arises and
 * repeats it while the order waits. The shell shows them on every screen: the pushes as they come,
 * and every pending one on each socket (re)connect — login, reload, a network cut — so whoever was
 * offline still sees what waits for them (the most urgent, as many as the toast stack holds, beside
 * those still on screen). Toasts stay 30 s (spec 3 §9), or until their order moves on.
 */
import { useEffect } from 'react';
import { OrderService } from '../../api/gen/routes';
import { onPush, onSocket } from '../../api/realtime';
import { PUSHES } from '../../api/gen/pushes';
import { store } from '../../store';
import { hideToast, showToast } from '../../store/ui';
import {
  endedReminderOrder,
  pendingToShow,
  pushedReminder,
  REMINDER_TOAST_MS,
  reminderKey,
  shownButEnded,
  takeReminder,
  type ReminderData,
  type ReminderReply,
} from './reminderRules';

export const fetchReminders = (): Promise<ReminderReply> => OrderService.mfy.listReminders();

/**
 * Shows the caller's reminders while `enabled` (they hold the mfy code): pushes, and all pending
 * ones on each connect. A reminder whose order moved on closes: at the server's push (every open
 * browser of the recipient), or at the next connect's answer when this browser missed it.
 */
export function useOrderReminders(enabled: boolean) {
  useEffect(() => {
    if (!enabled) return;
    const lastShown = new Map<string, number>();
    /** The toast each shown reminder is on, by reminderKey. */
    const open = new Map<string, number>();
    const show = (r: ReminderData | null) => {
      if (!r || !takeReminder(lastShown, r, Date.now())) return;
      open.set(reminderKey(r), store.dispatch(showToast(r.message, 'warning', REMINDER_TOAST_MS)).payload.id);
    };
    const close = (key: string) => {
      const id = open.get(key);
      open.delete(key);
      lastShown.delete(key);
      if (id !== undefined) store.dispatch(hideToast(id));
    };
    const offPush = onPush(PUSHES.ReminderPushed, (p) => show(pushedReminder(p)));
    const offEnded = onPush(PUSHES.ReminderEnded, (p) => {
      const id = endedReminderOrder(p);
      if (id) [...open.keys()].filter((k) => k.startsWith(`${id}:`)).forEach(close);
    });
    /** The shown reminders whose toast is still on screen (not timed out, not pushed out of the stack). */
    const onScreen = () => {
      const ids = new Set(store.getState().ui.toasts.map((t) => t.id));
      return new Set([...open].filter(([, id]) => ids.has(id)).map(([key]) => key));
    };
    const offConnect = onSocket((s) => {
      const ask = () =>
        fetchReminders()
          .then((reply) => {
            shownButEnded(open.keys(), reply).forEach(close);
            pendingToShow(reply, onScreen()).forEach(show);
          })
          .catch((e) => console.warn('reminders', e));
      // 'connect' fires on the first connection and on every reconnection.
      s.on('connect', ask);
      if (s.connected) ask();
      return () => s.off('connect', ask);
    });
    return () => {
      offPush();
      offEnded();
      offConnect();
    };
  }, [enabled]);
}
