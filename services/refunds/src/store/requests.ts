import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { AppError, Paging, vnDateTime } from '@cskh/kit';
import { listPage, Where } from '@cskh/kit/data';
import { REFUND_REQUEST_ROLLUPS, REQUEST_TOTALS } from './rollups';
import { events_v1_refunds } from '@cskh/proto';
import type { Outbox } from '@cskh/kit/service';
import { RMSG } from '../domain/messages';
import type { RequestRow } from '../domain/present';
import { CLAWBACK_SQL } from '../domain/report';
import { SCHEMA } from './schema';

/** Data access of refund and top-up requests (refunds.refund_request). */
const T = `${SCHEMA}.refund_request`;
export const REQUEST_RESOURCE = 'refund_request';
export const REFUND_CHANGED_TOPIC = 'cskh.refunds.changed';

export interface RequestPage {
  rows: RequestRow[];
  count: number;
  tongHoanTien: number;
  tongHoanThem: number;
  tongNapTien: number;
  tongTienSauChietKhau: number;
}

/** One page, newest first, with the count and the four totals of the whole filter (kit listPage: per-day counters when they cover it). */
export async function pageRequests(em: EntityManager, where: Where, paging: Pick<Paging, 'skip' | 'take'>): Promise<RequestPage> {
  const sum = (expr: string) => `coalesce(sum(${expr}), 0)`;
  const page = await listPage<RequestRow>(em, {
    from: T,
    columns: '*',
    orderBy: 'created_time DESC, id',
    key: 'id',
    filter: where,
    paging,
    rollups: REFUND_REQUEST_ROLLUPS,
    totals: { hoan: sum(REQUEST_TOTALS.hoan), them: sum(REQUEST_TOTALS.them), nap: sum(REQUEST_TOTALS.nap), sau: sum(REQUEST_TOTALS.sau) },
  });
  const t = page.totals;
  return {
    rows: page.rows,
    count: page.count,
    tongHoanTien: t.hoan ?? 0,
    tongHoanThem: t.them ?? 0,
    tongNapTien: t.nap ?? 0,
    tongTienSauChietKhau: t.sau ?? 0,
  };
}

/** What each staff member owes back over the filter (the report's clawback list), by username; those owing nothing left out. */
export async function clawbackByStaff(
  em: EntityManager,
  where: Where,
): Promise<Array<{ staff_username: string; staff_fullname: string; tong_truy_thu: number }>> {
  const rows: Array<{ staff_username: string; staff_fullname: string; tong_truy_thu: string }> = await em.query(
    `SELECT staff_username, max(staff_fullname) AS staff_fullname, sum(${CLAWBACK_SQL})::bigint AS tong_truy_thu
       FROM ${T} ${where.sql}
      GROUP BY staff_username HAVING sum(${CLAWBACK_SQL}) <> 0
      ORDER BY lower(staff_username)`,
    where.params,
  );
  return rows.map((r) => ({ staff_username: r.staff_username, staff_fullname: r.staff_fullname, tong_truy_thu: Number(r.tong_truy_thu) }));
}

export async function findRequest(em: EntityManager, id: string): Promise<RequestRow | undefined> {
  const rows: RequestRow[] = await em.query(`SELECT * FROM ${T} WHERE id = $1`, [id]);
  return rows[0];
}

export async function lockRequest(em: EntityManager, id: string): Promise<RequestRow> {
  const rows: RequestRow[] = await em.query(`SELECT * FROM ${T} WHERE id = $1 FOR UPDATE`, [id]);
  if (!rows[0]) throw new AppError('NOT_FOUND', RMSG.notFound);
  return rows[0];
}

export type NewRequest = Pick<
  RequestRow,
  | 'staff_username'
  | 'staff_fullname'
  | 'number_phone'
  | 'number_type'
  | 'package_code'
  | 'request_type'
  | 'request_method'
  | 'refund_price'
  | 'other_refund'
  | 'other_reason'
  | 'ti_le_chiet_khau'
  | 'transfer_final_amount'
  | 'tien_hoan_sau_chiet_khau'
  | 'kenh_doi_tac'
  | 'trang_thai_key'
  | 'trang_thai_giao_dich_doi_tac'
  | 'partner_state'
  | 'is_transfer'
  | 'millisecond_created_at'
  | 'cho_len_don'
  | 'created_by'
>;

/** Inserts a request unless the same dialog already created it; returns [row, created]. */
export async function insertRequest(em: EntityManager, r: NewRequest): Promise<[RequestRow, boolean]> {
  const keys = Object.keys(r) as Array<keyof NewRequest>;
  const rows: RequestRow[] = await em.query(
    `INSERT INTO ${T} (${keys.join(', ')}) VALUES (${keys.map((_, i) => `$${i + 1}`).join(', ')})
     ON CONFLICT (created_by, millisecond_created_at, (request_type = 5)) DO NOTHING RETURNING *`,
    keys.map((k) => r[k]),
  );
  if (rows[0]) return [rows[0], true];
  const existing: RequestRow[] = await em.query(
    `SELECT * FROM ${T} WHERE created_by = $1 AND millisecond_created_at = $2 AND (request_type = 5) = $3`,
    [r.created_by, r.millisecond_created_at, r.request_type === 5],
  );
  return [existing[0], false];
}

