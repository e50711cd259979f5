import type { EntityManager } from 'typeorm';
import { AppError, Paging } from '@cskh/kit';
import { listPage, pageSql, Where } from '@cskh/kit/data';
import { MSG } from '../domain/messages';
import { CARE_RECORD_ROLLUPS } from './care-record-rollups';
import { SCHEMA } from './schema';

/** Care results (the care history) and what is counted from them (plain SQL over an EntityManager). */

const RECORD = `"${SCHEMA}".care_record`;
const CUSTOMER = `"${SCHEMA}".customer`;
/** Audit-trail resource name of a care-history record. */
export const RECORD_RESOURCE = 'care_record';

export interface CareRecordRow {
  id: string;
  customer_id: string | null;
  username: string;
  fullname: string;
  phone: string;
  package: string;
  status: string;
  appointment_at: Date | null;
  note: string;
  created_at: Date;
}

const RECORD_COLUMNS = `id, customer_id, username, fullname, phone, package, status, appointment_at, note, created_at`;

export async function insertRecord(
  em: EntityManager,
  r: Omit<CareRecordRow, 'id' | 'created_at'> & { phone9: string; created_at: Date },
): Promise<CareRecordRow> {
  const [row] = await em.query(
    `INSERT INTO ${RECORD} (customer_id, username, fullname, phone, phone9, package, status, appointment_at, note, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING ${RECORD_COLUMNS}`,
    [r.customer_id, r.username, r.fullname, r.phone, r.phone9, r.package, r.status, r.appointment_at, r.note, r.created_at],
  );
  return row;
}

/** One page of the care history with the count of the whole filter (kit listPage: per-day counters when they cover it). */
export async function pageRecords(em: EntityManager, where: Where, paging: Pick<Paging, 'skip' | 'take'>) {
  const page = await listPage<CareRecordRow>(em, {
    from: RECORD,
    columns: RECORD_COLUMNS,
    orderBy: 'created_at DESC, id',
    key: 'id',
    filter: where,
    paging,
    rollups: CARE_RECORD_ROLLUPS,
  });
  return { rows: page.rows, count: page.count };
}

export async function findRecord(em: EntityManager, id: string): Promise<CareRecordRow | undefined> {
  const rows: CareRecordRow[] = await em.query(`SELECT ${RECORD_COLUMNS} FROM ${RECORD} WHERE id = $1`, [id]);
  return rows[0];
}

export async function lockRecord(em: EntityManager, id: string): Promise<CareRecordRow> {
  const rows: CareRecordRow[] = await em.query(`SELECT ${RECORD_COLUMNS} FROM ${RECORD} WHERE id = $1 FOR UPDATE`, [id]);
  if (!rows[0]) throw new AppError('NOT_FOUND', MSG.recordNotFound);
  return rows[0];
}

export async function updateRecord(em: EntityManager, id: string, set: Record<string, unknown>): Promise<CareRecordRow> {
  const keys = Object.keys(set);
  const assignments = keys.map((k, i) => `${k} = $${i + 2}`).join(', ');
  const [rows] = (await em.query(`UPDATE ${RECORD} SET ${assignments} WHERE id = $1 RETURNING ${RECORD_COLUMNS}`, [
    id,
    ...keys.map((k) => set[k]),
  ])) as [CareRecordRow[], number];
  return rows[0];
}

// ---------- busy-signal rate ----------

export interface RateRow {
  username: string;
  fullname: string;
  total: string;
  hen: string;
  chap_nhan: string;
  tu_choi: string;
  khong_nghe_may: string;
  khong_lien_lac_duoc: string;
  dung_lai_goi_cu: string;
  da_dang_ky_lai: string;
}

/** One query over the care results: per staff member, results returned and each result's count. */
export async function pageRates(em: EntityManager, where: Where, paging: Pick<Paging, 'skip' | 'take'>) {
  const f = (s: string) => `count(*) FILTER (WHERE status = '${s}')::bigint`;
  const [rows, total] = await Promise.all([
    em.query(
      `SELECT username, max(fullname) AS fullname, count(*)::bigint AS total,
              ${f('APPOINTMENT')} AS hen, ${f('APPROVED')} AS chap_nhan, ${f('REJECTED')} AS tu_choi, ${f('KBM')} AS khong_nghe_may,
              ${f('KLLĐ')} AS khong_lien_lac_duoc, ${f('KEEP')} AS dung_lai_goi_cu, ${f('RE-REGISTER')} AS da_dang_ky_lai
         FROM ${RECORD} ${where.sql} GROUP BY username ORDER BY lower(username) ${pageSql(paging)}`,
      where.params,
    ) as Promise<RateRow[]>,
    em.query(`SELECT count(DISTINCT username)::bigint AS n FROM ${RECORD} ${where.sql}`, where.params) as Promise<Array<{ n: string }>>,
  ]);
  return { rows, count: Number(total[0]?.n ?? 0) };
}

/**
 * The customer follows an edit of its latest result (status, appointment, note): `column` takes
 * `value` unless the customer is not in a result state or a later result exists.
 */
export async function mirrorRecordToCustomer(
  em: EntityManager,
  r: Pick<CareRecordRow, 'id' | 'customer_id' | 'created_at'>,
  column: string,
  value: unknown,
) {
  await em.query(
    `UPDATE ${CUSTOMER} SET ${column} = $2
      WHERE id = $1 AND status NOT IN ('NORMAL', 'ASSIGNED', 'TAKECARE', 'REGISTERED', 'BLOCKED')
        AND NOT EXISTS (SELECT 1 FROM ${RECORD} o WHERE o.customer_id = $1 AND (o.created_at, o.id) > ($3::timestamptz, $4::uuid))`,
    [r.customer_id, value, r.created_at, r.id],
  );
}
