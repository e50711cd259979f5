import { MigrationInterface, QueryRunner } from 'typeorm';
import { SCHEMA } from '../store/schema';

/**
 * The read model of approved bank transfers (cskh.bank.message-approved): one row per transfer,
 * kept until (and after) it settles a discount top-up, so a transfer approved before its request
 * exists still settles it, and a redelivered event changes nothing.
 */
export class RefundsBankTransfers1733200000002 implements MigrationInterface {
  name = 'RefundsBankTransfers1733200000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ${SCHEMA}.bank_transfer (
        transfer_id text PRIMARY KEY,
        event_id text NOT NULL,
        phone text NOT NULL,
        phone9 text GENERATED ALWAYS AS (right(regexp_replace(phone, '\\D', '', 'g'), 9)) STORED,
        package_code text NOT NULL,
        amount bigint NOT NULL,
        approver text NOT NULL DEFAULT '',
        approved_at timestamptz NOT NULL,
        sender text NOT NULL DEFAULT '',
        transfer_at text NOT NULL DEFAULT '',
        -- The top-up it settled (one each way).
        request_id uuid UNIQUE,
        received_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX bank_transfer_waiting ON ${SCHEMA}.bank_transfer (phone9) WHERE request_id IS NULL`);
    await q.query(`ALTER TABLE ${SCHEMA}.refund_request ADD COLUMN bank_transfer_id text UNIQUE`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ${SCHEMA}.refund_request DROP COLUMN bank_transfer_id`);
    await q.query(`DROP TABLE ${SCHEMA}.bank_transfer`);
  }
}
