/**
 * `npm run seed:volume -- --lookup-log 10000000 --rows 1000000`: fills every service's big tables
 * with realistic volume, inside PostgreSQL (generate_series, one INSERT … SELECT per chunk), so
 * list screens can be timed at the sizes a year of a 300-person office produces.
 *
 * Works against DATABASE_URL once the services have migrated (the stack of `npm run bench:lists`,
 * `npm start`'s embedded database, a staging copy). What it writes:
 *   - a staff hierarchy (auth.users + every service's staff read model): --branches branches, each
 *     with --leaders leaders of --sales salespeople; usernames vol_cnB, vol_tnB_L, vol_nvB_L_S, all
 *     with the password --password (a leader or a salesperson can log in to time scoped lists);
 *   - lookup.lookup_log (--lookup-log rows) and --rows rows in each of care.customer,
 *     care.care_record, bank.bank_message, orders.sale_order (mfy and 9279), refunds.refund_request
 *     and payroll.revenue_record: dates spread over --days days (office hours, Vietnam time),
 *     staff drawn from the hierarchy, phones from a pool of 500,000 subscribers, contents shaped
 *     like the ones the services write.
 * Rows are added (a second run doubles them); --only lookup_log,care_record limits the tables.
 * Bulk loads of ≥ 200,000 rows drop the table's plain indexes first and rebuild them after (a
 * build is many times faster than row-by-row maintenance, above all for trigram indexes); their
 * definitions are kept in public.seed_volume_index until rebuilt, so an interrupted run rebuilds
 * them the next time it starts.
 */
import { Client } from 'pg';
import { hashPassword } from '../services/auth/src/domain/passwords';

interface Options {
  databaseUrl: string;
  lookupLog: number;
  rows: number;
  days: number;
  branches: number;
  leaders: number;
  sales: number;
  password: string;
  chunk: number;
  only?: Set<string>;
}

const USAGE = `npm run seed:volume -- [--lookup-log N] [--rows N] [--days 365] [--branches 6] [--leaders 5] [--sales 10]
                         [--password Volume@123] [--chunk 500000] [--only table,table] [--database-url URL]`;

