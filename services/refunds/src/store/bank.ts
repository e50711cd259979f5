import type { EntityManager } from 'typeorm';
import type { events_v1_bank } from '@cskh/proto';
import { last9 } from '@cskh/kit';
import type { ApprovedTransfer } from '../domain/bank';
import type { RequestRow } from '../domain/present';
import { SCHEMA } from './schema';

/** Data access of the approved-transfer read model (refunds.bank_transfer). */
const T = `${SCHEMA}.bank_transfer`;

export interface TransferRow extends ApprovedTransfer {
  approved_at: Date;
  request_id: string | null;
}

/**
 * Serialises the matching of one subscriber's transfers and top-ups: a transfer arriving while its
 * top-up is being created (or the other way round) is seen by whichever transaction comes second.
 */
export async function lockSubscriber(em: EntityManager, phone: string): Promise<void> {
  await em.query(`SELECT pg_advisory_xact_lock(hashtext('${SCHEMA}.bank_transfer'), hashtext($1))`, [last9(phone)]);
}

/** Stores an approved transfer once (a redelivered event is a no-op); returns it as stored. */
export async function saveTransfer(em: EntityManager, e: events_v1_bank.BankMessageApproved, approvedAt: Date): Promise<TransferRow> {
  await em.query(
    `INSERT INTO ${T} (transfer_id, event_id, phone, package_code, amount, approver, approved_at, sender, transfer_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (transfer_id) DO NOTHING`,
    [e.transfer_id, e.event_id, e.phone, e.package, e.amount, e.approver, approvedAt, e.sender, e.transfer_at],
  );
  const [row] = await em.query(`SELECT * FROM ${T} WHERE transfer_id = $1`, [e.transfer_id]);
  return toTransfer(row);
}

/** Transfers of a subscriber that settled nothing yet. */
export async function waitingTransfers(em: EntityManager, phone: string): Promise<TransferRow[]> {
  const rows = await em.query(`SELECT * FROM ${T} WHERE phone9 = $1 AND request_id IS NULL`, [last9(phone)]);
  return rows.map(toTransfer);
}

/** Open discount top-ups of a subscriber, locked (the candidates a transfer may settle). */
export async function openTopUps(em: EntityManager, phone: string): Promise<RequestRow[]> {
  return em.query(
    `SELECT * FROM ${SCHEMA}.refund_request
      WHERE phone9 = $1 AND request_type = 5 AND is_transfer = 0 AND approver = '' AND bank_transfer_id IS NULL
      ORDER BY created_time, id FOR UPDATE`,
    [last9(phone)],
  );
}

export async function markSettled(em: EntityManager, transferId: string, requestId: string): Promise<void> {
  await em.query(`UPDATE ${T} SET request_id = $2 WHERE transfer_id = $1`, [transferId, requestId]);
}

/** A transfer row as pg returns it: numeric as text, timestamps as Date. */
type StoredTransfer = Omit<TransferRow, 'amount'> & { amount: string | number };

const toTransfer = (r: StoredTransfer): TransferRow => ({
  transfer_id: r.transfer_id,
  phone: r.phone,
  package_code: r.package_code,
  amount: Number(r.amount),
  approved_at: new Date(r.approved_at),
  request_id: r.request_id,
});
