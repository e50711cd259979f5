import { MigrationInterface, QueryRunner } from 'typeorm';
import { SCHEMA } from '../store/schema';

/** Invitation records (spec 2 §3 "Invitation or transaction record"): one per confirm or register answer. */
export class CareInvitations1733300000000 implements MigrationInterface {
  name = 'CareInvitations1733300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "${SCHEMA}".invitation (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        type text NOT NULL,
        phone text NOT NULL,
        phone9 text NOT NULL,
        package text NOT NULL,
        price bigint NOT NULL DEFAULT 0,
        request_type text NOT NULL,
        result_code text NOT NULL,
        result_des_mo text NOT NULL DEFAULT '',
        result_des_mt text NOT NULL DEFAULT '',
        username text NOT NULL,
        fullname text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX invitation_type_created ON "${SCHEMA}".invitation (type, created_at DESC)`);
    await q.query(`CREATE INDEX invitation_phone9 ON "${SCHEMA}".invitation (phone9)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS "${SCHEMA}".invitation`);
  }
}
