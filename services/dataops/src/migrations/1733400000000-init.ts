import { MigrationInterface, QueryRunner } from 'typeorm';
import { SCHEMA } from '../store/schema';

/** Scan files and their numbers, data-split files, permissions and quotas, blacklist, OTP 1414. */
export class DataopsInit1733400000000 implements MigrationInterface {
  name = 'DataopsInit1733400000000';

  async up(q: QueryRunner): Promise<void> {
    // A scan file: its numbers are scanned by one replica at a time (lease_owner until lease_until).
    await q.query(`
      CREATE TABLE "${SCHEMA}".scan_file (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind text NOT NULL CHECK (kind IN ('quetdata', 'quetdatakhonggoi', 'quetdtct')),
        file_name text NOT NULL,
        uploaded_by text NOT NULL,
        uploaded_by_name text NOT NULL DEFAULT '',
        uploaded_at timestamptz NOT NULL DEFAULT now(),
        total integer NOT NULL DEFAULT 0,
        scanned integer NOT NULL DEFAULT 0,
        state text NOT NULL DEFAULT 'idle' CHECK (state IN ('idle', 'running', 'stopped', 'done', 'failed')),
        reason text NOT NULL DEFAULT '',
        lease_owner text,
        lease_until timestamptz,
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (kind, file_name)
      )`);
    await q.query(`CREATE INDEX scan_file_running ON "${SCHEMA}".scan_file (updated_at) WHERE state = 'running'`);
    // One row per number of a file (duplicates by last 9 digits dropped); scanned_at set once.
    await q.query(`
      CREATE TABLE "${SCHEMA}".scan_number (
        file_id uuid NOT NULL REFERENCES "${SCHEMA}".scan_file (id) ON DELETE CASCADE,
        seq bigserial NOT NULL,
        phone text NOT NULL,
        phone9 text NOT NULL,
        status text NOT NULL DEFAULT '',
        number_type text NOT NULL DEFAULT '',
        current_package text NOT NULL DEFAULT '',
        register_date text NOT NULL DEFAULT '',
        register_expire text NOT NULL DEFAULT '',
        current_cycle integer NOT NULL DEFAULT 0,
        free_cycle_left integer NOT NULL DEFAULT 0,
        number_status text NOT NULL DEFAULT '',
        dtct text NOT NULL DEFAULT '',
        scanned_at timestamptz,
        scanned_by text,
        PRIMARY KEY (file_id, phone9)
      )`);
    await q.query(`CREATE INDEX scan_number_todo ON "${SCHEMA}".scan_number (file_id, seq) WHERE scanned_at IS NULL`);
    await q.query(`CREATE INDEX scan_number_order ON "${SCHEMA}".scan_number (file_id, seq)`);

    await q.query(`
      CREATE TABLE "${SCHEMA}".split_file (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        file_name text NOT NULL UNIQUE,
        is_activated smallint NOT NULL DEFAULT 0 CHECK (is_activated IN (0, 1)),
        uploaded_by text NOT NULL,
        uploaded_at timestamptz NOT NULL DEFAULT now(),
        total integer NOT NULL DEFAULT 0,
        used integer NOT NULL DEFAULT 0
      )`);
    // Duplicates by phone plus package are one row (spec 3 §5).
    await q.query(`
      CREATE TABLE "${SCHEMA}".split_number (
        id bigserial PRIMARY KEY,
        file_id uuid NOT NULL REFERENCES "${SCHEMA}".split_file (id) ON DELETE CASCADE,
        phone text NOT NULL,
        phone9 text NOT NULL,
        loai_thue_bao text NOT NULL DEFAULT '',
        goi_cuoc text NOT NULL DEFAULT '',
        ngay_dang_ky text NOT NULL DEFAULT '',
        ngay_het_han text NOT NULL DEFAULT '',
        chu_ky_hien_tai text NOT NULL DEFAULT '',
        trang_thai text NOT NULL DEFAULT '',
        goi_co_the_dang_ky text NOT NULL DEFAULT '',
        so_chu_ky_mien_phi_con_lai text NOT NULL DEFAULT '',
        taken_by text,
        taken_at timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX split_number_key ON "${SCHEMA}".split_number (file_id, phone9, upper(goi_cuoc))`);
    await q.query(`CREATE INDEX split_number_free ON "${SCHEMA}".split_number (file_id, id) WHERE taken_by IS NULL`);
    // Data permission: the files and the days an account may take numbers from (spec 3 §3 "Option data per user").
    await q.query(`
      CREATE TABLE "${SCHEMA}".data_perm_file (
        username text NOT NULL,
        file_id uuid NOT NULL REFERENCES "${SCHEMA}".split_file (id) ON DELETE CASCADE,
        granted_by text NOT NULL,
        granted_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (username, file_id)
      )`);
    await q.query(`
      CREATE TABLE "${SCHEMA}".data_perm_day (
        username text NOT NULL,
        day date NOT NULL,
        granted_by text NOT NULL,
        granted_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (username, day)
      )`);
    // Data split: how many numbers of a file each account may take, and how many it took.
    await q.query(`
      CREATE TABLE "${SCHEMA}".split_quota (
        file_id uuid NOT NULL REFERENCES "${SCHEMA}".split_file (id) ON DELETE CASCADE,
        username text NOT NULL,
        quantity integer NOT NULL CHECK (quantity >= 0),
        taken integer NOT NULL DEFAULT 0 CHECK (taken >= 0 AND taken <= quantity),
        set_by text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (file_id, username)
      )`);

    await q.query(`
      CREATE TABLE "${SCHEMA}".blacklist (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        phone_number text NOT NULL,
        phone9 text NOT NULL UNIQUE,
        description text NOT NULL DEFAULT '',
        created_by text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE "${SCHEMA}".otp1414 (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        phone_number text NOT NULL DEFAULT '',
        phone9 text,
        otp text NOT NULL,
        datetime timestamptz NOT NULL DEFAULT now(),
        str_mes text NOT NULL,
        created_by text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Imports are keyed by phone (spec 3 §5 "OTP import"): one row per phone.
    await q.query(`CREATE UNIQUE INDEX otp1414_phone9 ON "${SCHEMA}".otp1414 (phone9) WHERE phone9 IS NOT NULL`);
    await q.query(`CREATE INDEX otp1414_datetime ON "${SCHEMA}".otp1414 (datetime DESC, id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of [
      'otp1414',
      'blacklist',
      'split_quota',
      'data_perm_day',
      'data_perm_file',
      'split_number',
      'split_file',
      'scan_number',
      'scan_file',
    ])
      await q.query(`DROP TABLE "${SCHEMA}".${t}`);
  }
}
