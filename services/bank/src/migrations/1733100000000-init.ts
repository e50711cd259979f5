import { MigrationInterface, QueryRunner } from 'typeorm';
import { BANK_MESSAGE_TABLE } from '../store/schema';

export class BankInit1733100000000 implements MigrationInterface {
  name = 'BankInit1733100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ${BANK_MESSAGE_TABLE} (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        sender text NOT NULL,
        money bigint NOT NULL CHECK (money > 0),
        datetime timestamptz NOT NULL,
        str_mes text NOT NULL,
        is_read smallint NOT NULL DEFAULT 0 CHECK (is_read IN (0, 1)),
        so_dien_thoai text NOT NULL DEFAULT '',
        phone9 text GENERATED ALWAYS AS (right(regexp_replace(so_dien_thoai, '\\D', '', 'g'), 9)) STORED,
        goi_cuoc text NOT NULL DEFAULT '',
        nguoi_cap_nhat text,
        thoi_gian_cap_nhat timestamptz,
        trang_thai_duyet_thong_tin smallint NOT NULL DEFAULT 0,
        username_duyet_trang_thai_duyet_thong_tin text,
        thoi_gian_duyet_trang_thai_duyet_thong_tin timestamptz,
        ten_file_upload text NOT NULL DEFAULT '',
        import_key text,
        assigned_to text,
        assigned_by text,
        assigned_at timestamptz,
        created_by text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Re-sending an import chunk inserts nothing twice (ON CONFLICT (import_key) DO NOTHING).
    await q.query(`CREATE UNIQUE INDEX bank_message_import_key ON ${BANK_MESSAGE_TABLE} (import_key) WHERE import_key IS NOT NULL`);
    // The list filters by day range (and channel, status), newest first.
    await q.query(`CREATE INDEX bank_message_datetime ON ${BANK_MESSAGE_TABLE} (datetime DESC, id)`);
    await q.query(`CREATE INDEX bank_message_phone9 ON ${BANK_MESSAGE_TABLE} (phone9) WHERE phone9 <> ''`);
    // The pool assign draws from, oldest first; and each staff member's own list.
    await q.query(`CREATE INDEX bank_message_unassigned ON ${BANK_MESSAGE_TABLE} (datetime, id) WHERE assigned_to IS NULL AND is_read = 0`);
    await q.query(`CREATE INDEX bank_message_assigned ON ${BANK_MESSAGE_TABLE} (assigned_to, datetime DESC) WHERE assigned_to IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ${BANK_MESSAGE_TABLE}`);
  }
}
