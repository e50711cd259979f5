import { MigrationInterface, QueryRunner } from 'typeorm';
import { SCHEMA } from '../store/schema';

/** Mfy and 9279 orders in one table (kind): the same record, the 9279 one with form and order date. */
export class OrdersOrders1733200000001 implements MigrationInterface {
  name = 'OrdersOrders1733200000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ${SCHEMA}.sale_order (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind text NOT NULL CHECK (kind IN ('mfy', '9279')),
        so_dien_thoai_chu text NOT NULL DEFAULT '',
        so_dien_thoai text NOT NULL,
        phone9 text GENERATED ALWAYS AS (right(regexp_replace(so_dien_thoai, '\\D', '', 'g'), 9)) STORED,
        ma_goi text NOT NULL,
        gia_ban_goi smallint NOT NULL CHECK (gia_ban_goi BETWEEN 1 AND 3),
        username_nv text NOT NULL,
        ten_nv text NOT NULL DEFAULT '',
        trang_thai_yeu_cau text NOT NULL,
        trang_thai text NOT NULL,
        thoi_diem_thay_doi_trang_thai timestamptz,
        username_thay_doi_trang_thai text,
        trang_thai_thu_tien text NOT NULL DEFAULT 'chua_thu_tien',
        thoi_diem_thay_doi_trang_thai_thu_tien timestamptz,
        username_thay_doi_trang_thai_thu_tien text,
        trang_thai_duyet_thong_tin text NOT NULL DEFAULT 'dang_cho_duyet',
        thoi_diem_duyet_thong_tin timestamptz,
        username_duyet_trang_thai_duyet_thong_tin text,
        doanh_thu bigint NOT NULL DEFAULT 0,
        chenh_lech bigint NOT NULL DEFAULT 0,
        ti_le_doanh_thu numeric(8,2) NOT NULL DEFAULT 0,
        ti_le_doanh_thu_tinh_luong numeric(8,2) NOT NULL DEFAULT -1,
        doanh_thu_tinh_luong bigint NOT NULL DEFAULT 0,
        truy_thu bigint NOT NULL DEFAULT 0,
        cty text NOT NULL DEFAULT '',
        note text NOT NULL DEFAULT '',
        hinh_thuc text NOT NULL DEFAULT '',
        created_time timestamptz NOT NULL DEFAULT now(),
        -- When the server cancels the order unless its request status changes first (auto-cancel).
        cancel_due_at timestamptz,
        import_key text,
        created_by text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX sale_order_list ON ${SCHEMA}.sale_order (kind, created_at DESC, id)`);
    await q.query(`CREATE INDEX sale_order_phone9 ON ${SCHEMA}.sale_order (kind, phone9)`);
    await q.query(`CREATE INDEX sale_order_staff ON ${SCHEMA}.sale_order (kind, username_nv, created_at DESC)`);
    // The auto-cancel worker's queue: only orders with a running window are in it.
    await q.query(`CREATE INDEX sale_order_cancel_due ON ${SCHEMA}.sale_order (cancel_due_at) WHERE cancel_due_at IS NOT NULL`);
    await q.query(`CREATE UNIQUE INDEX sale_order_import_key ON ${SCHEMA}.sale_order (import_key) WHERE import_key IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ${SCHEMA}.sale_order`);
  }
}
