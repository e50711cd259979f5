import type { EntityManager } from 'typeorm';
import { Paging } from '@cskh/kit';
import { pageSql, Where } from '@cskh/kit/data';
import { PRIORITY } from '@cskh/kit';
import { monthOf, monthRange } from '../domain/month';
import { ManualInputs, PayrollAmounts, PayrollInputs } from '../domain/payroll';
import { refundClawback, RefundWrite } from '../domain/revenue';
import { DEFAULT_SETTINGS, PayrollSettings } from '../domain/settings';
import { SCHEMA } from './schema';

/** SQL of the payroll sheet: settings, months and their lock, attendance, rows and their calculation. */
export const PAYROLL_RESOURCE = 'tinhluong';

export async function loadSettings(em: EntityManager): Promise<PayrollSettings> {
  const rows: Array<{ value: Partial<PayrollSettings> }> = await em.query(`SELECT value FROM "${SCHEMA}".setting WHERE id = 1`);
  return { ...DEFAULT_SETTINGS, ...(rows[0]?.value ?? {}) };
}

export async function saveSettings(em: EntityManager, s: PayrollSettings, by: string) {
  await em.query(
    `INSERT INTO "${SCHEMA}".setting (id, value, updated_by) VALUES (1, $1, $2)
     ON CONFLICT (id) DO UPDATE SET value = EXCLUDED.value, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [JSON.stringify(s), by],
  );
}

export interface MonthLock {
  month: string;
  closed_by: string;
  closed_at: Date;
}

/** The month's lock row (undefined = open); FOR SHARE so a close waits for changes in flight and vice versa. */
export async function monthLock(em: EntityManager, month: string, lock: 'share' | 'none' = 'none'): Promise<MonthLock | undefined> {
  const rows: MonthLock[] = await em.query(
    `SELECT * FROM "${SCHEMA}".payroll_month WHERE month = $1 ${lock === 'share' ? 'FOR SHARE' : ''}`,
    [month],
  );
  return rows[0];
}

/** When a marked row falls due: now plus the recalculation delay ($4 in ms). */
const DUE = `now() + make_interval(secs => $4::float / 1000)`;

/**
 * Marks the rows of these staff in these (open) months 'Đang tính toán...' (creating them when
 * missing). Closed months are left alone: a closed month never changes.
 */
export async function markPending(
  em: EntityManager,
  touched: Array<{ username: string; month: string }>,
  by = '',
  delayMs = 0,
): Promise<number> {
  const pairs = [...new Map(touched.filter((t) => t.username && t.month).map((t) => [`${t.month}|${t.username}`, t])).values()];
  if (pairs.length === 0) return 0;
  const rows = await em.query(
    `INSERT INTO "${SCHEMA}".payroll_row AS p (month, username, pending, due_at, updated_by)
     SELECT t.month, t.username, true, ${DUE}, $3 FROM unnest($1::text[], $2::text[]) AS t(month, username)
      WHERE NOT EXISTS (SELECT 1 FROM "${SCHEMA}".payroll_month m WHERE m.month = t.month)
     ON CONFLICT (month, username) DO UPDATE SET pending = true, due_at = ${DUE}, updated_at = now()
     RETURNING 1`,
    [pairs.map((p) => p.month), pairs.map((p) => p.username), by, delayMs],
  );
  return rows.length;
}

/** Staff and months an event touched → pairs for markPending. */
export const touchedMonths = (rows: Array<{ username_nv: string; ngay_thanh_cong: Date }>) =>
  rows.map((r) => ({ username: r.username_nv, month: monthOf(new Date(r.ngay_thanh_cong)) }));

/** Gives every staff member of the sheet (priority 3 and above, not deleted) a row in an open month. */
export async function ensureMonthRows(em: EntityManager, month: string): Promise<number> {
  const rows = await em.query(
    `INSERT INTO "${SCHEMA}".payroll_row (month, username, pending, due_at)
     SELECT $1, s.username, true, now() FROM "${SCHEMA}".staff s
      WHERE NOT s.deleted AND s.priority >= ${PRIORITY.branch}
        AND NOT EXISTS (SELECT 1 FROM "${SCHEMA}".payroll_month m WHERE m.month = $1)
     ON CONFLICT (month, username) DO NOTHING RETURNING 1`,
    [month],
  );
  return rows.length;
}

export interface PayrollRowRecord {
  id: string;
  month: string;
  username: string;
  fullname: string | null;
  manual: ManualInputs;
  result: Partial<PayrollAmounts>;
  pending: boolean;
}

/** What the calculation of one row reads: attendance, the month's revenue, clawbacks. */
export async function gatherInputs(em: EntityManager, month: string, username: string, manual: ManualInputs): Promise<PayrollInputs> {
  const { from, to } = monthRange(month);
  const [att] = await em.query(
    `SELECT coalesce(sum(cong), 0)::float AS days FROM "${SCHEMA}".attendance WHERE month = $1 AND username = $2`,
    [month, username],
  );
  const [rev] = await em.query(
    `SELECT coalesce(sum(dt_tinh_luong) FILTER (WHERE success), 0)::bigint AS payroll, coalesce(sum(doanh_thu) FILTER (WHERE success), 0)::bigint AS value
       FROM "${SCHEMA}".revenue_view WHERE username_nv = $1 AND ngay_thanh_cong >= $2 AND ngay_thanh_cong < $3`,
    [username, from, to],
  );
  const [orderClawback] = await em.query(
    `SELECT coalesce(sum(truy_thu), 0)::bigint AS total FROM "${SCHEMA}".revenue_view WHERE username_nv = $1 AND status_at >= $2 AND status_at < $3`,
    [username, from, to],
  );
  const refunds: RefundWrite[] = await em.query(
    `SELECT request_type, refund_price::float, other_refund::float, transfer_final_amount::float, truy_thu_hoan_theo_goi, truy_thu_hoan_them
       FROM "${SCHEMA}".refund_request WHERE staff_username = $1 AND created_time >= $2 AND created_time < $3 AND NOT deleted`,
    [username, from, to],
  );
  return {
    attendanceDays: Number(att.days),
    payrollRevenue: Number(rev.payroll),
    packageValue: Number(rev.value),
    clawback: Number(orderClawback.total) + refunds.reduce((sum, r) => sum + refundClawback(r), 0),
    manual,
  };
}

/** Claims due pending rows of open months (one worker each: SKIP LOCKED), oldest first. */
export async function claimPending(em: EntityManager, limit: number): Promise<PayrollRowRecord[]> {
  return em.query(
    `SELECT p.id, p.month, p.username, p.manual, p.result, p.pending FROM "${SCHEMA}".payroll_row p
      WHERE p.pending AND p.due_at <= now() AND NOT EXISTS (SELECT 1 FROM "${SCHEMA}".payroll_month m WHERE m.month = p.month)
      ORDER BY p.due_at, p.id LIMIT $1 FOR UPDATE SKIP LOCKED`,
    [limit],
  );
}

export async function storeResult(em: EntityManager, id: string, result: PayrollAmounts) {
  await em.query(`UPDATE "${SCHEMA}".payroll_row SET result = $2, pending = false, calculated_at = now() WHERE id = $1`, [
    id,
    JSON.stringify(result),
  ]);
}

export async function findRow(em: EntityManager, month: string, username: string, lock = false): Promise<PayrollRowRecord | undefined> {
  const rows: PayrollRowRecord[] = await em.query(
    `SELECT p.id, p.month, p.username, s.fullname, p.manual, p.result, p.pending FROM "${SCHEMA}".payroll_row p
       LEFT JOIN "${SCHEMA}".staff s ON s.username = p.username
      WHERE p.month = $1 AND p.username = $2 ${lock ? 'FOR UPDATE OF p' : ''}`,
    [month, username],
  );
  return rows[0];
}

/** Saves manual inputs (merged over the stored ones) and marks the row for recalculation. */
export async function saveManual(em: EntityManager, month: string, username: string, manual: ManualInputs, by: string, delayMs = 0) {
  await em.query(
    `INSERT INTO "${SCHEMA}".payroll_row AS p (month, username, manual, pending, due_at, updated_by) VALUES ($1, $2, $3, true, now() + make_interval(secs => $5::float / 1000), $4)
     ON CONFLICT (month, username) DO UPDATE SET manual = p.manual || EXCLUDED.manual, pending = true, due_at = EXCLUDED.due_at, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [month, username, JSON.stringify(manual), by, delayMs],
  );
}

