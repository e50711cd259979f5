import { MigrationInterface, QueryRunner } from 'typeorm';
import { SCHEMA } from '../store/schema';

/**
 * A deleted refund request (cskh.refunds.changed with `deleted`) stays in
 * refund_request as a tombstone at its last version, so an older event arriving late never
 * brings it back; the view and the payroll's clawback leave it out.
 */
export class PayrollRefundDeleted1733800000000 implements MigrationInterface {
  name = 'PayrollRefundDeleted1733800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ${SCHEMA}.refund_request ADD COLUMN deleted boolean NOT NULL DEFAULT false`);
    await q.query(`
      CREATE OR REPLACE VIEW ${SCHEMA}.revenue_view AS
      WITH matched AS (
        SELECT DISTINCT ON (f.request_id) f.*, r.id AS record_id
          FROM ${SCHEMA}.refund_request f
          JOIN ${SCHEMA}.revenue_record r ON r.phone9 = f.phone9 AND r.phone9 <> '' AND upper(r.goi_cuoc) = upper(f.package_code) AND r.success
         WHERE f.request_type IN (1, 2, 4) AND NOT f.deleted
         ORDER BY f.request_id, (r.ngay_thanh_cong <= f.created_time) DESC, abs(extract(epoch FROM f.created_time - r.ngay_thanh_cong)), r.id
      ), per_record AS (
        SELECT record_id, sum(refund_price + other_refund)::bigint AS hoan_tien,
               (array_agg(request_type ORDER BY created_time, request_id))[1] AS request_type,
               (array_agg(request_method ORDER BY created_time, request_id))[1] AS request_method,
               (array_agg(staff_username ORDER BY created_time, request_id))[1] AS refund_staff
          FROM matched GROUP BY record_id
      )
      SELECT r.id AS record_id, r.track0 || ':' || r.track1 AS id, r.track0, r.track1, r.kenh,
             coalesce(a.username, r.username_nv) AS username_nv,
             r.username_nv AS username_he_thong,
             coalesce(nullif(s.fullname, ''), CASE WHEN a.username IS NULL THEN r.ten_nv ELSE '' END) AS ten_nv,
             r.so_dien_thoai_cs, r.phone9, r.goi_cuoc, r.doanh_thu, r.ti_le_doanh_thu, r.doanh_thu_tinh_luong, r.truy_thu,
             r.success, r.ngay_thanh_cong, r.status_at, r.cty, r.hinh_thuc, r.gia_ban_goi, r.ngay_len_don,
             coalesce(p.hoan_tien, 0)::bigint AS hoan_tien, coalesce(p.request_type, 0) AS request_type,
             coalesce(p.request_method, 0) AS request_method, coalesce(p.refund_staff, '') AS refund_staff,
             (p.record_id IS NOT NULL) AS co_yeu_cau_hoan,
             CASE WHEN r.success THEN greatest(0, r.doanh_thu - coalesce(p.hoan_tien, 0)) ELSE 0 END::bigint AS doanh_thu_thuc_te,
             CASE WHEN r.success THEN greatest(0, r.doanh_thu_tinh_luong - round(coalesce(p.hoan_tien, 0) * r.ti_le_doanh_thu / 100)) ELSE 0 END::bigint AS dt_tinh_luong
        FROM ${SCHEMA}.revenue_record r
        LEFT JOIN ${SCHEMA}.revenue_reassignment a ON a.track0 = r.track0 AND a.track1 = r.track1
        LEFT JOIN ${SCHEMA}.staff s ON s.username = coalesce(a.username, r.username_nv)
        LEFT JOIN per_record p ON p.record_id = r.id`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE OR REPLACE VIEW ${SCHEMA}.revenue_view AS
      WITH matched AS (
        SELECT DISTINCT ON (f.request_id) f.*, r.id AS record_id
          FROM ${SCHEMA}.refund_request f
          JOIN ${SCHEMA}.revenue_record r ON r.phone9 = f.phone9 AND r.phone9 <> '' AND upper(r.goi_cuoc) = upper(f.package_code) AND r.success
         WHERE f.request_type IN (1, 2, 4)
         ORDER BY f.request_id, (r.ngay_thanh_cong <= f.created_time) DESC, abs(extract(epoch FROM f.created_time - r.ngay_thanh_cong)), r.id
      ), per_record AS (
        SELECT record_id, sum(refund_price + other_refund)::bigint AS hoan_tien,
               (array_agg(request_type ORDER BY created_time, request_id))[1] AS request_type,
               (array_agg(request_method ORDER BY created_time, request_id))[1] AS request_method,
               (array_agg(staff_username ORDER BY created_time, request_id))[1] AS refund_staff
          FROM matched GROUP BY record_id
      )
      SELECT r.id AS record_id, r.track0 || ':' || r.track1 AS id, r.track0, r.track1, r.kenh,
             coalesce(a.username, r.username_nv) AS username_nv,
             r.username_nv AS username_he_thong,
             coalesce(nullif(s.fullname, ''), CASE WHEN a.username IS NULL THEN r.ten_nv ELSE '' END) AS ten_nv,
             r.so_dien_thoai_cs, r.phone9, r.goi_cuoc, r.doanh_thu, r.ti_le_doanh_thu, r.doanh_thu_tinh_luong, r.truy_thu,
             r.success, r.ngay_thanh_cong, r.status_at, r.cty, r.hinh_thuc, r.gia_ban_goi, r.ngay_len_don,
             coalesce(p.hoan_tien, 0)::bigint AS hoan_tien, coalesce(p.request_type, 0) AS request_type,
             coalesce(p.request_method, 0) AS request_method, coalesce(p.refund_staff, '') AS refund_staff,
             (p.record_id IS NOT NULL) AS co_yeu_cau_hoan,
             CASE WHEN r.success THEN greatest(0, r.doanh_thu - coalesce(p.hoan_tien, 0)) ELSE 0 END::bigint AS doanh_thu_thuc_te,
             CASE WHEN r.success THEN greatest(0, r.doanh_thu_tinh_luong - round(coalesce(p.hoan_tien, 0) * r.ti_le_doanh_thu / 100)) ELSE 0 END::bigint AS dt_tinh_luong
        FROM ${SCHEMA}.revenue_record r
        LEFT JOIN ${SCHEMA}.revenue_reassignment a ON a.track0 = r.track0 AND a.track1 = r.track1
        LEFT JOIN ${SCHEMA}.staff s ON s.username = coalesce(a.username, r.username_nv)
        LEFT JOIN per_record p ON p.record_id = r.id`);
    await q.query(`ALTER TABLE ${SCHEMA}.refund_request DROP COLUMN deleted`);
  }
}
