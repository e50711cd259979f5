import { startPoller } from '@cskh/kit';
import { countedRun } from '@cskh/kit/observability';
import { applyChange, AUTO_ACTOR } from '../store/order-changes';
import type { OrdersContext } from '../context';
import { AUTO_CANCEL } from '../domain/statuses';
import { claimDueOrders, updateOrder } from '../store/orders';

/** Orders one claim takes (one transaction); the worker runs again at once when it was full. */
export const CANCEL_BATCH = 50;

/**
 * Cancels the orders whose 10-minute window has run out at the service's clock (spec 3 §4
 * "Automatic cancel rule"): cho_soan_y → huy_qua_han, cho_soan_y_lan_2 → huy_qua_han_lan_2, marked
 * '__AUTO', stamped at the deadline itself. The due orders are claimed FOR UPDATE SKIP LOCKED and
 * their deadline cleared in the same transaction, so with any number of replicas each order is
 * cancelled exactly once; a manual change committed before the deadline has already cleared it.
 * Returns how many orders it cancelled.
 */
export async function cancelDueOrders(service: OrdersContext, limit = CANCEL_BATCH): Promise<number> {
  const at = service.clock.now();
  const n = await service.deps.ds.transaction(async (em) => {
    const due = await claimDueOrders(em, at, limit);
    let cancelled = 0;
    for (const o of due) {
      const to = AUTO_CANCEL[o.trang_thai_yeu_cau];
      // A deadline left on an order no longer waiting (should not happen): drop it, change nothing.
      if (!to) {
        await updateOrder(em, o.id, { cancel_due_at: null });
        continue;
      }
      await applyChange(service, em, o, { trang_thai: to.status, trang_thai_yeu_cau: to.request }, AUTO_ACTOR, new Date(o.cancel_due_at!));
      cancelled++;
    }
    return cancelled;
  });
  if (n > 0) service.deps.outbox.afterCommit();
  return n;
}

/**
 * The worker every replica runs: claims due orders every ORDERS_DUE_POLL_MS (the deadlines live in
 * the database, so a restart or a replica that dies loses nothing). Returns its stop.
 */
export function startAutoCancel(service: OrdersContext): () => Promise<void> {
  return startPoller({
    everyMs: Math.max(10, service.deps.config.ORDERS_DUE_POLL_MS),
    firstAfterMs: 0,
    run: countedRun('auto-cancel', async () => (await cancelDueOrders(service)) >= CANCEL_BATCH),
    onError: (err) => service.deps.log.warn({ err }, 'auto-cancel run failed; retrying'),
  });
}
