import { events_v1_refunds } from '@cskh/proto';
import type { BankContext } from '../context';
import { refundRefOf } from '../domain/refunds';
import { saveRefundRef } from '../store/refund-refs';

/** Written by the refunds service's outbox whenever a request is created, changed or deleted. */
export const REFUND_CHANGED_TOPIC = 'cskh.refunds.changed';

/**
 * The refunds read model (domain/refunds.ts): every cskh.refunds.changed, the latest version kept
 * (a redelivered or late event changes nothing). Returns the consumer's stop.
 */
export async function consumeRefunds(service: BankContext): Promise<() => Promise<void>> {
  const { bus, ds, log } = service.deps;
  const sub = await bus.subscribe({
    groupId: 'cskh-bank-refunds',
    topics: [REFUND_CHANGED_TOPIC],
    fromBeginning: true,
    handler: async (m) => {
      const e = events_v1_refunds.RefundChanged.decode(m.value);
      if (!e.request_id) {
        log.warn({ event_id: e.event_id }, 'refund event without request id ignored');
        return;
      }
      await saveRefundRef(ds.manager, refundRefOf(e));
    },
  });
  return () => sub.stop();
}
