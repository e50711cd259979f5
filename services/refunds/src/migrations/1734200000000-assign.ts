import { MigrationInterface, QueryRunner } from 'typeorm';
import { SCHEMA } from '../store/schema';

/** Hand-out of requests: who a request was handed to, by whom, when. */
export class RefundsAssign1734200000000 implements MigrationInterface {
  name = 'RefundsAssign1734200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ${SCHEMA}.refund_request
      ADD COLUMN IF NOT EXISTS assigned_to text NOT NULL DEFAULT '',
      ADD COLUMN IF NOT EXISTS assigned_by text NOT NULL DEFAULT '',
      ADD COLUMN IF NOT EXISTS assigned_at timestamptz`);
    await q.query(
      `CREATE INDEX IF NOT EXISTS refund_request_assigned_to ON ${SCHEMA}.refund_request (assigned_to, assigned_at DESC) WHERE assigned_to <> ''`,
    );
    await q.query(`CREATE INDEX IF NOT EXISTS refund_request_pool ON ${SCHEMA}.refund_request (created_time, id) WHERE assigned_to = ''`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS ${SCHEMA}.refund_request_pool`);
    await q.query(`DROP INDEX IF EXISTS ${SCHEMA}.refund_request_assigned_to`);
    await q.query(
      `ALTER TABLE ${SCHEMA}.refund_request DROP COLUMN IF EXISTS assigned_at, DROP COLUMN IF EXISTS assigned_by, DROP COLUMN IF EXISTS assigned_to`,
    );
  }
}
