import { changedFields } from '@cskh/kit/data';
import { events_v1_bank } from '@cskh/proto';
import type { EntityManager } from 'typeorm';
import type { RefundsContext } from '../context';
import { AUTO, autoSettlement, requestPaidBy, transferFor } from '../domain/bank';
import type { RequestRow } from '../domain/present';
import { isTopUp } from '../domain/requests';
import { lockSubscriber, markSettled, openTopUps, saveTransfer, TransferRow, waitingTransfers } from '../store/bank';
import { addChangedEvent, REQUEST_RESOURCE, updateRequest } from '../store/requests';

/** Written by the bank service's outbox when a transfer message's phone and package are approved. */
export const MESSAGE_APPROVED_TOPIC = 'cskh.bank.message-approved';

/** Who the audit trail names for an automatic settlement. */
const AUTO_WHO = { username: AUTO, fullname: 'Tự động (chuyển khoản ngân hàng)' };
const SETTLED_FIELDS = ['is_transfer', 'username_duyet_trang_thai_chuyen_khoan', 'approver', 'status_duyet_don', 'bank_transfer_id'];

/**
 * Approved bank transfers settle discount top-ups (the rule is domain/bank.ts): from the event as
 * it arrives, and at a top-up's creation from a transfer already waiting. Both sides take the
 * subscriber's lock, so a transfer and its request crossing in flight still meet.
 */
export function bankTransfers(c: RefundsContext) {
  const { ds, audit, outbox, log } = c.deps;

  const settle = async (em: EntityManager, request: RequestRow, transfer: TransferRow): Promise<RequestRow> => {
    const after = await updateRequest(em, request.id, autoSettlement(transfer.transfer_id));
    await markSettled(em, transfer.transfer_id, request.id);
    const changes = changedFields(
      request as unknown as Record<string, unknown>,
      after as unknown as Record<string, unknown>,
      SETTLED_FIELDS,
    );
    await audit.record(em, { resource: REQUEST_RESOURCE, id: request.id, who: AUTO_WHO, changes });
    await addChangedEvent(em, outbox, after, 'bank_transfer', AUTO);
    return after;
  };

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
        return request ? settle(em, request, transfer) : undefined;
      });
      if (settled) {
        outbox.afterCommit();
        log.info({ transfer_id: e.transfer_id, request_id: settled.id }, 'top-up settled by an approved bank transfer');
      }
    },

    /** New requests, inside their creation transaction: a top-up takes a transfer already waiting for it. */
    async settleNew(em: EntityManager, rows: RequestRow[]): Promise<RequestRow[]> {
      const out: RequestRow[] = [];
      for (const row of rows) {
        if (!isTopUp(row.request_type) || row.bank_transfer_id) {
          out.push(row);
          continue;
        }
        await lockSubscriber(em, row.number_phone);
        const transfer = transferFor(row, await waitingTransfers(em, row.number_phone));
        out.push(transfer ? await settle(em, row, transfer) : row);
      }
      return out;
    },
  };
}

/** The consumer of cskh.bank.message-approved (module.start); returns its stop. */
export async function consumeBankTransfers(c: RefundsContext): Promise<() => Promise<void>> {
  const bank = bankTransfers(c);
  const sub = await c.deps.bus.subscribe({
    groupId: 'cskh-refunds-bank-transfers',
    topics: [MESSAGE_APPROVED_TOPIC],
    fromBeginning: true,
    handler: async (m) => bank.onApproved(events_v1_bank.BankMessageApproved.decode(m.value)),
  });
  return () => sub.stop();
}
