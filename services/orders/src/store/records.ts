import type { EntityManager } from 'typeorm';
import { AppError, Paging } from '@cskh/kit';
import { pageSql, Where } from '@cskh/kit/data';
import { MSG } from '../domain/messages';
import { SCHEMA } from './schema';

/** Private customers and red reports: one small table each, the same access. */
export type RecordTable = 'private_customer' | 'red_report';

export interface KhrRow {
  id: string;
  so_dien_thoai: string;
  ngay_thanh_cong: string;
  username_nv: string;
  ten_nv: string;
  nguoi_phe_duyet: string;
  trang_thai: string;
  created_at: Date;
}

export interface BaodoRow extends KhrRow {
  ten_goi_cuoc: string;
  gia_goi_cuoc: string | number;
  kenh: string;
  ly_do: string;
  nguoi_dat_trang_thai: string;
  trang_thai_duyet: string;
}

const COLUMNS: Record<RecordTable, string> = {
  private_customer: `id, so_dien_thoai, to_char(ngay_thanh_cong, 'YYYY-MM-DD') AS ngay_thanh_cong, username_nv, ten_nv, nguoi_phe_duyet, trang_thai, created_at`,
  red_report: `id, so_dien_thoai, to_char(ngay_thanh_cong, 'YYYY-MM-DD') AS ngay_thanh_cong, username_nv, ten_nv, nguoi_phe_duyet, trang_thai, created_at,
    ten_goi_cuoc, gia_goi_cuoc, kenh, ly_do, nguoi_dat_trang_thai, trang_thai_duyet`,
};

export async function pageRecords<R>(em: EntityManager, table: RecordTable, where: Where, paging: Pick<Paging, 'skip' | 'take'>) {
  const [rows, [n]] = await Promise.all([
    em.query(
      `SELECT ${COLUMNS[table]} FROM ${SCHEMA}.${table} ${where.sql} ORDER BY created_at DESC, id ${pageSql(paging)}`,
      where.params,
    ) as Promise<R[]>,
    em.query(`SELECT count(*)::bigint AS n FROM ${SCHEMA}.${table} ${where.sql}`, where.params) as Promise<Array<{ n: string }>>,
  ]);
  return { rows, count: Number(n?.n ?? 0) };
}

export async function findRecord<R>(em: EntityManager, table: RecordTable, id: string, lock = false): Promise<R> {
  const rows: R[] = await em.query(`SELECT ${COLUMNS[table]} FROM ${SCHEMA}.${table} WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`, [id]);
  if (!rows[0]) throw new AppError('NOT_FOUND', MSG.recordNotFound);
  return rows[0];
}

export async function insertRecord<R>(em: EntityManager, table: RecordTable, values: Record<string, unknown>): Promise<R> {
  const keys = Object.keys(values);
  const rows: Array<{ id: string }> = await em.query(
    `INSERT INTO ${SCHEMA}.${table} (${keys.join(', ')}) VALUES (${keys.map((_, i) => `$${i + 1}`).join(', ')}) RETURNING id`,
    keys.map((k) => values[k]),
  );
  return findRecord<R>(em, table, rows[0].id);
}

export async function updateRecord<R>(em: EntityManager, table: RecordTable, id: string, set: Record<string, unknown>): Promise<R> {
  const keys = Object.keys(set);
  if (keys.length)
    await em.query(`UPDATE ${SCHEMA}.${table} SET ${keys.map((k, i) => `${k} = $${i + 2}`).join(', ')} WHERE id = $1`, [
      id,
      ...keys.map((k) => set[k]),
    ]);
  return findRecord<R>(em, table, id);
}

export async function deleteRecord(em: EntityManager, table: RecordTable, id: string) {
  await em.query(`DELETE FROM ${SCHEMA}.${table} WHERE id = $1`, [id]);
}

/** Imported records; rows whose import_key is stored already are skipped (a re-sent chunk). Answers those inserted. */
export async function insertImported(
  em: EntityManager,
  table: RecordTable,
  rows: Array<Record<string, unknown>>,
): Promise<Array<{ id: string; so_dien_thoai: string }>> {
  if (!rows.length) return [];
  const keys = Object.keys(rows[0]);
  const params: unknown[] = [];
  const values = rows.map((r) => `(${keys.map((k) => `$${params.push(r[k])}`).join(', ')})`).join(', ');
  return em.query(
    `INSERT INTO ${SCHEMA}.${table} (${keys.join(', ')}) VALUES ${values} ON CONFLICT (import_key) DO NOTHING RETURNING id, so_dien_thoai`,
    params,
  );
}

/** Records not handed to anyone (imported without staff). */
const POOL = `username_nv = ''`;

export async function countPool(em: EntityManager, table: RecordTable): Promise<number> {
  const [r] = await em.query(`SELECT count(*)::bigint AS n FROM ${SCHEMA}.${table} WHERE ${POOL}`);
  return Number(r?.n ?? 0);
}

/**
 * Hands up to `count` pooled records, oldest first, to one staff member. Rows another transaction
 * is handing out now are skipped (FOR UPDATE SKIP LOCKED), so two managers assigning at once never
 * hand a record twice; the pick is a MATERIALIZED CTE, evaluated once (as `id IN (… LIMIT n FOR
 * UPDATE SKIP LOCKED)` PostgreSQL may rescan it per row and hand out more than n). Answers the ids handed.
 */
export async function assignOldest(
  em: EntityManager,
  table: RecordTable,
  to: { username: string; fullname: string },
  count: number,
  by: string,
): Promise<string[]> {
  // TypeORM answers an UPDATE … RETURNING as [rows, affected].
  const [rows] = (await em.query(
    `WITH picked AS MATERIALIZED (
       SELECT id FROM ${SCHEMA}.${table} WHERE ${POOL} ORDER BY created_at, id LIMIT $4 FOR UPDATE SKIP LOCKED
     )
     UPDATE ${SCHEMA}.${table} r SET username_nv = $1, ten_nv = $2, assigned_by = $3, assigned_at = now() FROM picked WHERE r.id = picked.id RETURNING r.id`,
    [to.username, to.fullname, by, count],
  )) as [Array<{ id: string }>, number];
  return rows.map((r) => r.id);
}

/** The records handed to one staff member, newest hand-out first. */
export async function pageAssigned<R>(em: EntityManager, table: RecordTable, username: string, paging: Pick<Paging, 'skip' | 'take'>) {
  const where = new Where().add('username_nv = ?', username).add('assigned_at IS NOT NULL');
  const [rows, [n]] = await Promise.all([
    em.query(
      `SELECT ${COLUMNS[table]} FROM ${SCHEMA}.${table} ${where.sql} ORDER BY assigned_at DESC, id ${pageSql(paging)}`,
      where.params,
    ) as Promise<R[]>,
    em.query(`SELECT count(*)::bigint AS n FROM ${SCHEMA}.${table} ${where.sql}`, where.params) as Promise<Array<{ n: string }>>,
  ]);
  return { rows, count: Number(n?.n ?? 0) };
}
