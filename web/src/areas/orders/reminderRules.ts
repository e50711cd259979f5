/**
 * The rules of showing order reminders, as plain functions: what identifies one, when
 * the same one is not shown twice, which of the pending ones a (re)connect shows. The hook that
 * uses them is ./reminders.ts.
 */
import type { orders_v1_orders } from '@cskh/proto';
import { MAX_TOASTS } from '../../store/ui';

export type ReminderData = orders_v1_orders.ReminderData;
export type ReminderReply = orders_v1_orders.ReminderReply;

/** How long a reminder stays on screen (spec 3 §9: toast duration 30 s). */
export const REMINDER_TOAST_MS = 30_000;
/** The same reminder twice within this window is one (a push and the reconnect's answer crossing). */
export const REMINDER_DEDUPE_MS = 5_000;
/** At most this many reminders on screen after a (re)connect: the toast stack's size. */
export const REMINDERS_SHOWN = MAX_TOASTS;

/** A push as the socket hands it over: its data, and maybe its text beside. */
type Pushed = { data?: Partial<ReminderData>; message?: string } | null | undefined;

/** What identifies one reminder: the order and what it waits for. */
export const reminderKey = (r: Pick<ReminderData, 'id' | 'yeu_cau'>) => `${r.id}:${r.yeu_cau}`;

/**
 * Whether to show a reminder now, given when each was last shown (updated in place): a reminder
 * without text is never shown; the same one again within `windowMs` is not shown twice.
 */
export function takeReminder(
  lastShown: Map<string, number>,
  r: Pick<ReminderData, 'id' | 'yeu_cau' | 'message'>,
  now: number,
  windowMs = REMINDER_DEDUPE_MS,
): boolean {
  if (!r.message) return false;
  const key = reminderKey(r);
  const at = lastShown.get(key);
  if (at !== undefined && now - at < windowMs) return false;
  lastShown.set(key, now);
  return true;
}

/**
 * The reminders a (re)connect's answer toasts: pending ones not on screen (`onScreen`, by
 * reminderKey), the most urgent first, into the places the reminders on screen leave free (at most
 * REMINDERS_SHOWN in all): what is on screen stays, never pushed out of the stack by a repeat.
 */
export function pendingToShow(reply: Partial<ReminderReply> | null | undefined, onScreen: ReadonlySet<string> = new Set()): ReminderData[] {
  if (!reply || reply.result !== 'success') return [];
  const all = reply.values?.length ? reply.values : reply.data ? [reply.data] : [];
  return all.filter((r) => !!r.message && !onScreen.has(reminderKey(r))).slice(0, Math.max(0, REMINDERS_SHOWN - onScreen.size));
}

/**
 * A pushed reminder ({result, data, message}) as the data shown. The server writes its text, the
 * phone as the lists write it, so the toast, the push and the poll read alike.
 */
export function pushedReminder(p: unknown): ReminderData | null {
  const push = p as Pushed;
  if (!push?.data?.id) return null;
  return { ...(push.data as ReminderData), message: String(push.data.message || push.message || '') };
}

/** The order whose reminders an ended-reminder push closes, or null. */
export function endedReminderOrder(p: unknown): string | null {
  const id = (p as Pushed)?.data?.id;
  return id ? String(id) : null;
}

/**
 * The shown reminders (by reminderKey) a (re)connect's answer no longer lists: their orders moved
 * on while this browser was offline, so they close. An answer that failed closes nothing.
 */
export function shownButEnded(shown: Iterable<string>, reply: Partial<ReminderReply> | null | undefined): string[] {
  if (!reply || (reply.result !== 'success' && reply.result !== 'empty')) return [];
  const pending = new Set([...(reply.values ?? []), ...(reply.data ? [reply.data] : [])].map(reminderKey));
  return [...shown].filter((k) => !pending.has(k));
}
