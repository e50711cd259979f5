import { MigrationInterface, QueryRunner } from 'typeorm';
import { SCHEMA } from '../store/schema';

export class RefundsRequests1733200000001 implements MigrationInterface {
  name = 'RefundsRequests1733200000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ${SCHEMA}.refund_request (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        staff_username text NOT NULL,
        staff_fullname text NOT NULL DEFAULT '',
        number_phone text NOT NULL,
        phone9 text GENERATED ALWAYS AS (right(regexp_replace(number_phone, '\\D', '', 'g'), 9)) STORED,
        number_type smallint NOT NULL CHECK (number_type IN (1, 2)),
        package_code text NOT NULL,
        request_type smallint NOT NULL CHECK (request_type BETWEEN 1 AND 5),
        request_method smallint NOT NULL DEFAULT 0 CHECK (request_method BETWEEN 0 AND 12),
        refund_price bigint NOT NULL DEFAULT 0 CHECK (refund_price >= 0),
        other_refund bigint NOT NULL DEFAULT 0 CHECK (other_refund >= 0),
        other_reason text NOT NULL DEFAULT '',
        ti_le_chiet_khau numeric(5, 2) NOT NULL DEFAULT 0,
        transfer_final_amount bigint NOT NULL DEFAULT 0,
        tien_hoan_sau_chiet_khau bigint,
        chenh_lech bigint NOT NULL DEFAULT 0,
        username_cap_nhat_chenh_lech text NOT NULL DEFAULT '',
        tien_trinh_nap text NOT NULL DEFAULT '',
        created_time timestamptz NOT NULL DEFAULT now(),
        kenh_doi_tac text NOT NULL,
        trang_thai_key text NOT NULL,
        trang_thai_giao_dich_doi_tac text NOT NULL,
        ma_trang_thai_giao_dich_doi_tac int,
        -- The partner call: none (khong_qua_api), pending (saved, not answered yet), unknown (no
        -- answer in time: retry with the same key), answered.
        partner_state text NOT NULL DEFAULT 'none',
        partner_attempts int NOT NULL DEFAULT 0,
        partner_message text NOT NULL DEFAULT '',
        partner_status text NOT NULL DEFAULT '',
        is_transfer smallint NOT NULL DEFAULT 0 CHECK (is_transfer IN (0, 1)),
        username_duyet_trang_thai_chuyen_khoan text NOT NULL DEFAULT '',
        approver text NOT NULL DEFAULT '',
        status_duyet_don smallint NOT NULL DEFAULT 0,
        trang_thai_duyet_hoan_goi smallint NOT NULL DEFAULT 0,
        username_duyet_trang_thai_duyet_hoan_goi text NOT NULL DEFAULT '',
        trang_thai_truy_thu_hoan_theo_goi text NOT NULL DEFAULT 'binh_thuong',
        trang_thai_truy_thu_hoan_them text NOT NULL DEFAULT 'binh_thuong',
        username_duyet_trang_thai_truy_thu_hoan_theo_goi text NOT NULL DEFAULT '',
        username_duyet_trang_thai_truy_thu_hoan_them text NOT NULL DEFAULT '',
        millisecond_created_at bigint NOT NULL,
        cho_len_don smallint NOT NULL DEFAULT 0,
        linked_id uuid,
        created_by text NOT NULL,
        version bigint NOT NULL DEFAULT 1,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // A dialog sent twice (same creator, same creation instant, same kind) creates one request.
    await q.query(
      `CREATE UNIQUE INDEX refund_request_once ON ${SCHEMA}.refund_request (created_by, millisecond_created_at, (request_type = 5))`,
    );
    await q.query(`CREATE INDEX refund_request_created ON ${SCHEMA}.refund_request (created_time DESC, id)`);
    await q.query(`CREATE INDEX refund_request_staff ON ${SCHEMA}.refund_request (staff_username, created_time DESC)`);
    await q.query(`CREATE INDEX refund_request_phone9 ON ${SCHEMA}.refund_request (phone9)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ${SCHEMA}.refund_request`);
  }
}
