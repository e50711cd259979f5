import { startPoller } from '@cskh/kit';
import { countedRun } from '@cskh/kit/observability';
import { pushReminder } from '../store/order-changes';
import type { OrdersContext } from '../context';
import { repeatDueBefore } from '../domain/reminders';
import { claimRemindersDue } from '../store/orders';

/** Orders one repeat claim takes (one transaction); the worker runs again at once when it was full. */
export const REPEAT_BATCH = 50;

/**
 * Repeats the reminder of every mfy order still waiting (cho_soan_y, cho_soan_y_lan_2 for its
 * salesperson; da_soan_y_lan_1 for the managers) whose last push is ORDERS_REMINDER_REPEAT_MS old
 * at the service's clock. The orders are claimed FOR UPDATE SKIP LOCKED and stamped
 * (reminded_at) in the same transaction as the pushes go to the outbox, so with any number of
 * replicas each waiting order is reminded once per interval, and a restart loses nothing.
 * Returns how many orders it reminded.
 */
export async function repeatDueReminders(service: OrdersContext, limit = REPEAT_BATCH): Promise<number> {
  const at = service.clock.now();
  const before = repeatDueBefore(at, service.deps.config.ORDERS_REMINDER_REPEAT_MS);
  if (!before) return 0;
  const n = await service.deps.ds.transaction(async (em) => {
    const due = await claimRemindersDue(em, before, limit);
    for (const o of due) await pushReminder(em, o, at);
    return due.length;
  });
  if (n > 0) service.deps.outbox.afterCommit();
  return n;
}

/** The worker every replica runs (each ORDERS_DUE_POLL_MS, like the auto-cancel); off when the interval is 0. Returns its stop. */
export function startReminderRepeat(service: OrdersContext): () => Promise<void> {
  if (service.deps.config.ORDERS_REMINDER_REPEAT_MS <= 0) return async () => undefined;
  return startPoller({
    everyMs: Math.max(10, service.deps.config.ORDERS_DUE_POLL_MS),
    run: countedRun('reminder-repeat', async () => (await repeatDueReminders(service)) >= REPEAT_BATCH),
    onError: (err) => service.deps.log.warn({ err }, 'reminder repeat run failed; retrying'),
  });
}
