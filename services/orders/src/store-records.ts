import type { EntityManager } from 'typeorm';
import { AppError, pageSql, Paging, Where } from '@cskh/kit';
import { MSG } from './domain/messages';
import { SCHEMA } from './store-prices';

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
    em.query(`SELECT ${COLUMNS[table]} FROM ${SCHEMA}.${table} ${where.sql} ORDER BY created_at DESC, id ${pageSql(paging)}`, where.params) as Promise<R[]>,
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
  if (keys.length) await em.query(`UPDATE ${SCHEMA}.${table} SET ${keys.map((k, i) => `${k} = $${i + 2}`).join(', ')} WHERE id = $1`, [id, ...keys.map((k) => set[k])]);
  return findRecord<R>(em, table, id);
}

export async function deleteRecord(em: EntityManager, table: RecordTable, id: string) {
  await em.query(`DELETE FROM ${SCHEMA}.${table} WHERE id = $1`, [id]);
}
