import { MigrationInterface, QueryRunner } from 'typeorm';
import { SCHEMA } from '../store/schema';

/** Invite-next-day records (spec 3 §3): a number to invite to a package, its staff, balance and status. */
export class CareNextDay1733500000000 implements MigrationInterface {
  name = 'CareNextDay1733500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "${SCHEMA}".next_day_invite (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        phone text NOT NULL,
        phone9 text NOT NULL,
        package text NOT NULL,
        -- '' = nobody holds it yet (what a senior hands out)
        username text NOT NULL DEFAULT '',
        fullname text NOT NULL DEFAULT '',
        tkc bigint,
        status smallint NOT NULL DEFAULT 0,
        import_key text,
        created_by text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX next_day_import_key ON "${SCHEMA}".next_day_invite (import_key) WHERE import_key IS NOT NULL`);
    await q.query(`CREATE INDEX next_day_created ON "${SCHEMA}".next_day_invite (created_at DESC, id)`);
    await q.query(`CREATE INDEX next_day_username ON "${SCHEMA}".next_day_invite (username, created_at)`);
    await q.query(`CREATE INDEX next_day_phone9 ON "${SCHEMA}".next_day_invite (phone9)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "${SCHEMA}".next_day_invite`);
  }
}