/** Sets columns of one request (bumping its version); returns it as stored now. */
export async function updateRequest(em: EntityManager, id: string, set: Record<string, unknown>): Promise<RequestRow> {
  const keys = Object.keys(set);
  const assignments = keys.map((k, i) => `${k} = $${i + 2}`).join(', ');
  const [rows] = (await em.query(`UPDATE ${T} SET ${assignments}, version = version + 1, updated_at = now() WHERE id = $1 RETURNING *`, [
    id,
    ...keys.map((k) => set[k]),
  ])) as [RequestRow[], number];
  return rows[0];
}

/**
 * Deletes a locked request: its chained request loses the link, a bank transfer that settled it
 * waits again for a matching top-up, and its event (the last state, the next version, `deleted`)
 * tells payroll to drop its effect. Audit and event are the caller's, in the same transaction.
 */
export async function deleteRequestRow(em: EntityManager, r: RequestRow): Promise<RequestRow> {
  await em.query(`DELETE FROM ${T} WHERE id = $1`, [r.id]);
  await em.query(`UPDATE ${T} SET linked_id = NULL, version = version + 1, updated_at = now() WHERE linked_id = $1`, [r.id]);
  await em.query(`UPDATE ${SCHEMA}.bank_transfer SET request_id = NULL WHERE request_id = $1`, [r.id]);
  return { ...r, version: Number(r.version) + 1 };
}

/** cskh.refunds.changed with the request's whole current state, in the changing transaction. */
export async function addChangedEvent(
  em: EntityManager,
  outbox: Outbox,
  r: RequestRow,
  change: string,
  by: string,
  deleted = false,
): Promise<void> {
  const event: events_v1_refunds.RefundChanged = {
    event_id: randomUUID(),
    request_id: r.id,
    version: Number(r.version),
    staff_username: r.staff_username,
    phone: r.number_phone,
    package_code: r.package_code,
    request_type: r.request_type,
    request_method: r.request_method,
    refund_price: Number(r.refund_price),
    other_refund: Number(r.other_refund),
    transfer_final_amount: Number(r.transfer_final_amount),
    chenh_lech: Number(r.chenh_lech),
    ti_le_chiet_khau: Number(r.ti_le_chiet_khau),
    trang_thai_truy_thu_hoan_theo_goi: r.trang_thai_truy_thu_hoan_theo_goi,
    trang_thai_truy_thu_hoan_them: r.trang_thai_truy_thu_hoan_them,
    created_time: vnDateTime(r.created_time),
    change,
    changed_by: by,
    deleted,
  };
  await outbox.add(em, REFUND_CHANGED_TOPIC, r.id, events_v1_refunds.RefundChanged.encode(event).finish());
}

/** The hand-out pool (domain/assign.ts): not handed to anyone, partner status not final. */
const POOL = `assigned_to = '' AND trang_thai_key NOT IN ('hoan_thanh', 'hoan_tien', 'tu_choi')`;

export async function countPool(em: EntityManager): Promise<number> {
  const [r] = await em.query(`SELECT count(*)::int AS n FROM ${T} WHERE ${POOL}`);
  return Number(r?.n ?? 0);
}

/**
 * Hands up to `count` pooled requests, oldest first, to `username`: two managers at once never hand
 * the same request twice (FOR UPDATE SKIP LOCKED in a materialized CTE). Returns them as stored now.
 */
export async function takeFromPool(em: EntityManager, username: string, count: number, by: string): Promise<RequestRow[]> {
  const [rows] = (await em.query(
    `WITH picked AS MATERIALIZED (SELECT id FROM ${T} WHERE ${POOL} ORDER BY created_time, id LIMIT $2 FOR UPDATE SKIP LOCKED)
     UPDATE ${T} t SET assigned_to = $1, assigned_by = $3, assigned_at = now(), version = t.version + 1, updated_at = now()
     FROM picked WHERE t.id = picked.id RETURNING t.*`,
    [username, count, by],
  )) as [RequestRow[], number];
  return rows;
}

/** The requests handed to `username`, newest hand-out first. */
export async function pageAssigned(
  em: EntityManager,
  username: string,
  paging: Pick<Paging, 'skip' | 'take'>,
): Promise<{ rows: RequestRow[]; count: number }> {
  const take = paging.take ?? 10000;
  const rows: RequestRow[] = await em.query(`SELECT * FROM ${T} WHERE assigned_to = $1 ORDER BY assigned_at DESC, id LIMIT $2 OFFSET $3`, [
    username,
    take,
    paging.skip ?? 0,
  ]);
  const [c] = await em.query(`SELECT count(*)::int AS n FROM ${T} WHERE assigned_to = $1`, [username]);
  return { rows, count: Number(c?.n ?? 0) };
}
