import { MigrationInterface, QueryRunner } from 'typeorm';
import { SCHEMA } from '../store/schema';

/**
 * The revenue read model (records from care, orders and imports; refund requests from refunds;
 * the event ids already applied), the view every report and the payroll read, and the payroll
 * tables (settings, months, attendance, one row per staff member and month).
 */
export class PayrollInit1733300000000 implements MigrationInterface {
  name = 'PayrollInit1733300000000';

  async up(q: QueryRunner): Promise<void> {
    // At-least-once delivery: an event id applied once changes nothing the second time.
    await q.query(`
      CREATE TABLE ${SCHEMA}.processed_event (
        event_id text PRIMARY KEY,
        topic text NOT NULL,
        applied_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE ${SCHEMA}.revenue_record (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        track0 text NOT NULL,
        track1 text NOT NULL,
        kenh text NOT NULL DEFAULT '',
        username_nv text NOT NULL DEFAULT '',
        ten_nv text NOT NULL DEFAULT '',
        so_dien_thoai_cs text NOT NULL DEFAULT '',
        phone9 text GENERATED ALWAYS AS (right(regexp_replace(so_dien_thoai_cs, '\\D', '', 'g'), 9)) STORED,
        goi_cuoc text NOT NULL DEFAULT '',
        doanh_thu bigint NOT NULL DEFAULT 0,
        ti_le_doanh_thu numeric(9, 2) NOT NULL DEFAULT 100,
        doanh_thu_tinh_luong bigint NOT NULL DEFAULT 0,
        truy_thu bigint NOT NULL DEFAULT 0,
        success boolean NOT NULL DEFAULT true,
        ngay_thanh_cong timestamptz NOT NULL,
        status_at timestamptz NOT NULL,
        cty text NOT NULL DEFAULT '',
        hinh_thuc text NOT NULL DEFAULT '',
        gia_ban_goi int NOT NULL DEFAULT 0,
        ngay_len_don timestamptz,
        import_key text,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (track0, track1)
      )`);
    await q.query(`CREATE UNIQUE INDEX revenue_record_import_key ON ${SCHEMA}.revenue_record (import_key) WHERE import_key IS NOT NULL`);
    await q.query(`CREATE INDEX revenue_record_day ON ${SCHEMA}.revenue_record (ngay_thanh_cong, id)`);
    await q.query(`CREATE INDEX revenue_record_staff ON ${SCHEMA}.revenue_record (username_nv, ngay_thanh_cong)`);
    await q.query(`CREATE INDEX revenue_record_match ON ${SCHEMA}.revenue_record (phone9, upper(goi_cuoc)) WHERE success`);
    // The latest state of each refund request (by version).
    await q.query(`
      CREATE TABLE ${SCHEMA}.refund_request (
        request_id text PRIMARY KEY,
        version bigint NOT NULL,
        staff_username text NOT NULL DEFAULT '',
        phone text NOT NULL DEFAULT '',
        phone9 text GENERATED ALWAYS AS (right(regexp_replace(phone, '\\D', '', 'g'), 9)) STORED,
        package_code text NOT NULL DEFAULT '',
        request_type int NOT NULL DEFAULT 0,
        request_method int NOT NULL DEFAULT 0,
        refund_price bigint NOT NULL DEFAULT 0,
        other_refund bigint NOT NULL DEFAULT 0,
        transfer_final_amount bigint NOT NULL DEFAULT 0,
        truy_thu_hoan_theo_goi text NOT NULL DEFAULT '',
        truy_thu_hoan_them text NOT NULL DEFAULT '',
        created_time timestamptz NOT NULL
      )`);
    await q.query(`CREATE INDEX refund_request_match ON ${SCHEMA}.refund_request (phone9, upper(package_code))`);
    await q.query(`CREATE INDEX refund_request_staff ON ${SCHEMA}.refund_request (staff_username, created_time)`);
    // A manager's reassignment of a record to another staff member (updateUser): kept apart from
    // the records, which are a pure function of the events, so a rebuild from the topics keeps it.
    await q.query(`
      CREATE TABLE ${SCHEMA}.revenue_reassignment (
        track0 text NOT NULL,
        track1 text NOT NULL,
        username text NOT NULL,
        updated_by text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (track0, track1)
      )`);
    // What every report reads. Each refund request (types 1, 2, 4) belongs to one successful
    // record: same phone and package, the latest one registered before the request (else the
    // nearest after). Computed on read, so the order events arrive in (or a replay) never changes
    // the answer. Names come from the staff read model (the event's name when auth has none).
    await q.query(`
      CREATE VIEW ${SCHEMA}.revenue_view AS
      WITH matched AS (
        SELECT DISTINCT ON (f.request_id) f.*, r.id AS record_id
          FROM ${SCHEMA}.refund_request f
          JOIN ${SCHEMA}.revenue_record r ON r.phone9 = f.phone9 AND r.phone9 <> '' AND upper(r.goi_cuoc) = upper(f.package_code) AND r.success
         WHERE f.request_type IN (1, 2, 4)
         ORDER BY f.request_id, (r.ngay_thanh_cong <= f.created_time) DESC, abs(extract(epoch FROM f.created_time - r.ngay_thanh_cong)), r.id
      ), per_record AS (
        SELECT record_id, sum(refund_price + other_refund)::bigint AS hoan_tien,
               (array_agg(request_type ORDER BY created_time, request_id))[1] AS request_type,
               (array_agg(request_method ORDER BY created_time, request_id))[1] AS request_method,
               (array_agg(staff_username ORDER BY created_time, request_id))[1] AS refund_staff
          FROM matched GROUP BY record_id
      )
      SELECT r.id AS record_id, r.track0 || ':' || r.track1 AS id, r.track0, r.track1, r.kenh,
             coalesce(a.username, r.username_nv) AS username_nv,
             r.username_nv AS username_he_thong,
             coalesce(nullif(s.fullname, ''), CASE WHEN a.username IS NULL THEN r.ten_nv ELSE '' END) AS ten_nv,
             r.so_dien_thoai_cs, r.phone9, r.goi_cuoc, r.doanh_thu, r.ti_le_doanh_thu, r.doanh_thu_tinh_luong, r.truy_thu,
             r.success, r.ngay_thanh_cong, r.status_at, r.cty, r.hinh_thuc, r.gia_ban_goi, r.ngay_len_don,
             coalesce(p.hoan_tien, 0)::bigint AS hoan_tien, coalesce(p.request_type, 0) AS request_type,
             coalesce(p.request_method, 0) AS request_method, coalesce(p.refund_staff, '') AS refund_staff,
             (p.record_id IS NOT NULL) AS co_yeu_cau_hoan,
             CASE WHEN r.success THEN greatest(0, r.doanh_thu - coalesce(p.hoan_tien, 0)) ELSE 0 END::bigint AS doanh_thu_thuc_te,
             CASE WHEN r.success THEN greatest(0, r.doanh_thu_tinh_luong - round(coalesce(p.hoan_tien, 0) * r.ti_le_doanh_thu / 100)) ELSE 0 END::bigint AS dt_tinh_luong
        FROM ${SCHEMA}.revenue_record r
        LEFT JOIN ${SCHEMA}.revenue_reassignment a ON a.track0 = r.track0 AND a.track1 = r.track1
        LEFT JOIN ${SCHEMA}.staff s ON s.username = coalesce(a.username, r.username_nv)
        LEFT JOIN per_record p ON p.record_id = r.id`);

    await q.query(`
      CREATE TABLE ${SCHEMA}.setting (
        id int PRIMARY KEY DEFAULT 1 CHECK (id = 1),
        value jsonb NOT NULL,
        updated_by text NOT NULL DEFAULT '',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE ${SCHEMA}.payroll_month (
        month text PRIMARY KEY,
        closed_by text NOT NULL,
        closed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE ${SCHEMA}.attendance (
        username text NOT NULL,
        day date NOT NULL,
        month text NOT NULL,
        gio_vao timestamptz,
        gio_ra timestamptz,
        cong numeric(3, 1) NOT NULL,
        file_name text NOT NULL DEFAULT '',
        PRIMARY KEY (username, day)
      )`);
    await q.query(`CREATE INDEX attendance_month ON ${SCHEMA}.attendance (month, username)`);
    // One sheet row: the manual inputs, the state of its calculation and the computed amounts.
    await q.query(`
      CREATE TABLE ${SCHEMA}.payroll_row (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        month text NOT NULL,
        username text NOT NULL,
        manual jsonb NOT NULL DEFAULT '{}',
        result jsonb NOT NULL DEFAULT '{}',
        pending boolean NOT NULL DEFAULT true,
        due_at timestamptz NOT NULL DEFAULT now(),
        calculated_at timestamptz,
        updated_by text NOT NULL DEFAULT '',
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (month, username)
      )`);
    await q.query(`CREATE INDEX payroll_row_pending ON ${SCHEMA}.payroll_row (due_at) WHERE pending`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP VIEW ${SCHEMA}.revenue_view`);
    for (const t of [
      'payroll_row',
      'attendance',
      'payroll_month',
      'setting',
      'revenue_reassignment',
      'refund_request',
      'revenue_record',
      'processed_event',
    ])
      await q.query(`DROP TABLE payroll.${t}`);
  }
}
