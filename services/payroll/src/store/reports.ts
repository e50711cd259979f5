import type { EntityManager } from 'typeorm';
import { Paging } from '@cskh/kit';
import { ListFilter, pageSql, Where } from '@cskh/kit/data';
import { PRIORITY } from '@cskh/kit';
import type { ViewRow } from './revenue';
import { SCHEMA } from './schema';

/** SQL of the five revenue reports, all on the revenue view `v` with the filters the handlers build. */

type Db = Pick<EntityManager, 'query'>;

/**
 * The detailed report's rows of one page (or export window), newest first: the page's records
 * are found on the records alone (an index walk, revenue_key_view), then read whole from the
 * view. Without a limit (all rows at once) the view is read directly.
 */
export async function detailedRows(em: Db, where: Where, limit: string): Promise<ViewRow[]> {
  // Ties in time by the record's source and id: the same order after a rebuild from the events.
  const order = 'ORDER BY v.ngay_thanh_cong DESC, v.track0, v.track1';
  if (!limit) return em.query(`SELECT v.* FROM "${SCHEMA}".revenue_view v ${where.sql} ${order}`, where.params);
  const keys: Array<{ record_id: string }> = await em.query(
    `SELECT v.record_id FROM "${SCHEMA}".revenue_key_view v ${where.sql} ${order} ${limit}`,
    where.params,
  );
  if (keys.length === 0) return [];
  return em.query(`SELECT v.* FROM "${SCHEMA}".revenue_view v WHERE v.record_id = ANY($1::uuid[]) ${order}`, [
    keys.map((k) => k.record_id),
  ]);
}

/** Packages and revenue of the view's rows matching the filter, counted exactly. */
export async function revenueTotals(em: Db, where: Where): Promise<{ n: unknown; total: unknown }> {
  const [t] = await em.query(
    `SELECT count(*)::bigint AS n, coalesce(sum(v.doanh_thu), 0)::bigint AS total FROM "${SCHEMA}".revenue_view v ${where.sql}`,
    where.params,
  );
  return t;
}

/** Packages and revenue of the reassigned records matching a filter on r (the record) and a (the reassignment). */
export async function reassignedTotals(em: Db, f: ListFilter): Promise<{ n: unknown; total: unknown }> {
  const [t] = await em.query(
    `SELECT count(*)::bigint AS n, coalesce(sum(r.doanh_thu), 0)::bigint AS total
       FROM "${SCHEMA}".revenue_record r JOIN "${SCHEMA}".revenue_reassignment a ON a.track0 = r.track0 AND a.track1 = r.track1 ${f.sql}`,
    f.params,
  );
  return t;
}

/**
 * Per staff member, or per branch: packages, provisional and actual revenue, refunds; one page of
 * groups (highest provisional revenue first) and the totals over every group.
 */
export async function revenueSummary(em: Db, where: Where, paging: Paging, by: 'staff' | 'branch') {
  // A branch is its manager's user id: theirs for a branch account, their brand_id for everyone under them.
  const key =
    by === 'staff'
      ? 'v.username_nv'
      : `coalesce(CASE WHEN s.priority = ${PRIORITY.branch} THEN s.user_id ELSE nullif(s.brand_id, '') END, '')`;
  // A staff member's name as the staff directory has it now (the sale's own copy only when unknown there).
  const grouped = `
    SELECT ${key} AS k, coalesce(nullif(max(s.fullname), ''), max(v.ten_nv)) AS ten_nv, count(*)::bigint AS don_moi, sum(v.doanh_thu)::bigint AS tam_tinh,
           sum(v.doanh_thu_thuc_te)::bigint AS thuc_te, sum(v.hoan_tien)::bigint AS hoan
      FROM "${SCHEMA}".revenue_view v LEFT JOIN "${SCHEMA}".staff s ON s.username = v.username_nv ${where.sql} GROUP BY 1`;
  const [rows, totals] = await Promise.all([
    em.query(
      by === 'staff'
        ? `SELECT g.k AS username_nv, g.ten_nv, g.don_moi, g.tam_tinh, g.thuc_te, g.hoan, 0 AS nv FROM (${grouped}) g ORDER BY g.tam_tinh DESC, g.k ${pageSql(paging)}`
        : `SELECT coalesce(b.username, '') AS username_nv, coalesce(nullif(b.fullname, ''), b.username, '') AS ten_nv, g.don_moi, g.tam_tinh, g.thuc_te, g.hoan,
                  (SELECT count(*) FROM "${SCHEMA}".staff m WHERE g.k <> '' AND m.brand_id = g.k AND m.priority IN (${PRIORITY.leader}, ${PRIORITY.sales}) AND NOT m.deleted)::bigint AS nv
             FROM (${grouped}) g LEFT JOIN "${SCHEMA}".staff b ON b.user_id = g.k AND g.k <> ''
            ORDER BY g.tam_tinh DESC, g.k ${pageSql(paging)}`,
      where.params,
    ) as Promise<Array<Record<string, unknown>>>,
    em.query(
      `SELECT count(*)::bigint AS groups, coalesce(sum(don_moi), 0)::bigint AS goi, coalesce(sum(tam_tinh), 0)::bigint AS tam_tinh,
              coalesce(sum(thuc_te), 0)::bigint AS thuc_te, coalesce(sum(hoan), 0)::bigint AS hoan FROM (${grouped}) g`,
      where.params,
    ),
  ]);
  return { rows, totals: totals[0] as Record<string, unknown> };
}

/** One page of the view's rows, newest first by the given date column. */
export async function revenueRowsPage(
  em: Db,
  where: Where,
  paging: Paging,
  dateColumn: 'v.ngay_len_don' | 'v.ngay_thanh_cong',
): Promise<ViewRow[]> {
  return em.query(
    `SELECT v.* FROM "${SCHEMA}".revenue_view v ${where.sql} ORDER BY ${dateColumn} DESC, v.id ${pageSql(paging)}`,
    where.params,
  );
}

/** The reconciliation report's totals: rows, successful packages and their value, refunds, revenue for pay. */
export async function reconciliationTotals(em: Db, where: Where): Promise<Record<string, unknown>> {
  const [t] = await em.query(
    `SELECT count(*)::bigint AS n, (count(*) FILTER (WHERE v.success))::bigint AS goi, coalesce(sum(v.doanh_thu) FILTER (WHERE v.success), 0)::bigint AS gia_tri,
            coalesce(sum(v.hoan_tien), 0)::bigint AS hoan, coalesce(sum(v.dt_tinh_luong), 0)::bigint AS dt
       FROM "${SCHEMA}".revenue_view v ${where.sql}`,
    where.params,
  );
  return t;
}

/** Packages and revenue per Vietnamese day. */
export async function revenuePerDay(em: Db, where: Where): Promise<Array<Record<string, unknown>>> {
  return em.query(
    `SELECT to_char(v.ngay_thanh_cong AT TIME ZONE 'Asia/Ho_Chi_Minh', 'YYYY-MM-DD') AS day, count(*)::bigint AS n, sum(v.doanh_thu)::bigint AS total
       FROM "${SCHEMA}".revenue_view v ${where.sql} GROUP BY 1 ORDER BY 1`,
    where.params,
  );
}
