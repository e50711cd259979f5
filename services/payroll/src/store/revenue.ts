import type { EntityManager } from 'typeorm';
import type { RecordWrite, RefundWrite } from '../domain/revenue';
import { SCHEMA } from './schema';

/** SQL of the revenue read model (revenue_record, refund_request, their view). */
export const REVENUE_RESOURCE = 'revenue';

/**
 * Marks an event applied; false when it already was (at-least-once delivery, replays): the
 * caller then changes nothing.
 */
export async function firstDelivery(em: EntityManager, eventId: string, topic: string): Promise<boolean> {
  if (!eventId) return true;
  const rows = await em.query(
    `INSERT INTO "${SCHEMA}".processed_event (event_id, topic) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id`,
    [eventId, topic],
  );
  return rows.length > 0;
}

const COLUMNS = [
  'track0',
  'track1',
  'kenh',
  'username_nv',
  'ten_nv',
  'so_dien_thoai_cs',
  'goi_cuoc',
  'doanh_thu',
  'ti_le_doanh_thu',
  'doanh_thu_tinh_luong',
  'truy_thu',
  'success',
  'ngay_thanh_cong',
  'status_at',
  'cty',
  'hinh_thuc',
  'gia_ban_goi',
  'ngay_len_don',
] as const;

/**
 * Writes a record from an event. `create` false: only an existing record changes. A change older
 * than the stored one (status_at) changes nothing; the success time stays the first success's
 * unless the record comes back from a failure. Returns the record's staff and month before and
 * after, for the payroll rows to recalculate.
 */
export async function writeRecord(
  em: EntityManager,
  w: RecordWrite,
  create: boolean,
): Promise<Array<{ username_nv: string; ngay_thanh_cong: Date }>> {
  const before: Array<{ username_nv: string; ngay_thanh_cong: Date }> = await em.query(
    `SELECT username_nv, ngay_thanh_cong FROM "${SCHEMA}".revenue_view WHERE track0 = $1 AND track1 = $2`,
    [w.track0, w.track1],
  );
  const values = COLUMNS.map((c) => w[c]);
  const placeholders = COLUMNS.map((_, i) => `$${i + 1}`).join(', ');
  const updates = COLUMNS.filter((c) => c !== 'track0' && c !== 'track1' && c !== 'ngay_thanh_cong')
    .map((c) => `${c} = EXCLUDED.${c}`)
    .join(', ');
  const upsert = `${updates}, updated_at = now(),
      ngay_thanh_cong = CASE WHEN EXCLUDED.success AND NOT r.success THEN EXCLUDED.ngay_thanh_cong ELSE r.ngay_thanh_cong END`;
  if (create) {
    await em.query(
      `INSERT INTO "${SCHEMA}".revenue_record AS r (${COLUMNS.join(', ')}) VALUES (${placeholders})
       ON CONFLICT (track0, track1) DO UPDATE SET ${upsert} WHERE r.status_at <= EXCLUDED.status_at`,
      values,
    );
  } else {
    const changed = COLUMNS.filter((c) => c !== 'track0' && c !== 'track1' && c !== 'ngay_thanh_cong' && c !== 'ngay_len_don');
    await em.query(
      `UPDATE "${SCHEMA}".revenue_record r SET ${changed.map((c, i) => `${c} = $${i + 3}`).join(', ')}, updated_at = now()
        WHERE track0 = $1 AND track1 = $2 AND r.status_at <= $${changed.indexOf('status_at') + 3}`,
      [w.track0, w.track1, ...changed.map((c) => w[c])],
    );
  }
  const after: Array<{ username_nv: string; ngay_thanh_cong: Date }> = await em.query(
    `SELECT username_nv, ngay_thanh_cong FROM "${SCHEMA}".revenue_view WHERE track0 = $1 AND track1 = $2`,
    [w.track0, w.track1],
  );
  return [...before, ...after];
}

