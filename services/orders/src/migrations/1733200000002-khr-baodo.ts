import { MigrationInterface, QueryRunner } from 'typeorm';
import { SCHEMA } from '../store/schema';

/** Private customers (khr) and red reports (baodo), spec 3 §3. */
export class OrdersKhrBaodo1733200000002 implements MigrationInterface {
  name = 'OrdersKhrBaodo1733200000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ${SCHEMA}.private_customer (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        so_dien_thoai text NOT NULL,
        phone9 text GENERATED ALWAYS AS (right(regexp_replace(so_dien_thoai, '\\D', '', 'g'), 9)) STORED,
        ngay_thanh_cong date NOT NULL,
        username_nv text NOT NULL,
        ten_nv text NOT NULL DEFAULT '',
        nguoi_phe_duyet text NOT NULL DEFAULT '',
        trang_thai text NOT NULL DEFAULT '0' CHECK (trang_thai IN ('0', '1', '2')),
        created_by text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX private_customer_list ON ${SCHEMA}.private_customer (created_at DESC, id)`);
    await q.query(`CREATE INDEX private_customer_phone9 ON ${SCHEMA}.private_customer (phone9)`);
    await q.query(`
      CREATE TABLE ${SCHEMA}.red_report (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        so_dien_thoai text NOT NULL,
        phone9 text GENERATED ALWAYS AS (right(regexp_replace(so_dien_thoai, '\\D', '', 'g'), 9)) STORED,
        ten_goi_cuoc text NOT NULL,
        gia_goi_cuoc bigint NOT NULL DEFAULT 0,
        kenh text NOT NULL,
        ngay_thanh_cong date NOT NULL,
        username_nv text NOT NULL,
        ten_nv text NOT NULL DEFAULT '',
        ly_do text NOT NULL DEFAULT '',
        trang_thai text NOT NULL DEFAULT '0' CHECK (trang_thai IN ('0', 'SUCCESS', 'FAILD')),
        nguoi_dat_trang_thai text NOT NULL DEFAULT '',
        nguoi_phe_duyet text NOT NULL DEFAULT '',
        trang_thai_duyet text NOT NULL DEFAULT '0' CHECK (trang_thai_duyet IN ('0', '1', '2')),
        created_by text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX red_report_list ON ${SCHEMA}.red_report (created_at DESC, id)`);
    await q.query(`CREATE INDEX red_report_phone9 ON ${SCHEMA}.red_report (phone9)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ${SCHEMA}.red_report`);
    await q.query(`DROP TABLE ${SCHEMA}.private_customer`);
  }
}