export async function saveAttendance(
  em: EntityManager,
  rows: Array<{ username: string; day: string; month: string; gio_vao: Date; gio_ra: Date | undefined; cong: number; file: string }>,
) {
  for (const r of rows)
    await em.query(
      `INSERT INTO "${SCHEMA}".attendance (username, day, month, gio_vao, gio_ra, cong, file_name) VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (username, day) DO UPDATE SET month = EXCLUDED.month, gio_vao = EXCLUDED.gio_vao, gio_ra = EXCLUDED.gio_ra, cong = EXCLUDED.cong, file_name = EXCLUDED.file_name`,
      [r.username, r.day, r.month, r.gio_vao, r.gio_ra ?? null, r.cong, r.file],
    );
}

/** Every change of a month's sheet holds the month shared; closing it holds it alone (no edit slips past a close). */
export async function holdMonth(em: Pick<EntityManager, 'query'>, month: string, mode: 'shared' | 'exclusive'): Promise<void> {
  await em.query(`SELECT ${mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock'}(hashtext($1))`, [
    `payroll-month:${month}`,
  ]);
}

/** One page of a month's sheet (by username) and its totals; amounts of rows still being computed count as 0. */
export async function listPayrollRows(em: Pick<EntityManager, 'query'>, where: Where, paging: Paging) {
  const from = `FROM "${SCHEMA}".payroll_row p LEFT JOIN "${SCHEMA}".staff s ON s.username = p.username ${where.sql}`;
  const [rows, totals] = await Promise.all([
    em.query(
      `SELECT p.id, p.month, p.username, s.fullname, p.manual, p.result, p.pending ${from} ORDER BY lower(p.username) ${pageSql(paging)}`,
      where.params,
    ) as Promise<PayrollRowRecord[]>,
    em.query(
      `SELECT count(*)::bigint AS n, (count(*) FILTER (WHERE p.pending))::bigint AS pending,
              coalesce(sum((p.result->>'tongDoanhThuGiaGoc')::bigint) FILTER (WHERE NOT p.pending), 0)::bigint AS tam_tinh,
              coalesce(sum((p.result->>'tongDoanhThuVasTinhLuong')::bigint) FILTER (WHERE NOT p.pending), 0)::bigint AS thuc_te ${from}`,
      where.params,
    ) as Promise<Array<{ n: string; pending: string; tam_tinh: string; thuc_te: string }>>,
  ]);
  return { rows, totals: totals[0] };
}

