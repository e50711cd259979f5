import { changedFields, type AuditTrail } from '@cskh/kit/data';
import type { Outbox } from '@cskh/kit/service';
import type { EntityManager } from 'typeorm';
import { AUTO, autoSettlement, transferFor } from '../domain/bank';
import type { RequestRow } from '../domain/present';
import { isTopUp } from '../domain/requests';
import { lockSubscriber, markSettled, TransferRow, waitingTransfers } from './bank';
import { addChangedEvent, REQUEST_RESOURCE, updateRequest } from './requests';

/**
 * Writing a settlement (the rule is domain/bank.ts): shared by the bank-transfer consumer (a transfer
 * arriving) and request creation (a top-up arriving), so neither imports the other.
 */

/** What a settlement writes besides its rows: the audit trail and the refund-changed event. */
export interface SettlementDeps {
  audit: AuditTrail;
  outbox: Outbox;
}

/** Who the audit trail names for an automatic settlement. */
const AUTO_WHO = { username: AUTO, fullname: 'Tự động (chuyển khoản ngân hàng)' };
const SETTLED_FIELDS = ['is_transfer', 'username_duyet_trang_thai_chuyen_khoan', 'approver', 'status_duyet_don', 'bank_transfer_id'];

/** Settles one top-up with one transfer, in the caller's transaction (which holds the subscriber's lock). */
export async function settleTopUp(
  em: EntityManager,
  deps: SettlementDeps,
  request: RequestRow,
  transfer: TransferRow,
): Promise<RequestRow> {
  const after = await updateRequest(em, request.id, autoSettlement(transfer.transfer_id));
  await markSettled(em, transfer.transfer_id, request.id);
  const changes = changedFields(request as unknown as Record<string, unknown>, after as unknown as Record<string, unknown>, SETTLED_FIELDS);
  await deps.audit.record(em, { resource: REQUEST_RESOURCE, id: request.id, who: AUTO_WHO, changes });
  await addChangedEvent(em, deps.outbox, after, 'bank_transfer', AUTO);
  return after;
}

/** New requests, inside their creation transaction: a top-up takes a transfer already waiting for it. */
export async function settleNewRequests(em: EntityManager, deps: SettlementDeps, rows: RequestRow[]): Promise<RequestRow[]> {
  const out: RequestRow[] = [];
  for (const row of rows) {
    if (!isTopUp(row.request_type) || row.bank_transfer_id) {
      out.push(row);
      continue;
    }
    await lockSubscriber(em, row.number_phone);
    const transfer = transferFor(row, await waitingTransfers(em, row.number_phone));
    out.push(transfer ? await settleTopUp(em, deps, row, transfer) : row);
  }
  return out;
}
