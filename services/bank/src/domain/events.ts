import { randomUUID } from 'node:crypto';
import { vnDateTime } from '@cskh/kit';
import { events_v1_bank } from '@cskh/proto';
import type { BankMessageRow } from './present';

/** Kafka topic of approvals (ARCHITECTURE §4a); key = the message id. */
export const MESSAGE_APPROVED_TOPIC = 'cskh.bank.message-approved';

/** The event an approval writes to the outbox, with the phone as entered (consumers match by last 9). */
export function messageApproved(m: BankMessageRow, approver: string, at: Date): events_v1_bank.BankMessageApproved {
  return {
    event_id: randomUUID(),
    transfer_id: m.id,
    phone: m.so_dien_thoai,
    package: m.goi_cuoc,
    amount: Number(m.money),
    approver,
    approved_at: vnDateTime(at),
    sender: m.sender,
    transfer_at: vnDateTime(m.datetime),
  };
}
