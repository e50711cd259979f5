/**
 * Reminders (spec 3 §4 "Reminder polling", §8, §9). The spec's client asked
 * `GET /api/v1/mfy/nhacNhanVien` every 10 s, so whoever opened the app later still saw what waited
 * for them. Here the reminders are state, not messages: an mfy order waiting in a reminding request
 * status IS a pending reminder for whoever must act. The server pushes it when the order starts
 * waiting, repeats it every ORDERS_REMINDER_REPEAT_MS while it still waits, and answers all of a
 * user's pending reminders to a browser that (re)connects. Written down in the README.
 */
import { maskPhone, phoneAsShown, PRIORITY } from '@cskh/kit';
import { reminderFor, reminderText, type ReminderKind } from './statuses';

/** Request statuses in which an mfy order reminds somebody (the keys of reminderFor). */
export const REMINDING_REQUEST_STATUSES = ['cho_soan_y', 'cho_soan_y_lan_2', 'da_soan_y_lan_1'] as const;

/** Default repeat interval (ms): three repeats inside the 10-minute window of a 'Chờ soạn Y' order. */
export const DEFAULT_REMINDER_REPEAT_MS = 2 * 60_000;

/**
 * At most this many pending reminders in one answer (the most urgent first): everything that waits
 * for one person. A salesperson's wait at most 10 minutes each; this bounds a manager's approvals.
 */
export const PENDING_REMINDERS_MAX = 500;

/** One reminder as its recipient sees it: the poll's data, plus the toast's text. */
export interface ReminderView {
  phone_number: string;
  yeu_cau: ReminderKind;
  id: string;
  han_huy: string;
  message: string;
}

export interface ReminderOrder {
  id: string;
  kind: string;
  so_dien_thoai: string;
  trang_thai_yeu_cau: string;
  cancel_due_at: Date | string | null;
}

/**
 * The reminder an order gives a recipient of `priority`, or null when it reminds nobody. The
 * salesperson's reminder carries '****' + the last 5 digits (spec 3 §8) whatever their priority;
 * a manager's (can_duyet) the number as their priority may see it; the message writes it as the lists
 * do (0 + 9 digits). `formatDue` renders the deadline.
 */
export function reminderView(o: ReminderOrder, priority: number, formatDue: (d: Date | string | null) => string): ReminderView | null {
  if (o.kind !== 'mfy') return null;
  const r = reminderFor(o.trang_thai_yeu_cau);
  if (!r) return null;
  const viewer = r.to === 'staff' ? PRIORITY.sales : priority;
  return {
    phone_number: maskPhone(o.so_dien_thoai, viewer),
    yeu_cau: r.kind,
    id: o.id,
    han_huy: o.cancel_due_at ? formatDue(o.cancel_due_at) : '',
    // Written as the lists write the number ('0912345672'): the toast, the socket payload and the poll read alike.
    message: reminderText(r.kind, phoneAsShown(o.so_dien_thoai, viewer)),
  };
}

/**
 * The last push time before which a waiting order is reminded again, at `now`: now − every. Null
 * when repeating is off (every ≤ 0).
 */
export function repeatDueBefore(now: Date, everyMs: number): Date | null {
  return everyMs > 0 ? new Date(now.getTime() - everyMs) : null;
}