/** Rows of a month still 'Đang tính toán...'. */
export async function countPendingRows(em: Pick<EntityManager, 'query'>, month: string): Promise<number> {
  const [p] = await em.query(`SELECT count(*)::int AS n FROM "${SCHEMA}".payroll_row WHERE month = $1 AND pending`, [month]);
  return p.n;
}

export async function insertMonthLock(em: Pick<EntityManager, 'query'>, month: string, closedBy: string): Promise<void> {
  await em.query(`INSERT INTO "${SCHEMA}".payroll_month (month, closed_by) VALUES ($1, $2)`, [month, closedBy]);
}

/** Marks every row of every open month for recalculation (new parameters apply to every open sheet). */
export async function markOpenMonthsPending(em: Pick<EntityManager, 'query'>): Promise<void> {
  await em.query(
    `UPDATE "${SCHEMA}".payroll_row p SET pending = true, due_at = now()
      WHERE NOT EXISTS (SELECT 1 FROM "${SCHEMA}".payroll_month m WHERE m.month = p.month)`,
  );
}

/** The staff member a payroll row belongs to. */
export async function payrollRowUsername(em: Pick<EntityManager, 'query'>, id: string): Promise<string | undefined> {
  const rows: Array<{ username: string }> = await em.query(`SELECT username FROM "${SCHEMA}".payroll_row WHERE id = $1`, [id]);
  return rows[0]?.username;
}
