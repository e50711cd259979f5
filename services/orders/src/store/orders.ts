import type { EntityManager } from 'typeorm';
import { AppError, Paging, PRIORITY } from '@cskh/kit';
import { listPage, pageSql, Where } from '@cskh/kit/data';
import { SALE_ORDER_ROLLUPS } from '../store/rollups';
import { MSG } from '../domain/messages';
import type { OrderRow } from '../domain/present';
import type { OrderKind } from '../domain/statuses';
import { SCHEMA } from './schema';

/** Data access of the order lists (plain SQL over an EntityManager). */

const T = `${SCHEMA}.sale_order`;
export const orderResource = (kind: OrderKind) => `order_${kind}`;

const COLUMNS = `id, kind, so_dien_thoai_chu, so_dien_thoai, ma_goi, gia_ban_goi, username_nv, ten_nv, trang_thai_yeu_cau, trang_thai,
  thoi_diem_thay_doi_trang_thai, username_thay_doi_trang_thai, trang_thai_thu_tien, thoi_diem_thay_doi_trang_thai_thu_tien,
  username_thay_doi_trang_thai_thu_tien, trang_thai_duyet_thong_tin, thoi_diem_duyet_thong_tin, username_duyet_trang_thai_duyet_thong_tin,
  doanh_thu, chenh_lech, ti_le_doanh_thu, ti_le_doanh_thu_tinh_luong, doanh_thu_tinh_luong, truy_thu, cty, note, hinh_thuc,
  created_time, cancel_due_at, created_at`;

/** One page of orders with the count of the whole filter (kit listPage: per-day counters when they cover it). */
export async function pageOrders(em: EntityManager, where: Where, paging: Pick<Paging, 'skip' | 'take'>) {
  const page = await listPage<OrderRow>(em, {
    from: T,
    columns: COLUMNS,
    orderBy: 'created_at DESC, id',
    key: 'id',
    filter: where,
    paging,
    rollups: SALE_ORDER_ROLLUPS,
  });
  return { rows: page.rows, count: page.count };
}

export async function findOrder(em: EntityManager, kind: OrderKind, id: string): Promise<OrderRow | undefined> {
  const rows: OrderRow[] = await em.query(`SELECT ${COLUMNS} FROM ${T} WHERE kind = $1 AND id = $2`, [kind, id]);
  return rows[0];
}

export async function lockOrder(em: EntityManager, kind: OrderKind, id: string): Promise<OrderRow> {
  const rows: OrderRow[] = await em.query(`SELECT ${COLUMNS} FROM ${T} WHERE kind = $1 AND id = $2 FOR UPDATE`, [kind, id]);
  if (!rows[0]) throw new AppError('NOT_FOUND', MSG.orderNotFound);
  return rows[0];
}

export type NewOrder = Pick<
  OrderRow,
  | 'kind'
  | 'so_dien_thoai_chu'
  | 'so_dien_thoai'
  | 'ma_goi'
  | 'gia_ban_goi'
  | 'username_nv'
  | 'ten_nv'
  | 'trang_thai_yeu_cau'
  | 'trang_thai'
  | 'trang_thai_thu_tien'
  | 'trang_thai_duyet_thong_tin'
  | 'cty'
  | 'note'
  | 'hinh_thuc'
  | 'created_time'
  | 'cancel_due_at'
  | 'created_at'
> & { doanh_thu: number; ti_le_doanh_thu: number; doanh_thu_tinh_luong: number; import_key?: string | null; created_by: string };

/** Inserts orders; rows whose import key is already stored are skipped. Returns the new rows. */
export async function insertOrders(em: EntityManager, rows: readonly NewOrder[]): Promise<OrderRow[]> {
  if (rows.length === 0) return [];
  const cols = [
    'kind',
    'so_dien_thoai_chu',
    'so_dien_thoai',
    'ma_goi',
    'gia_ban_goi',
    'username_nv',
    'ten_nv',
    'trang_thai_yeu_cau',
    'trang_thai',
    'trang_thai_thu_tien',
    'trang_thai_duyet_thong_tin',
    'cty',
    'note',
    'hinh_thuc',
    'created_time',
    'cancel_due_at',
    'created_at',
    'doanh_thu',
    'ti_le_doanh_thu',
    'doanh_thu_tinh_luong',
    'import_key',
    'created_by',
  ] as const;
  const params: unknown[] = [];
  const tuples = rows.map((r) => {
    const b = params.length;
    for (const c of cols) params.push((r as Record<string, unknown>)[c] ?? null);
    return `(${cols.map((_, i) => `$${b + i + 1}`).join(', ')})`;
  });
  return em.query(
    `INSERT INTO ${T} (${cols.join(', ')}) VALUES ${tuples.join(', ')}
     ON CONFLICT (import_key) WHERE import_key IS NOT NULL DO NOTHING RETURNING ${COLUMNS}`,
    params,
  );
}