/** Keeps the latest state of a refund request (by version). Returns who it concerns, for payroll. */
export async function writeRefund(em: EntityManager, f: RefundWrite): Promise<Array<{ username_nv: string; ngay_thanh_cong: Date }>> {
  await em.query(
    `INSERT INTO "${SCHEMA}".refund_request AS f (request_id, version, staff_username, phone, package_code, request_type, request_method, refund_price,
        other_refund, transfer_final_amount, truy_thu_hoan_theo_goi, truy_thu_hoan_them, created_time, deleted)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
     ON CONFLICT (request_id) DO UPDATE SET version = EXCLUDED.version, staff_username = EXCLUDED.staff_username, phone = EXCLUDED.phone,
        package_code = EXCLUDED.package_code, request_type = EXCLUDED.request_type, request_method = EXCLUDED.request_method,
        refund_price = EXCLUDED.refund_price, other_refund = EXCLUDED.other_refund, transfer_final_amount = EXCLUDED.transfer_final_amount,
        truy_thu_hoan_theo_goi = EXCLUDED.truy_thu_hoan_theo_goi, truy_thu_hoan_them = EXCLUDED.truy_thu_hoan_them, created_time = EXCLUDED.created_time,
        deleted = EXCLUDED.deleted
     WHERE f.version <= EXCLUDED.version AND NOT f.deleted`,
    [
      f.request_id,
      f.version,
      f.staff_username,
      f.phone,
      f.package_code,
      f.request_type,
      f.request_method,
      f.refund_price,
      f.other_refund,
      f.transfer_final_amount,
      f.truy_thu_hoan_theo_goi,
      f.truy_thu_hoan_them,
      f.created_time,
      f.deleted,
    ],
  );
  // The records of the same phone and package (whose refunds may have moved) and the request's own staff.
  const touched: Array<{ username_nv: string; ngay_thanh_cong: Date }> = await em.query(
    `SELECT username_nv, ngay_thanh_cong FROM "${SCHEMA}".revenue_view
      WHERE phone9 = right(regexp_replace($1, '\\D', '', 'g'), 9) AND upper(goi_cuoc) = upper($2)`,
    [f.phone, f.package_code],
  );
  return [...touched, { username_nv: f.staff_username, ngay_thanh_cong: f.created_time }];
}

/** Stores imported historical rows once (import_key), answering who and which months they touch. */
export async function insertImported(em: EntityManager, rows: Array<{ w: RecordWrite; importKey: string }>) {
  for (const { w, importKey } of rows) {
    const values = COLUMNS.map((c) => w[c]);
    await em.query(
      `INSERT INTO "${SCHEMA}".revenue_record (${COLUMNS.join(', ')}, import_key) VALUES (${COLUMNS.map((_, i) => `$${i + 1}`).join(', ')}, $${COLUMNS.length + 1})
       ON CONFLICT DO NOTHING`,
      [...values, importKey],
    );
  }
}

export interface ViewRow {
  id: string;
  record_id: string;
  track0: string;
  track1: string;
  kenh: string;
  username_nv: string;
  username_he_thong: string;
  ten_nv: string;
  so_dien_thoai_cs: string;
  goi_cuoc: string;
  doanh_thu: string;
  ti_le_doanh_thu: string;
  doanh_thu_tinh_luong: string;
  success: boolean;
  ngay_thanh_cong: Date;
  cty: string;
  hinh_thuc: string;
  gia_ban_goi: number;
  ngay_len_don: Date | null;
  hoan_tien: string;
  request_type: number;
  request_method: number;
  refund_staff: string;
  co_yeu_cau_hoan: boolean;
  doanh_thu_thuc_te: string;
  dt_tinh_luong: string;
}

export async function findRecord(em: EntityManager, track0: string, track1: string): Promise<ViewRow | undefined> {
  const rows: ViewRow[] = await em.query(`SELECT * FROM "${SCHEMA}".revenue_view WHERE track0 = $1 AND track1 = $2`, [track0, track1]);
  return rows[0];
}

export async function reassign(em: EntityManager, track0: string, track1: string, username: string, by: string) {
  await em.query(
    `INSERT INTO "${SCHEMA}".revenue_reassignment (track0, track1, username, updated_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (track0, track1) DO UPDATE SET username = EXCLUDED.username, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [track0, track1, username, by],
  );
}
