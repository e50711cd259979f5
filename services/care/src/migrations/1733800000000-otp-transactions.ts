import { MigrationInterface, QueryRunner } from 'typeorm';
import { SCHEMA } from '../store/schema';

/**
 * The carrier's OTP transactions this service started, and for whom: only the staff member who
 * asked for the code may confirm it (another one confirmed a colleague's transaction and was
 * credited with the registration, in an audit).
 */
export class CareOtpTransactions1733800000000 implements MigrationInterface {
  name = 'CareOtpTransactions1733800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "${SCHEMA}".otp_transaction (
        trans_id text PRIMARY KEY,
        username text NOT NULL,
        type text NOT NULL,
        phone9 text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX otp_transaction_created ON "${SCHEMA}".otp_transaction (created_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS "${SCHEMA}".otp_transaction`);
  }
}
