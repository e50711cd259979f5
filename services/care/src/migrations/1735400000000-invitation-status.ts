import { MigrationInterface, QueryRunner } from 'typeorm';
import { SCHEMA } from '../store/schema';

/**
 * The transaction status of an invitation (spec 2 §3 "status"), beside its result: an OTP request
 * is listed as soon as the code is sent (waiting for confirmation), and its confirmation completes
 * that row; an OTP transaction names the row it belongs to.
 */
export class CareInvitationStatus1735400000000 implements MigrationInterface {
  name = 'CareInvitationStatus1735400000000';

  async up(q: QueryRunner): Promise<void> {
    // Rows written before were the carrier's answers: an OTP confirmation or a direct command.
    await q.query(`ALTER TABLE "${SCHEMA}".invitation ADD COLUMN IF NOT EXISTS status text NOT NULL DEFAULT ''`);
    await q.query(
      `UPDATE "${SCHEMA}".invitation SET status = CASE WHEN type IN ('9332', 'dk') THEN 'COMMANDED' ELSE 'CONFIRMED' END WHERE status = ''`,
    );
    await q.query(`ALTER TABLE "${SCHEMA}".otp_transaction ADD COLUMN IF NOT EXISTS invitation_id uuid`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "${SCHEMA}".otp_transaction DROP COLUMN IF EXISTS invitation_id`);
    await q.query(`ALTER TABLE "${SCHEMA}".invitation DROP COLUMN IF EXISTS status`);
  }
}
