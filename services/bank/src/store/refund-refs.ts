import type { EntityManager } from 'typeorm';
import type { RefundRef } from '../domain/refunds';
import { REFUND_REF_TABLE as REFUNDS } from './schema';

/** The refunds read model (refund_ref): kept from cskh.refunds.changed, read to lead a transfer to its request. */

/** Stores one refund request's state unless a later version is already stored (events may come twice or late). */
export async function saveRefundRef(em: EntityManager, r: RefundRef & { version: number; deleted: boolean }): Promise<void> {
  await em.query(
    `INSERT INTO ${REFUNDS} (request_id, version, deleted, phone9, package_key, request_type, request_method, refund_price,
       transfer_final_amount, ti_le_chiet_khau, trang_thai_truy_thu_hoan_theo_goi, trang_thai_truy_thu_hoan_them, created_time)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)
     ON CONFLICT (request_id) DO UPDATE SET version = EXCLUDED.version, deleted = EXCLUDED.deleted, phone9 = EXCLUDED.phone9,
       package_key = EXCLUDED.package_key, request_type = EXCLUDED.request_type, request_method = EXCLUDED.request_method,
       refund_price = EXCLUDED.refund_price, transfer_final_amount = EXCLUDED.transfer_final_amount,
       ti_le_chiet_khau = EXCLUDED.ti_le_chiet_khau, trang_thai_truy_thu_hoan_theo_goi = EXCLUDED.trang_thai_truy_thu_hoan_theo_goi,
       trang_thai_truy_thu_hoan_them = EXCLUDED.trang_thai_truy_thu_hoan_them, created_time = EXCLUDED.created_time
     WHERE ${REFUNDS}.version < EXCLUDED.version AND NOT ${REFUNDS}.deleted`,
    [
      r.request_id,
      r.version,
      r.deleted,
      r.phone9,
      r.package_key,
      r.request_type,
      r.request_method,
      r.refund_price,
      r.transfer_final_amount,
      r.ti_le_chiet_khau,
      r.trang_thai_truy_thu_hoan_theo_goi,
      r.trang_thai_truy_thu_hoan_them,
      r.created_time,
    ],
  );
}

/** The live refund requests of these subscribers (last 9 digits). */
export async function refundRefsFor(em: EntityManager, phones9: readonly string[]): Promise<RefundRef[]> {
  const phones = [...new Set(phones9.filter((p) => p.length === 9))];
  if (phones.length === 0) return [];
  const rows: Array<RefundRef & Record<string, unknown>> = await em.query(
    `SELECT request_id, phone9, package_key, request_type, request_method, refund_price, transfer_final_amount, ti_le_chiet_khau,
            trang_thai_truy_thu_hoan_theo_goi, trang_thai_truy_thu_hoan_them, created_time
       FROM ${REFUNDS} WHERE phone9 = ANY($1) AND NOT deleted`,
    [phones],
  );
  return rows.map((r) => ({
    ...r,
    refund_price: Number(r.refund_price),
    transfer_final_amount: Number(r.transfer_final_amount),
    ti_le_chiet_khau: Number(r.ti_le_chiet_khau),
  }));
}
