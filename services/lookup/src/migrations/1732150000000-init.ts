import { MigrationInterface, QueryRunner } from 'typeorm';
import { SCHEMA } from '../store/schema';

export class LookupInit1732150000000 implements MigrationInterface {
  name = 'LookupInit1732150000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "${SCHEMA}".lookup_log (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        so_dien_thoai text NOT NULL,
        isdn9 text GENERATED ALWAYS AS (right(regexp_replace(so_dien_thoai, '\\D', '', 'g'), 9)) STORED,
        ten_tra_cuu text NOT NULL,
        noi_dung text NOT NULL DEFAULT '',
        username text NOT NULL,
        full_name text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        request_id text,
        import_key text,
        assigned_to text,
        assigned_at timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX lookup_log_request_id ON "${SCHEMA}".lookup_log (request_id) WHERE request_id IS NOT NULL`);
    await q.query(`CREATE UNIQUE INDEX lookup_log_import_key ON "${SCHEMA}".lookup_log (import_key) WHERE import_key IS NOT NULL`);
    await q.query(`CREATE INDEX lookup_log_created ON "${SCHEMA}".lookup_log (created_at DESC)`);
    await q.query(`CREATE INDEX lookup_log_user_created ON "${SCHEMA}".lookup_log (username, created_at DESC)`);
    await q.query(`CREATE INDEX lookup_log_isdn9 ON "${SCHEMA}".lookup_log (isdn9)`);
    await q.query(`CREATE INDEX lookup_log_unassigned ON "${SCHEMA}".lookup_log (created_at) WHERE assigned_to IS NULL`);
    await q.query(
      `CREATE INDEX lookup_log_assigned ON "${SCHEMA}".lookup_log (assigned_to, created_at DESC) WHERE assigned_to IS NOT NULL`,
    );
    await q.query(`
      CREATE TABLE IF NOT EXISTS "${SCHEMA}".staff (
        username text PRIMARY KEY,
        fullname text NOT NULL DEFAULT '',
        priority int NOT NULL DEFAULT 99,
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "${SCHEMA}".staff`);
    await q.query(`DROP TABLE "${SCHEMA}".lookup_log`);
  }
}
