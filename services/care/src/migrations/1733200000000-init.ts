import { MigrationInterface, QueryRunner } from 'typeorm';
import { SCHEMA } from '../store/schema';

export class CareInit1733200000000 implements MigrationInterface {
  name = 'CareInit1733200000000';

  async up(q: QueryRunner): Promise<void> {
    // One uploaded list per uploader and file name (re-sent chunks land in the same list).
    await q.query(`
      CREATE TABLE "${SCHEMA}".upload (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        filename text NOT NULL,
        created_by text NOT NULL,
        created_by_fullname text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (created_by, filename)
      )`);
    await q.query(`
      CREATE TABLE "${SCHEMA}".customer (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        upload_id uuid REFERENCES "${SCHEMA}".upload (id) ON DELETE SET NULL,
        phone text NOT NULL,
        phone9 text NOT NULL,
        type text NOT NULL DEFAULT '',
        package text NOT NULL DEFAULT '',
        register_at timestamptz,
        expired_at timestamptz,
        package_cycle text NOT NULL DEFAULT '',
        state text NOT NULL DEFAULT '',
        package_can_register text NOT NULL DEFAULT '',
        status text NOT NULL DEFAULT 'NORMAL',
        assigned_to text,
        assigned_by text,
        assigned_at timestamptz,
        taken_by text,
        taken_at timestamptz,
        care_package text NOT NULL DEFAULT '',
        care_note text NOT NULL DEFAULT '',
        appointment_at timestamptz,
        cared_at timestamptz,
        import_key text,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // A re-sent chunk stores nothing twice (key: upload + last 9 digits).
    await q.query(`CREATE UNIQUE INDEX customer_import_key ON "${SCHEMA}".customer (import_key) WHERE import_key IS NOT NULL`);
    // The division pool of an upload, and what each holder still has to give or take.
    await q.query(
      `CREATE INDEX customer_pool ON "${SCHEMA}".customer (upload_id, created_at, id) WHERE assigned_to IS NULL AND status = 'NORMAL'`,
    );
    await q.query(`CREATE INDEX customer_held ON "${SCHEMA}".customer (assigned_to, status, assigned_at, id)`);
    await q.query(`CREATE INDEX customer_taken ON "${SCHEMA}".customer (taken_by, status)`);
    await q.query(`CREATE INDEX customer_phone9 ON "${SCHEMA}".customer (phone9)`);
    // Every recorded result (the care history, spec 1 §2.9).
    await q.query(`
      CREATE TABLE "${SCHEMA}".care_record (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        customer_id uuid REFERENCES "${SCHEMA}".customer (id) ON DELETE SET NULL,
        username text NOT NULL,
        fullname text NOT NULL DEFAULT '',
        phone text NOT NULL,
        phone9 text NOT NULL,
        package text NOT NULL DEFAULT '',
        status text NOT NULL,
        appointment_at timestamptz,
        note text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX care_record_created ON "${SCHEMA}".care_record (created_at DESC, id)`);
    await q.query(`CREATE INDEX care_record_staff ON "${SCHEMA}".care_record (username, created_at)`);
    await q.query(`CREATE INDEX care_record_phone9 ON "${SCHEMA}".care_record (phone9)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "${SCHEMA}".care_record`);
    await q.query(`DROP TABLE "${SCHEMA}".customer`);
    await q.query(`DROP TABLE "${SCHEMA}".upload`);
  }
}
