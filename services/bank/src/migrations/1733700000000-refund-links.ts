import { MigrationInterface, QueryRunner } from 'typeorm';
import { REFUND_REF_TABLE } from '../store/schema';

/**
 * The refunds read model (cskh.refunds.changed): what the bank screen needs to lead a transfer to its
 * refund request and what the export reads of it. One row per request, the latest
 * version; a deleted request stays as a tombstone so an older event redelivered cannot bring it back.
 */
export class BankRefundLinks1733700000000 implements MigrationInterface {
  name = 'BankRefundLinks1733700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ${REFUND_REF_TABLE} (
        request_id text PRIMARY KEY,
        version bigint NOT NULL,
        deleted boolean NOT NULL DEFAULT false,
        phone9 text NOT NULL,
        package_key text NOT NULL DEFAULT '',
        request_type integer NOT NULL DEFAULT 0,
        request_method integer NOT NULL DEFAULT 0,
        refund_price bigint NOT NULL DEFAULT 0,
        transfer_final_amount bigint NOT NULL DEFAULT 0,
        ti_le_chiet_khau double precision NOT NULL DEFAULT 0,
        trang_thai_truy_thu_hoan_theo_goi text NOT NULL DEFAULT '',
        trang_thai_truy_thu_hoan_them text NOT NULL DEFAULT '',
        created_time timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX refund_ref_phone9 ON ${REFUND_REF_TABLE} (phone9) WHERE NOT deleted`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ${REFUND_REF_TABLE}`);
  }
}