export function parseSeedArgs(argv: string[], env: NodeJS.ProcessEnv = process.env): Options {
  const o: Options = {
    databaseUrl: env.DATABASE_URL ?? '',
    lookupLog: 100_000,
    rows: 20_000,
    days: 365,
    branches: 6,
    leaders: 5,
    sales: 10,
    password: 'Volume@123',
    chunk: 500_000,
  };
  const int = (name: string, v: string | undefined) => {
    const n = Number(String(v ?? '').replace(/_/g, ''));
    if (!Number.isInteger(n) || n < 0) throw new Error(`${name} needs a whole number\n${USAGE}`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const next = () => argv[++i];
    if (a === '--lookup-log') o.lookupLog = int(a, next());
    else if (a === '--rows') o.rows = int(a, next());
    else if (a === '--days') o.days = Math.max(1, int(a, next()));
    else if (a === '--branches') o.branches = Math.max(1, int(a, next()));
    else if (a === '--leaders') o.leaders = Math.max(1, int(a, next()));
    else if (a === '--sales') o.sales = Math.max(1, int(a, next()));
    else if (a === '--password') o.password = next() ?? '';
    else if (a === '--chunk') o.chunk = Math.max(1000, int(a, next()));
    else if (a === '--only')
      o.only = new Set(
        (next() ?? '')
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      );
    else if (a === '--database-url') o.databaseUrl = next() ?? '';
    else if (a === '--help' || a === '-h') throw new Error(USAGE);
    else throw new Error(`unknown argument ${a}\n${USAGE}`);
  }
  if (!o.databaseUrl) throw new Error(`DATABASE_URL is not set (or pass --database-url)\n${USAGE}`);
  return o;
}

const say = (m: string) => process.stderr.write(`[seed:volume] ${m}\n`);

/**
 * Per-row random draws, computed once per row in a subquery PostgreSQL does not flatten (volatile
 * functions): g is the row number, k a staff index, r1…r4 uniform [0,1), at a timestamp in office
 * hours (07:30–20:30 Vietnam time) on one of the last `days` days, phone a subscriber of the pool.
 */
const draws = (from: number, to: number, days: number) => `(
  SELECT g, 1 + floor(random() * (SELECT count(*) FROM vol_staff))::int AS k,
         random() AS r1, random() AS r2, random() AS r3, random() AS r4,
         ((date_trunc('day', now() AT TIME ZONE 'Asia/Ho_Chi_Minh') - floor(random() * ${days}) * interval '1 day'
           + interval '7 hours 30 minutes' + random() * interval '13 hours') AT TIME ZONE 'Asia/Ho_Chi_Minh') AS at,
         '0' || (ARRAY['91','94','88','83','84','85','81','82','90','93','89','70','76','77','78','79'])[1 + floor(random() * 16)::int]
             || lpad(((floor(random() * 500000)::bigint * 7919 + 1234567) % 10000000)::text, 7, '0') AS phone
    FROM generate_series(${from}, ${to}) g
  ) d JOIN vol_staff s ON s.n = d.k`;

interface TableSeed {
  name: string;
  table: string;
  size: (o: Options) => number;
  /** INSERT … SELECT … FROM ${draws} for rows [from, to]. */
  insert: (from: number, to: number, o: Options) => string;
}

const pick = (values: string[], r: string) =>
  `(ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}])[1 + floor(${r} * ${values.length})::int]`;
/** Skewed pick: the first values come up more often (r²). */
const pickSkewed = (values: string[], r: string) => pick(values, `(${r} * ${r})`);

const LOOKUP_NAMES = [
  'Tra cứu số dư tài khoản chính',
  'Tra cứu danh sách đối tượng chương trình',
  'Tra cứu thông tin chi tiết thuê bao',
  'Tra cứu lịch sử gói cước',
  'Tra cứu ARPU',
  'Tra cứu lịch sử 9279',
  'Tra cứu tin nhắn 999',
];
const PACKAGES = ['MAX90', 'C90N', 'D15', 'KC90', 'MAXSV1', 'HD70', 'F90', 'V120', 'BIG90', 'ED100', 'CT120', 'KC120', '12C90N', '6MAX90'];
const CARE_STATUSES = ['KBM', 'REJECTED', 'APPROVED', 'APPOINTMENT', 'KLLĐ', 'KEEP', 'RE-REGISTER'];
const NOTES = [
  '',
  '',
  'Khách bận, gọi lại sau',
  'Khách hỏi giá gói',
  'Đã tư vấn gói mới',
  'Không nghe máy',
  'Khách đồng ý đăng ký',
  'Khách đang đi công tác',
];

const TABLES: TableSeed[] = [
  {
    name: 'lookup_log',
    table: 'lookup.lookup_log',
    size: (o) => o.lookupLog,
    insert: (a, b, o) => `
      INSERT INTO lookup.lookup_log (so_dien_thoai, ten_tra_cuu, noi_dung, username, full_name, created_at)
      SELECT d.phone, ${pickSkewed(LOOKUP_NAMES, 'd.r1')},
             'Số điện thoại: ' || d.phone
               || CASE WHEN d.r1 BETWEEN 0.25 AND 0.4 THEN E'\\nMã gói: ' || ${pick(PACKAGES, 'd.r3')} || E'\\nTrang: 1'
                       WHEN d.r1 BETWEEN 0.4 AND 0.55 THEN E'\\nLoại thuê bao: ' || CASE WHEN d.r3 < 0.8 THEN 'MC' ELSE 'MG' END ELSE '' END
               || E'\\nKênh: ' || CASE WHEN d.r2 < 0.6 THEN 'socket' ELSE 'API' END
               || E'\\nKết quả: ' || CASE WHEN d.r4 < 0.93 THEN 'Thành công' ELSE 'Lỗi - Thuê bao không tồn tại' END,
             s.username, s.fullname, d.at
        FROM ${draws(a, b, o.days)}`,
  },
  {
    name: 'customer',
    table: 'care.customer',
    size: (o) => o.rows,
    insert: (a, b, o) => `
      INSERT INTO care.customer (upload_id, phone, phone9, type, package, register_at, expired_at, package_cycle, state,
                                 package_can_register, status, assigned_to, assigned_by, assigned_at, taken_by, taken_at,
                                 care_package, care_note, appointment_at, cared_at, created_at)
      SELECT (SELECT id FROM care.upload WHERE created_by = 'vol_cn1' ORDER BY filename LIMIT 1 OFFSET (d.g % 12)),
             d.phone, right(d.phone, 9), CASE WHEN d.r1 < 0.85 THEN 'MC' ELSE 'MG' END, ${pick(PACKAGES, 'd.r2')},
             d.at - interval '30 days', d.at + interval '3 days', '30', 'ACTIVE', ${pick(PACKAGES, 'd.r3')},
             st.status,
             CASE WHEN st.status <> 'NORMAL' THEN s.username END, CASE WHEN st.status <> 'NORMAL' THEN 'vol_cn1' END,
             CASE WHEN st.status <> 'NORMAL' THEN d.at + interval '1 hour' END,
             CASE WHEN st.status IN ('TAKECARE', 'CARED') THEN s.username END,
             CASE WHEN st.status IN ('TAKECARE', 'CARED') THEN d.at + interval '2 hours' END,
             CASE WHEN st.status = 'CARED' THEN ${pick(PACKAGES, 'd.r2')} ELSE '' END,
             CASE WHEN st.status = 'CARED' THEN ${pick(NOTES, 'd.r4')} ELSE '' END,
             CASE WHEN st.status = 'CARED' AND d.r4 < 0.3 THEN d.at + interval '2 days' END,
             CASE WHEN st.status = 'CARED' THEN d.at + interval '3 hours' END,
             d.at
        FROM ${draws(a, b, o.days)}
        CROSS JOIN LATERAL (SELECT CASE WHEN d.r4 < 0.35 THEN 'NORMAL' WHEN d.r4 < 0.55 THEN 'ASSIGNED'
                                        WHEN d.r4 < 0.58 THEN 'TAKECARE' ELSE 'CARED' END AS status) st`,
  },
  {
    name: 'care_record',
    table: 'care.care_record',
    size: (o) => o.rows,
    insert: (a, b, o) => `
      INSERT INTO care.care_record (username, fullname, phone, phone9, package, status, appointment_at, note, created_at)
      SELECT s.username, s.fullname, d.phone, right(d.phone, 9), ${pick(PACKAGES, 'd.r2')}, st.status,
             CASE WHEN st.status = 'APPOINTMENT' THEN d.at + (1 + floor(d.r3 * 7)) * interval '1 day' END,
             ${pick(NOTES, 'd.r3')}, d.at
        FROM ${draws(a, b, o.days)}
        CROSS JOIN LATERAL (SELECT ${pickSkewed(CARE_STATUSES, 'd.r1')} AS status) st`,
  },
  {
    name: 'bank_message',
    table: 'bank.bank_message',
    size: (o) => o.rows,
    insert: (a, b, o) => `
      INSERT INTO bank.bank_message (sender, money, datetime, str_mes, is_read, so_dien_thoai, goi_cuoc, ten_file_upload,
                                     assigned_to, assigned_by, assigned_at, created_by, created_at)
      SELECT CASE WHEN d.r1 < 0.7 THEN 'VPBANK' ELSE 'Techcombank' END, m.money, d.at,
             CASE WHEN d.r1 < 0.7 THEN 'TK 1234xxx789 +' ELSE 'TK 1903xxx014 PS:+' END || to_char(m.money, 'FM999,999,999')
               || 'VND. ND: ' || CASE WHEN d.r3 < 0.8 THEN d.phone || ' ' || m.pkg ELSE 'CK ' || upper(substr(md5(d.g::text), 1, 8)) END
               || ' FT' || (24000000000 + d.g)::text,
             CASE WHEN d.r2 < 0.7 THEN 1 ELSE 0 END, CASE WHEN d.r2 < 0.7 THEN d.phone ELSE '' END,
             CASE WHEN d.r2 < 0.7 THEN m.pkg ELSE '' END, CASE WHEN d.r1 < 0.7 THEN 'vpbank.xlsx' ELSE '' END,
             CASE WHEN d.r4 < 0.5 THEN s.username END, CASE WHEN d.r4 < 0.5 THEN 'vol_cn1' END, CASE WHEN d.r4 < 0.5 THEN d.at END,
             'vol_cn1', d.at
        FROM ${draws(a, b, o.days)}
        CROSS JOIN LATERAL (SELECT ${pick(PACKAGES, 'd.r3')} AS pkg, (ARRAY[50000,70000,90000,120000,150000,200000])[1 + floor(d.r4 * 6)::int]::bigint AS money) m`,
  },
  {
    name: 'sale_order',
    table: 'orders.sale_order',
    size: (o) => o.rows,
    insert: (a, b, o) => `
      INSERT INTO orders.sale_order (kind, so_dien_thoai_chu, so_dien_thoai, ma_goi, gia_ban_goi, username_nv, ten_nv,
                                     trang_thai_yeu_cau, trang_thai, trang_thai_thu_tien, trang_thai_duyet_thong_tin,
                                     doanh_thu, ti_le_doanh_thu, doanh_thu_tinh_luong, cty, note, hinh_thuc, created_time,
                                     created_by, created_at)
      SELECT k.kind, '', d.phone, ${pick(PACKAGES, 'd.r2')}, 1 + floor(d.r3 * 3)::int, s.username, s.fullname,
             CASE WHEN k.kind = 'mfy' THEN ${pickSkewed(['thanh_cong', 'dang_cho_xu_ly', 'cho_soan_y', 'that_bai', 'qua_han', 'thu_hoi'], 'd.r3')}
                  ELSE ${pickSkewed(['thanh_cong', 'dang_cho_xu_ly', 'soan_y1', 'that_bai', 'bi_moi'], 'd.r3')} END,
             CASE WHEN k.kind = 'mfy' THEN ${pickSkewed(['dang_ky_thanh_cong', 'dang_cho_duyet', 'duyet', 'huy_qua_han', 'thu_hoi'], 'd.r4')}
                  ELSE ${pickSkewed(['dang_ky_thanh_cong', 'dang_cho_duyet', 'y1', 'that_bai', 'bi_moi'], 'd.r4')} END,
             ${pickSkewed(['da_chuyen_khoan', 'chua_thu_tien', 'da_thu_tien_mat', 'yeu_cau_thu_hoi'], 'd.r2')},
             ${pickSkewed(['da_duyet', 'dang_cho_duyet', 'tu_choi'], 'd.r1')},
             (ARRAY[90000,120000,150000])[1 + floor(d.r3 * 3)::int], 100, (ARRAY[90000,120000,150000])[1 + floor(d.r3 * 3)::int],
             CASE WHEN k.kind = '9279' THEN ${pick(['VNPT', 'MDS', 'Smartcom'], 'd.r4')} ELSE '' END,
             ${pick(NOTES, 'd.r4')}, CASE WHEN k.kind = '9279' THEN ${pick(['dang_ky', 'gia_han'], 'd.r1')} ELSE '' END,
             d.at, s.username, d.at
        FROM ${draws(a, b, o.days)}
        CROSS JOIN LATERAL (SELECT CASE WHEN d.g % 3 = 0 THEN '9279' ELSE 'mfy' END AS kind) k`,
  },
  {
    name: 'refund_request',
    table: 'refunds.refund_request',
    size: (o) => o.rows,
    insert: (a, b, o) => `
      INSERT INTO refunds.refund_request (staff_username, staff_fullname, number_phone, number_type, package_code, request_type,
                                          request_method, refund_price, other_refund, ti_le_chiet_khau, transfer_final_amount,
                                          tien_hoan_sau_chiet_khau, created_time, kenh_doi_tac, trang_thai_key,
                                          trang_thai_giao_dich_doi_tac, is_transfer, millisecond_created_at, created_by, updated_at)
      SELECT s.username, s.fullname, d.phone, CASE WHEN d.r1 < 0.8 THEN 1 ELSE 2 END, ${pick(PACKAGES, 'd.r2')},
             CASE WHEN d.r3 < 0.15 THEN 5 ELSE (ARRAY[1,2,4])[1 + floor(d.r3 * 3)::int] END, (ARRAY[1,10,11,12])[1 + floor(d.r4 * 4)::int],
             p.price, CASE WHEN d.r4 < 0.1 THEN 10000 ELSE 0 END, 5, p.price * 95 / 100, p.price * 95 / 100, d.at,
             ${pick(['khong_qua_api', 'cong_nap_the', 'cong_nap_the_1'], 'd.r2')}, st.key, st.label,
             CASE WHEN d.r2 < 0.6 THEN 1 ELSE 0 END,
             -- Unique per creator and instant (the once-index): the row number keeps seeded rows apart.
             (extract(epoch FROM d.at) * 1000)::bigint * 100 + (d.g % 100), s.username, d.at
        FROM ${draws(a, b, o.days)}
        CROSS JOIN LATERAL (SELECT (ARRAY[50000,70000,90000,120000])[1 + floor(d.r1 * 4)::int]::bigint AS price) p
        CROSS JOIN LATERAL (SELECT (ARRAY['hoan_thanh','hoan_tien','da_tao_don_khong_qua_api','da_nhan_cho_xu_ly','dang_cho_duyet','dang_xu_ly','tu_choi'])[k] AS key,
                                   (ARRAY['Hoàn thành','Hoàn tiền','Đã tạo đơn không qua API','Đã nhận chờ xử lý','Đang chờ duyệt','Đang xử lý','Đơn bị từ chối'])[k] AS label
                              FROM (SELECT 1 + floor(d.r4 * d.r4 * 7)::int AS k) kk) st`,
  },
  {
    name: 'revenue_record',
    table: 'payroll.revenue_record',
    size: (o) => o.rows,
    insert: (a, b, o) => `
      INSERT INTO payroll.revenue_record (track0, track1, kenh, username_nv, ten_nv, so_dien_thoai_cs, goi_cuoc, doanh_thu,
                                          ti_le_doanh_thu, doanh_thu_tinh_luong, success, ngay_thanh_cong, status_at, cty,
                                          hinh_thuc, gia_ban_goi, ngay_len_don)
      SELECT t.track0, 'vol-' || md5(random()::text || d.g::text), CASE WHEN t.track0 = 'care' THEN '9084' ELSE t.track0 END,
             s.username, s.fullname, d.phone, ${pick(PACKAGES, 'd.r2')}, m.price, 100, m.price, d.r4 < 0.9, d.at, d.at,
             CASE WHEN t.track0 = '9279' THEN 'VNPT' ELSE '' END, CASE WHEN t.track0 = '9279' THEN 'dang_ky' ELSE '' END,
             CASE WHEN t.track0 = 'care' THEN 0 ELSE 1 END, CASE WHEN t.track0 = '9279' THEN d.at - interval '1 hour' END
        FROM ${draws(a, b, o.days)}
        CROSS JOIN LATERAL (SELECT ${pickSkewed(['care', 'mfy', '9279'], 'd.r1')} AS track0) t
        CROSS JOIN LATERAL (SELECT (ARRAY[90000,120000,150000])[1 + floor(d.r3 * 3)::int]::bigint AS price) m`,
  },
];

async function exists(db: Client, table: string): Promise<boolean> {
  const [{ t }] = (await db.query(`SELECT to_regclass($1) IS NOT NULL AS t`, [table])).rows;
  return t;
}

/** The hierarchy in auth.users (when auth migrated) and in every staff read model; vol_staff = the salespeople and leaders. */
async function seedStaff(db: Client, o: Options): Promise<number> {
  const hash = await hashPassword(o.password);
  const people: Array<{ username: string; fullname: string; priority: number; brand?: string; group?: string }> = [];
  for (let b = 1; b <= o.branches; b++) {
    people.push({ username: `vol_cn${b}`, fullname: `Chi nhánh ${b}`, priority: 3 });
    for (let l = 1; l <= o.leaders; l++) {
      people.push({ username: `vol_tn${b}_${l}`, fullname: `Trưởng nhóm ${b}.${l}`, priority: 4, brand: `vol_cn${b}` });
      for (let s = 1; s <= o.sales; s++)
        people.push({
          username: `vol_nv${b}_${l}_${s}`,
          fullname: `Nhân viên ${b}.${l}.${s}`,
          priority: 5,
          brand: `vol_cn${b}`,
          group: `vol_tn${b}_${l}`,
        });
    }
  }
  const ids = new Map<string, string>();
  if (await exists(db, 'auth.users')) {
    for (const p of people) {
      const role = (await db.query(`SELECT id, name FROM auth.roles WHERE priority = $1 ORDER BY created_at LIMIT 1`, [p.priority]))
        .rows[0];
      if (!role) throw new Error(`auth has no role of priority ${p.priority}`);
      const r = await db.query(
        `INSERT INTO auth.users (username, password_hash, fullname, role_id, brand_id, group_id)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (lower(username)) DO UPDATE SET fullname = EXCLUDED.fullname RETURNING id`,
        [p.username, hash, p.fullname, role.id, p.brand ? ids.get(p.brand) : null, p.group ? ids.get(p.group) : null],
      );
      ids.set(p.username, r.rows[0].id);
    }
  } else for (const p of people) ids.set(p.username, `vol-${p.username}`);
  const roleNames: Record<number, string> = { 3: 'Chi nhánh', 4: 'Trưởng nhóm', 5: 'Nhân viên' };
  const schemas = (
    await db.query(`SELECT table_schema FROM information_schema.columns WHERE table_name = 'staff' AND column_name = 'brand_id' GROUP BY 1`)
  ).rows.map((r) => r.table_schema as string);
  for (const schema of schemas)
    for (const p of people)
      await db.query(
        `INSERT INTO "${schema}".staff (username, user_id, fullname, priority, role_name, brand_id, group_id, changed_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, now(), now())
         ON CONFLICT (username) DO UPDATE SET user_id = EXCLUDED.user_id, fullname = EXCLUDED.fullname, priority = EXCLUDED.priority,
           role_name = EXCLUDED.role_name, brand_id = EXCLUDED.brand_id, group_id = EXCLUDED.group_id`,
        [
          p.username,
          ids.get(p.username),
          p.fullname,
          p.priority,
          roleNames[p.priority],
          p.brand ? ids.get(p.brand) : '',
          p.group ? ids.get(p.group) : '',
        ],
      );
  const workers = people.filter((p) => p.priority >= 4);
  await db.query(`CREATE TEMP TABLE vol_staff (n int PRIMARY KEY, username text, fullname text)`);
  await db.query(`INSERT INTO vol_staff SELECT ordinality, u, f FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS x(u, f)`, [
    workers.map((p) => p.username),
    workers.map((p) => p.fullname),
  ]);
  if (await exists(db, 'care.upload'))
    await db.query(
      `INSERT INTO care.upload (filename, created_by, created_by_fullname, created_at)
       SELECT 'khach-hang-' || lpad(i::text, 2, '0') || '.xlsx', 'vol_cn1', 'Chi nhánh 1', now() - i * interval '20 days'
         FROM generate_series(1, 12) i ON CONFLICT DO NOTHING`,
    );
  say(
    `staff: ${people.length} people (${o.branches} branches × ${o.leaders} leaders × ${o.sales} salespeople), read models in ${schemas.join(', ') || 'no schema'}`,
  );
  return workers.length;
}

/** Plain (non-unique, non-constraint) indexes of a table, dropped for a bulk load and rebuilt after. */
async function dropPlainIndexes(db: Client, table: string): Promise<void> {
  await db.query(`CREATE TABLE IF NOT EXISTS public.seed_volume_index (name text PRIMARY KEY, tbl text NOT NULL, def text NOT NULL)`);
  const [schema, name] = table.split('.');
  const { rows } = await db.query(
    `SELECT i.indexname, i.indexdef FROM pg_indexes i JOIN pg_class c ON c.relname = i.indexname
       JOIN pg_index x ON x.indexrelid = c.oid JOIN pg_namespace n ON n.oid = c.relnamespace AND n.nspname = i.schemaname
      WHERE i.schemaname = $1 AND i.tablename = $2 AND NOT x.indisunique AND NOT x.indisprimary`,
    [schema, name],
  );
  for (const r of rows) {
    await db.query(`INSERT INTO public.seed_volume_index (name, tbl, def) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING`, [
      `${schema}.${r.indexname}`,
      table,
      r.indexdef,
    ]);
    await db.query(`DROP INDEX IF EXISTS "${schema}"."${r.indexname}"`);
  }
}

async function rebuildIndexes(db: Client, table?: string): Promise<void> {
  if (!(await exists(db, 'public.seed_volume_index'))) return;
  const { rows } = await db.query(`SELECT name, def FROM public.seed_volume_index WHERE $1::text IS NULL OR tbl = $1 ORDER BY name`, [
    table ?? null,
  ]);
  for (const r of rows) {
    const t0 = Date.now();
    await db.query(r.def.replace(/^CREATE (UNIQUE )?INDEX /, 'CREATE $1INDEX IF NOT EXISTS '));
    await db.query(`DELETE FROM public.seed_volume_index WHERE name = $1`, [r.name]);
    say(`  index ${r.name} rebuilt in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  }
}

export async function seedVolume(o: Options): Promise<Array<{ table: string; added: number; seconds: number; total: number }>> {
  const db = new Client({ connectionString: o.databaseUrl, application_name: 'seed-volume' });
  await db.connect();
  const report: Array<{ table: string; added: number; seconds: number; total: number }> = [];
  try {
    await db.query(`SET synchronous_commit = off`);
    await db.query(`SET maintenance_work_mem = '512MB'`);
    await db.query(`SET statement_timeout = 0`);
    await rebuildIndexes(db); // what an interrupted run left dropped
    await seedStaff(db, o);
    for (const t of TABLES) {
      const n = t.size(o);
      if (n <= 0 || (o.only && !o.only.has(t.name))) continue;
      if (!(await exists(db, t.table))) {
        say(`${t.table}: not there (service not migrated?), skipped`);
        continue;
      }
      const t0 = Date.now();
      const bulk = n >= 200_000;
      if (bulk) await dropPlainIndexes(db, t.table);
      for (let from = 1; from <= n; from += o.chunk) {
        const to = Math.min(n, from + o.chunk - 1);
        await db.query(t.insert(from, to, o));
        const s = (Date.now() - t0) / 1000;
        say(`${t.table}: ${to.toLocaleString('en')} / ${n.toLocaleString('en')} rows (${Math.round(to / s).toLocaleString('en')} rows/s)`);
      }
      if (bulk) await rebuildIndexes(db, t.table);
      await db.query(`ANALYZE ${t.table}`);
      const seconds = (Date.now() - t0) / 1000;
      const total = Number((await db.query(`SELECT reltuples::bigint AS n FROM pg_class WHERE oid = $1::regclass`, [t.table])).rows[0].n);
      report.push({ table: t.table, added: n, seconds, total });
      say(`${t.table}: +${n.toLocaleString('en')} rows in ${seconds.toFixed(1)} s (≈${total.toLocaleString('en')} in the table)`);
    }
    // Pre-aggregated counters (kit list helpers) are refreshed by triggers; vacuum makes the
    // visibility map current so counts and index-only scans do not visit the heap.
    for (const r of report) await db.query(`VACUUM (ANALYZE) ${r.table}`);
  } finally {
    await db.end();
  }
  return report;
}

if (require.main === module) {
  let opts: Options;
  try {
    opts = parseSeedArgs(process.argv.slice(2));
  } catch (e) {
    process.stderr.write(`${(e as Error).message}\n`);
    process.exit(2);
  }
  seedVolume(opts).then(
    (r) => {
      for (const x of r) process.stdout.write(`${x.table}\t+${x.added}\t${x.seconds.toFixed(1)} s\n`);
    },
    (e) => {
      process.stderr.write(`[seed:volume] failed: ${e?.stack ?? e}\n`);
      process.exit(1);
    },
  );
}
