import { events_v1_bank } from '@cskh/proto';
import type { RefundsContext } from '../context';
import { requestPaidBy } from '../domain/bank';
import { lockSubscriber, openTopUps, saveTransfer } from '../store/bank';
import { settleTopUp } from '../store/settlement';

/** Written by the bank service's outbox when a transfer message's phone and package are approved. */
export const MESSAGE_APPROVED_TOPIC = 'cskh.bank.message-approved';

/**
 * Approved bank transfers settle discount top-ups (the rule is domain/bank.ts): from the event as
 * it arrives here, and at a top-up's creation from a transfer already waiting (store/settlement.ts,
 * called by the request handlers). Both sides take the subscriber's lock, so a transfer and its
 * request crossing in flight still meet.
 */
export function bankTransfers(service: RefundsContext) {
  const { ds, outbox, log } = service.deps;

  return {
    /** One cskh.bank.message-approved: stored once; settles the oldest open top-up it pays for. */
    async onApproved(e: events_v1_bank.BankMessageApproved): Promise<void> {
      if (!e.transfer_id || !e.phone) {
        log.warn({ event_id: e.event_id }, 'approved bank transfer without id or phone ignored');
        return;
      }
      const approvedAt = new Date(e.approved_at);
      const settled = await ds.transaction(async (em) => {
        await lockSubscriber(em, e.phone);
        const transfer = await saveTransfer(em, e, Number.isNaN(approvedAt.getTime()) ? new Date() : approvedAt);
        if (transfer.request_id) return undefined; // redelivered: it settled its request already
        const request = requestPaidBy(transfer, await openTopUps(em, e.phone));
        return request ? settleTopUp(em, service.deps, request, transfer) : undefined;
      });
      if (settled) {
        outbox.afterCommit();
        log.info({ transfer_id: e.transfer_id, request_id: settled.id }, 'top-up settled by an approved bank transfer');
      }
    },
  };
}

/** The consumer of cskh.bank.message-approved (module.start); returns its stop. */
export async function consumeBankTransfers(service: RefundsContext): Promise<() => Promise<void>> {
  const bank = bankTransfers(service);
  const sub = await service.deps.bus.subscribe({
    groupId: 'cskh-refunds-bank-transfers',
    topics: [MESSAGE_APPROVED_TOPIC],
    fromBeginning: true,
    handler: async (m) => bank.onApproved(events_v1_bank.BankMessageApproved.decode(m.value)),
  });
  return () => sub.stop();
}