/** Sets columns of one order; returns it as stored now. */
export async function updateOrder(em: EntityManager, id: string, set: Record<string, unknown>): Promise<OrderRow> {
  const keys = Object.keys(set);
  const assignments = keys.map((k, i) => `${k} = $${i + 2}`).join(', ');
  const [rows] = (await em.query(`UPDATE ${T} SET ${assignments} WHERE id = $1 RETURNING ${COLUMNS}`, [
    id,
    ...keys.map((k) => set[k]),
  ])) as [OrderRow[], number];
  return rows[0];
}

export async function deleteOrder(em: EntityManager, id: string): Promise<void> {
  await em.query(`DELETE FROM ${T} WHERE id = $1`, [id]);
}

/**
 * Claims up to `limit` orders whose cancel window has run out at `now`, locked until the caller's
 * transaction ends. Rows another worker (another replica) holds are skipped (SKIP LOCKED), and
 * the caller clears cancel_due_at in the same transaction: each order is cancelled once.
 */
export async function claimDueOrders(em: EntityManager, now: Date, limit: number): Promise<OrderRow[]> {
  return em.query(
    `SELECT ${COLUMNS} FROM ${T} WHERE cancel_due_at IS NOT NULL AND cancel_due_at <= $1 ORDER BY cancel_due_at LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [now, limit],
  );
}

/** The earliest running deadline (the worker sleeps until then, at most its poll interval). */
export async function nextDue(em: EntityManager): Promise<Date | null> {
  const [r] = await em.query(`SELECT min(cancel_due_at) AS at FROM ${T} WHERE cancel_due_at IS NOT NULL`);
  return r?.at ? new Date(r.at) : null;
}

/**
 * The caller's pending reminders, most urgent first: their own orders waiting for a Y, and
 * (managers) every order waiting for approval. The first is the polled answer's `data`.
 */
export async function pendingReminders(em: EntityManager, username: string, manager: boolean, limit: number): Promise<OrderRow[]> {
  return em.query(
    `SELECT ${COLUMNS} FROM ${T}
     WHERE kind = 'mfy' AND ((username_nv = $1 AND trang_thai_yeu_cau IN ('cho_soan_y', 'cho_soan_y_lan_2'))
        OR ($2 AND trang_thai_yeu_cau = 'da_soan_y_lan_1'))
     ORDER BY cancel_due_at NULLS LAST, created_at, id LIMIT $3`,
    [username, manager, limit],
  );
}

/**
 * Claims up to `limit` waiting mfy orders whose reminder was last pushed before `before` (or
 * never), locked until the caller's transaction ends; rows another replica holds are skipped, and
 * the caller stamps reminded_at in the same transaction: one repeat per interval, any replicas.
 */
export async function claimRemindersDue(em: EntityManager, before: Date, limit: number): Promise<OrderRow[]> {
  return em.query(
    `SELECT ${COLUMNS} FROM ${T}
     WHERE kind = 'mfy' AND trang_thai_yeu_cau IN ('cho_soan_y', 'cho_soan_y_lan_2', 'da_soan_y_lan_1')
       AND (reminded_at IS NULL OR reminded_at <= $1)
     ORDER BY reminded_at NULLS FIRST LIMIT $2 FOR UPDATE SKIP LOCKED`,
    [before, limit],
  );
}

/** The head-office staff (priority below branch) who are neither locked nor deleted: who approves a first Y. */
export async function activeManagers(em: EntityManager): Promise<Array<{ username: string; priority: number }>> {
  return em.query(`SELECT username, priority FROM ${SCHEMA}.staff WHERE priority < ${PRIORITY.branch} AND NOT locked AND NOT deleted`);
}

/** Stamps when an order's reminder was pushed. */
export async function markReminded(em: EntityManager, id: string, at: Date): Promise<void> {
  await em.query(`UPDATE ${T} SET reminded_at = $2 WHERE id = $1`, [id, at]);
}

// ---------- the upload's pool and its hand-out ----------

/** Uploaded orders nobody holds yet (a sheet row without staff). */
const POOL = `username_nv = ''`;

export async function countOrderPool(em: EntityManager, kind: OrderKind): Promise<number> {
  const [r] = await em.query(`SELECT count(*)::bigint AS n FROM ${T} WHERE kind = $1 AND ${POOL}`, [kind]);
  return Number(r?.n ?? 0);
}

/**
 * Hands up to `count` pooled orders of one list, oldest first, to one staff member. Rows another
 * transaction is handing out are skipped (SKIP LOCKED) and the pick is a MATERIALIZED CTE
 * (evaluated once, so LIMIT holds): two managers assigning at once never hand an order twice.
 */
export async function assignOldestOrders(
  em: EntityManager,
  kind: OrderKind,
  to: { username: string; fullname: string },
  count: number,
  by: string,
): Promise<string[]> {
  const [rows] = (await em.query(
    `WITH picked AS MATERIALIZED (
       SELECT id FROM ${T} WHERE kind = $5 AND ${POOL} ORDER BY created_at, id LIMIT $4 FOR UPDATE SKIP LOCKED
     )
     UPDATE ${T} o SET username_nv = $1, ten_nv = $2, assigned_by = $3, assigned_at = now() FROM picked WHERE o.id = picked.id RETURNING o.id`,
    [to.username, to.fullname, by, count, kind],
  )) as [Array<{ id: string }>, number];
  return rows.map((r) => r.id);
}

/** The orders of one list handed to one staff member, newest hand-out first. */
export async function pageAssignedOrders(em: EntityManager, kind: OrderKind, username: string, paging: Pick<Paging, 'skip' | 'take'>) {
  const where = new Where().add('kind = ?', kind).add('username_nv = ?', username).add('assigned_at IS NOT NULL');
  const [rows, [n]] = await Promise.all([
    em.query(`SELECT ${COLUMNS} FROM ${T} ${where.sql} ORDER BY assigned_at DESC, id ${pageSql(paging)}`, where.params) as Promise<
      OrderRow[]
    >,
    em.query(`SELECT count(*)::bigint AS n FROM ${T} ${where.sql}`, where.params) as Promise<Array<{ n: string }>>,
  ]);
  return { rows, count: Number(n?.n ?? 0) };
}

// ---------- partner companies ----------

const COMPANY = `${SCHEMA}.partner_company`;

export async function listCompanies(em: EntityManager, kind: OrderKind): Promise<Array<{ id: string; name: string }>> {
  return em.query(`SELECT id, name FROM ${COMPANY} WHERE kind = $1 ORDER BY lower(name), id`, [kind]);
}

/** The company's name as listed (case-insensitive match), or undefined. */
export async function companyNamed(em: EntityManager, kind: OrderKind, name: string): Promise<string | undefined> {
  const [r] = await em.query(`SELECT name FROM ${COMPANY} WHERE kind = $1 AND lower(name) = lower($2)`, [kind, name.trim()]);
  return r?.name;
}

/** Adds a company; undefined when the list has one of that name already. */
export async function insertCompany(
  em: EntityManager,
  kind: OrderKind,
  name: string,
  by: string,
): Promise<{ id: string; name: string } | undefined> {
  const rows = await em.query(
    `INSERT INTO ${COMPANY} (kind, name, created_by) VALUES ($1, $2, $3) ON CONFLICT (kind, lower(name)) DO NOTHING RETURNING id, name`,
    [kind, name, by],
  );
  return rows[0];
}

export async function deleteCompany(em: EntityManager, kind: OrderKind, id: string): Promise<string | undefined> {
  const [rows] = (await em.query(`DELETE FROM ${COMPANY} WHERE kind = $1 AND id = $2 RETURNING name`, [kind, id])) as [
    Array<{ name: string }>,
    number,
  ];
  return rows?.[0]?.name;
}
