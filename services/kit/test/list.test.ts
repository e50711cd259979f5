import { Client } from 'pg';
import { dayRange } from '@cskh/kit';
import {
  createTrigramIndexes,
  dropRollupSql,
  ensureDatabase,
  likeContains,
  ListFilter,
  listPage,
  rollupSql,
  Rollup,
  Where,
} from '@cskh/kit/data';
import { dropDatabase, freshDatabaseUrl } from '@cskh/kit/testing';

/**
 * The kit's list helpers on a real PostgreSQL: what a list screen's caller sees must not change
 * when counts come from counters, deep pages from keys and searches from trigram indexes.
 */
const ROLLUPS: Rollup[] = [
  { table: 't.item_day', source: 't.item', dayColumn: 'created_at', dims: ['kind'], sums: { money: 'money' } },
  { table: 't.item_day_user', source: 't.item', dayColumn: 'created_at', dims: ['username', 'kind'], sums: { money: 'money' } },
];
const DAY = 86_400_000;
/** 2026-03-01 00:00 in Vietnam. */
const MARCH_1 = Date.UTC(2026, 2, 1) - 7 * 3600_000;

let url: string;
let db: Client;

beforeAll(async () => {
  url = freshDatabaseUrl('kit_list');
  await ensureDatabase(url);
  db = new Client({ connectionString: url });
  await db.connect();
  await db.query(`CREATE SCHEMA t`);
  await db.query(`CREATE TABLE t.item (id uuid PRIMARY KEY DEFAULT gen_random_uuid(), username text NOT NULL, kind text NOT NULL,
                   note text NOT NULL, money bigint NOT NULL, created_at timestamptz NOT NULL)`);
  // 3,000 rows over 30 days, three users, two kinds; every 500th note carries a marker mid-string.
  await db.query(
    `INSERT INTO t.item (username, kind, note, money, created_at)
     SELECT 'u' || (g % 3), CASE WHEN g % 4 = 0 THEN 'b' ELSE 'a' END,
            'ghi chú ' || CASE WHEN g % 500 = 0 THEN 'xx-MARKER-' || g ELSE g::text END || ' hết',
            1000 + g, to_timestamp($1 / 1000.0) + (g % 30) * interval '1 day' + (g % 600) * interval '1 minute'
       FROM generate_series(1, 3000) g`,
    [MARCH_1],
  );
  // Built after rows exist: the rollups must start from what the table holds.
  await db.query('BEGIN');
  for (const r of ROLLUPS) for (const sql of rollupSql(r)) await db.query(sql);
  await createTrigramIndexes(db, 't.item', ['note']);
  await db.query('COMMIT');
});

afterAll(async () => {
  await db?.end();
  if (url) await dropDatabase(url);
});

const exact = async (where: string, params: unknown[] = []) => {
  const { rows } = await db.query(`SELECT count(*)::int AS n, coalesce(sum(money), 0)::bigint AS m FROM t.item ${where}`, params);
  return { n: rows[0].n as number, money: Number(rows[0].m) };
};

const spec = (
  filter: Where,
  paging: { skip: number; take: number | undefined; window?: { skip: number; take: number } },
  extra: object = {},
) => ({
  from: 't.item',
  columns: 'id, username, kind, note, created_at',
  orderBy: 'created_at DESC, id',
  key: 'id',
  filter,
  paging,
  rollups: ROLLUPS,
  ...extra,
});

const march = (from: number, to: number) => dayRange(`${String(from).padStart(2, '0')}/03/2026`, `${String(to).padStart(2, '0')}/03/2026`);

// exactUpTo: 10 below: only the counters can give an exact count of more rows than that.
describe('counts and totals from the per-day counters', () => {
  it('match a full count for a period, a staff member and a kind, and follow inserts, updates, deletes', async () => {
    const check = async () => {
      const f = new ListFilter().eq('username', 'u1').eq('kind', 'a').period('created_at', march(5, 12));
      const page = await listPage(db, spec(f, { skip: 0, take: 20 }, { totals: { money: 'coalesce(sum(money), 0)' }, exactUpTo: 10 }));
      const want = await exact(`WHERE username = 'u1' AND kind = 'a' AND created_at >= $1 AND created_at < $2`, [
        new Date(MARCH_1 + 4 * DAY),
        new Date(MARCH_1 + 12 * DAY),
      ]);
      expect(page.estimated).toBe(false);
      expect(page.count).toBe(want.n);
      expect(page.totals.money).toBe(want.money);
      expect(page.rows).toHaveLength(20);
    };
    await check();
    await db.query(
      `INSERT INTO t.item (username, kind, note, money, created_at) VALUES ('u1', 'a', 'mới', 5, $1), ('u1', 'a', 'mới', 7, $1)`,
      [new Date(MARCH_1 + 6 * DAY)],
    );
    await check();
    await db.query(
      `UPDATE t.item SET kind = 'b', money = money + 1 WHERE id IN (SELECT id FROM t.item WHERE username = 'u1' AND kind = 'a' ORDER BY id LIMIT 7)`,
    );
    await check();
    await db.query(
      `UPDATE t.item SET created_at = created_at + interval '20 days' WHERE id IN (SELECT id FROM t.item WHERE username = 'u1' ORDER BY id LIMIT 5)`,
    );
    await check();
    await db.query(`DELETE FROM t.item WHERE id IN (SELECT id FROM t.item WHERE username = 'u1' AND kind = 'a' ORDER BY id DESC LIMIT 9)`);
    await check();
  });

  it('count per group (countBy…) equals GROUP BY over the rows, the staff scope included', async () => {
    const f = new ListFilter().period('created_at', march(1, 30)).over(['username'], (w) => w.add('username IN (?, ?)', 'u0', 'u2'));
    const page = await listPage(db, spec(f, { skip: 0, take: 10 }, { groupBy: 'kind', exactUpTo: 10 }));
    const { rows } = await db.query(
      `SELECT kind, count(*)::int AS n FROM t.item WHERE username IN ('u0', 'u2') AND created_at >= $1 AND created_at < $2 GROUP BY kind ORDER BY n DESC`,
      [new Date(MARCH_1), new Date(MARCH_1 + 30 * DAY)],
    );
    expect(page.groups).toEqual(rows.map((r) => ({ key: r.kind, count: r.n })));
    expect(page.count).toBe(rows.reduce((s, r) => s + r.n, 0));
  });

  it('a TRUNCATE empties the counters too', async () => {
    await db.query(`CREATE TABLE t.item_copy AS SELECT * FROM t.item`);
    await db.query(`TRUNCATE t.item`);
    const page = await listPage(db, spec(new ListFilter(), { skip: 0, take: 20 }, { groupBy: 'kind' }));
    expect(page).toMatchObject({ count: 0, groups: [], rows: [] });
    await db.query(`INSERT INTO t.item SELECT * FROM t.item_copy`);
    await db.query(`DROP TABLE t.item_copy`);
    const again = await listPage(db, spec(new ListFilter(), { skip: 0, take: 20 }));
    expect(again.count).toBe((await exact('')).n);
  });
});

describe('whole-table counters (grain all)', () => {
  const ALL: Rollup = {
    table: 't.item_all_user',
    source: 't.item',
    dayColumn: 'created_at',
    dims: ['username', 'kind'],
    sums: { money: 'money' },
    grain: 'all',
  };
  const rollups = [ROLLUPS[0], ALL, ROLLUPS[1]];
  beforeAll(async () => {
    await db.query('BEGIN');
    for (const sql of rollupSql(ALL)) await db.query(sql);
    await db.query('COMMIT');
  });
  afterAll(async () => {
    for (const sql of dropRollupSql(ALL)) await db.query(sql);
  });

  /** listPage through a recorder: which counter table answered. */
  const run = async (f: ListFilter, extra: object = {}) => {
    const sql: string[] = [];
    const recorder = { query: (q: string, p?: unknown[]) => (sql.push(q), db.query(q, p)) };
    const page = await listPage(recorder, spec(f, { skip: 0, take: 20 }, { rollups, exactUpTo: 10, ...extra }));
    const used = ['t.item_all_user', 't.item_day_user', 't.item_day'].filter((t) =>
      sql.some((q) => new RegExp(`FROM ${t.replace('.', '\\.')}(\\s|$)`).test(q)),
    );
    return { page, used };
  };
  const scope = () =>
    new ListFilter().over(['username'], (w) => w.add('(username = ? OR username IN (SELECT unnest(?::text[])))', 'u0', ['u2']));

  it('answer a scope and a staff filter over the whole table, exactly, and follow inserts, updates, deletes', async () => {
    const check = async () => {
      const scoped = await run(scope().eq('kind', 'a'), { totals: { money: 'coalesce(sum(money), 0)' } });
      const want = await exact(`WHERE username IN ('u0', 'u2') AND kind = 'a'`);
      expect(scoped.used).toEqual(['t.item_all_user']);
      expect(scoped.page).toMatchObject({ count: want.n, estimated: false, totals: { money: want.money } });
      const { rows } = await db.query(
        `SELECT id FROM t.item WHERE username IN ('u0', 'u2') AND kind = 'a' ORDER BY created_at DESC, id LIMIT 20`,
      );
      expect(scoped.page.rows.map((r: any) => r.id)).toEqual(rows.map((r) => r.id));
      const one = await run(new ListFilter().eq('username', 'u1'), { groupBy: 'kind' });
      expect(one.used).toEqual(['t.item_all_user']);
      const { rows: groups } = await db.query(
        `SELECT kind, count(*)::int AS n FROM t.item WHERE username = 'u1' GROUP BY kind ORDER BY n DESC, kind`,
      );
      expect(one.page.groups).toEqual(groups.map((g) => ({ key: g.kind, count: g.n })));
      expect(one.page.count).toBe((await exact(`WHERE username = 'u1'`)).n);
    };
    await check();
    await db.query(
      `INSERT INTO t.item (username, kind, note, money, created_at) VALUES ('u0', 'a', 'mới', 5, $1), ('u2', 'a', 'mới', 7, $1)`,
      [new Date(MARCH_1 + 40 * DAY)],
    );
    await check();
    await db.query(
      `UPDATE t.item SET kind = 'b', money = money + 3 WHERE id IN (SELECT id FROM t.item WHERE username = 'u0' AND kind = 'a' ORDER BY id LIMIT 11)`,
    );
    await check();
    await db.query(`UPDATE t.item SET username = 'u1' WHERE id IN (SELECT id FROM t.item WHERE username = 'u2' ORDER BY id LIMIT 6)`);
    await check();
    await db.query(`DELETE FROM t.item WHERE id IN (SELECT id FROM t.item WHERE username = 'u2' AND kind = 'a' ORDER BY id DESC LIMIT 9)`);
    await check();
  });

  it('leave a period to the per-day counters (whole-table counters know no day)', async () => {
    const f = scope().period('created_at', march(5, 12));
    const r = await run(f);
    expect(r.used).toEqual(['t.item_day_user']);
    expect(r.page.count).toBe(
      (
        await exact(`WHERE username IN ('u0', 'u2') AND created_at >= $1 AND created_at < $2`, [
          new Date(MARCH_1 + 4 * DAY),
          new Date(MARCH_1 + 12 * DAY),
        ])
      ).n,
    );
    // A filter the smaller per-day counters cover still uses them.
    expect((await run(new ListFilter().eq('kind', 'b'))).used).toEqual(['t.item_day']);
  });

  it('are kept through a TRUNCATE and need a dim', async () => {
    await db.query(`CREATE TABLE t.item_copy2 AS SELECT * FROM t.item`);
    await db.query(`TRUNCATE t.item`);
    expect((await run(scope())).page.count).toBe(0);
    await db.query(`INSERT INTO t.item SELECT * FROM t.item_copy2`);
    await db.query(`DROP TABLE t.item_copy2`);
    expect((await run(scope())).page.count).toBe((await exact(`WHERE username IN ('u0', 'u2')`)).n);
    expect(() => rollupSql({ ...ALL, dims: [] })).toThrow(/at least one dim/);
  });
});

describe('filters the counters cannot answer', () => {
  it('a contains-search finds a middle-of-string match through the trigram index, counted exactly', async () => {
    const f = new ListFilter().add('note ILIKE ?', likeContains('marker-1500'));
    const page = await listPage(db, spec(f, { skip: 0, take: 20 }));
    expect(page.rows.map((r: any) => r.note)).toEqual(['ghi chú xx-MARKER-1500 hết']);
    expect(page).toMatchObject({ count: 1, estimated: false });
    await db.query('SET enable_seqscan = off');
    const plan = (await db.query(`EXPLAIN SELECT id FROM t.item WHERE note ILIKE $1`, [likeContains('marker-1500')])).rows
      .map((r) => r['QUERY PLAN'])
      .join('\n');
    await db.query('RESET enable_seqscan');
    expect(plan).toContain('item_note_trgm');
  });

  it('above the cap the count is an estimate, never below the cap, and exact below it', async () => {
    const f = new ListFilter().add('note ILIKE ?', likeContains('ghi'));
    const capped = await listPage(db, spec(f, { skip: 0, take: 20 }, { exactUpTo: 100, groupBy: 'kind' }));
    expect(capped.estimated).toBe(true);
    expect(capped.count).toBeGreaterThan(100);
    // The groups are the sample's shares of the estimate.
    expect(capped.groups.reduce((s, g) => s + g.count, 0)).toBeGreaterThanOrEqual(capped.count - capped.groups.length);
    const small = await listPage(
      db,
      spec(new ListFilter().add('note ILIKE ?', likeContains('MARKER')), { skip: 0, take: 20 }, { exactUpTo: 100 }),
    );
    expect(small).toMatchObject({ count: 6, estimated: false });
  });

  it('a filter the planner expects to match far beyond the cap is estimated from a small sample, not read up to the cap', async () => {
    await db.query(`CREATE TABLE t.word (id serial PRIMARY KEY, kind text NOT NULL, note text NOT NULL)`);
    await db.query(
      `INSERT INTO t.word (kind, note) SELECT CASE WHEN g % 3 = 0 THEN 'b' ELSE 'a' END, 'tra cứu ' || CASE WHEN g % 1000 = 0 THEN 'hiếm' ELSE 'gói MAX90' END FROM generate_series(1, 12000) g`,
    );
    await db.query(`ANALYZE t.word`);
    const sql: string[] = [];
    const recorder = { query: (q: string, p?: unknown[]) => (sql.push(q), db.query(q, p)) };
    const words = (word: string) => ({
      from: 't.word',
      columns: 'id, note',
      orderBy: 'id',
      filter: new ListFilter().add('note ILIKE ?', likeContains(word)),
      paging: { skip: 0, take: 20 },
      exactUpTo: 1000,
      groupBy: 'kind',
    });
    // 11,988 matches expected > 10 × the cap: the table sample gives the shares (reading matches
    // for them would go through the planner's plan, a bitmap of every candidate), none read.
    const common = await listPage(recorder, words('MAX90'));
    expect(common).toMatchObject({ estimated: true });
    expect(common.count).toBeGreaterThan(10_000);
    expect(sql.some((q) => /TABLESAMPLE/.test(q))).toBe(true);
    expect(sql.some((q) => /LIMIT (501|1001)\b/.test(q))).toBe(false);
    expect(common.groups.map((g) => g.key).sort()).toEqual(['a', 'b']);
    expect(common.groups.find((g) => g.key === 'a')!.count).toBeGreaterThan(common.groups.find((g) => g.key === 'b')!.count);
    // Without a sample (a view): GROUP_SAMPLE (500) matches read for the shares, not 1,000.
    await db.query(`CREATE VIEW t.word_v AS SELECT * FROM t.word`);
    sql.length = 0;
    const viaView = await listPage(recorder, { ...words('MAX90'), from: 't.word_v' });
    expect(viaView).toMatchObject({ estimated: true });
    expect(viaView.count).toBeGreaterThan(10_000);
    expect(sql.some((q) => /LIMIT 501\b/.test(q))).toBe(true);
    expect(sql.some((q) => /LIMIT 1001\b/.test(q))).toBe(false);
    expect(viaView.groups.map((g) => g.key).sort()).toEqual(['a', 'b']);
    // Expected to match little: counted exactly up to the cap, as before.
    sql.length = 0;
    expect(await listPage(recorder, words('hiếm'))).toMatchObject({ count: 12, estimated: false });
  });

  it('a common word the planner expects to be rare is found common by a page sample of the table, not read up to the cap', async () => {
    // Unique notes, a third with the word: with one histogram value the planner expects a handful.
    await db.query(`CREATE TABLE t.log (id serial PRIMARY KEY, kind text NOT NULL, note text NOT NULL)`);
    await db.query(
      `INSERT INTO t.log (kind, note) SELECT CASE WHEN g % 2 = 0 THEN 'b' ELSE 'a' END,
              'tra cứu ' || g || CASE WHEN g % 3 = 0 THEN ' Mã gói: MAX90' WHEN g % 50 = 1 THEN ' hiếm thấy' ELSE ' Mã gói: V120' END
         FROM generate_series(1, 60000) g`,
    );
    await db.query(`ALTER TABLE t.log ALTER note SET STATISTICS 1`);
    await db.query(`ANALYZE t.log`);
    await db.query(`CREATE VIEW t.log_v AS SELECT * FROM t.log`);
    const sql: string[] = [];
    const recorder = { query: (q: string, p?: unknown[]) => (sql.push(q), db.query(q, p)) };
    /** A page walked: the filter applied to the first rows of the table in the order's index order. */
    const walked = (q: string) => /FROM \(SELECT \* FROM t\.log log\b[^)]*\) log/.test(q);
    const logs = (word: string, from = 't.log') => ({
      from,
      columns: 'id, note',
      orderBy: 'id',
      filter: new ListFilter().add('note ILIKE ?', likeContains(word)),
      paging: { skip: 0, take: 20 },
      exactUpTo: 1000,
      groupBy: 'kind',
    });
    const { rows: plan } = await db.query(`EXPLAIN (FORMAT JSON) SELECT 1 FROM t.log WHERE note ILIKE $1`, [likeContains('MAX90')]);
    expect(plan[0]['QUERY PLAN'][0].Plan['Plan Rows']).toBeLessThan(1000);

    // 20,000 matches: the page sample says far beyond the cap: estimated from it, no match read by the planner's plan.
    const common = await listPage(recorder, logs('MAX90'));
    expect(common.estimated).toBe(true);
    expect(common.count).toBeGreaterThan(16_000);
    expect(common.count).toBeLessThan(24_000);
    expect(common.rows).toHaveLength(20);
    expect(common.groups.map((g) => g.key).sort()).toEqual(['a', 'b']);
    expect(sql.some((q) => /TABLESAMPLE SYSTEM/.test(q))).toBe(true);
    expect(sql.some((q) => /LIMIT (501|1001)\b/.test(q))).toBe(false);
    // Its pages walk the order's index (the planner, expecting a handful, would read every match and sort them): the same rows as the plain query.
    for (const skip of [0, 40, 980]) {
      sql.length = 0;
      const page = await listPage(recorder, { ...logs('MAX90'), paging: { skip, take: 20 } });
      const { rows: want } = await db.query(`SELECT id, note FROM t.log WHERE note ILIKE $1 ORDER BY id LIMIT 20 OFFSET ${skip}`, [
        likeContains('MAX90'),
      ]);
      expect(page.rows).toEqual(want);
      expect(sql.some((q) => /FROM \(SELECT \* FROM t\.log log\s+ORDER BY id LIMIT \d+\) log/.test(q))).toBe(true);
    }
    // A page deeper than a walk may go (the last rows) is the plain query's.
    sql.length = 0;
    const last = await listPage(recorder, { ...logs('MAX90'), orderBy: 'id DESC', paging: { skip: 19_990, take: 20 } });
    const { rows: tail } = await db.query(`SELECT id, note FROM t.log WHERE note ILIKE $1 ORDER BY id DESC LIMIT 20 OFFSET 19990`, [
      likeContains('MAX90'),
    ]);
    expect(last.rows).toEqual(tail);
    expect(tail).toHaveLength(10);
    expect(sql.some(walked)).toBe(false);
    // A walk that finds too few matches answers the plain query's page too: matches only in the
    // first rows by id, walked from the other end.
    sql.length = 0;
    const early = { ...logs('MAX90'), orderBy: 'id DESC', paging: { skip: 0, take: 20 }, exactUpTo: 100 };
    early.filter = new ListFilter().add('note ILIKE ?', likeContains('MAX90')).add('id < ?', 36_000);
    const { rows: first } = await db.query(`SELECT id, note FROM t.log WHERE note ILIKE $1 AND id < 36000 ORDER BY id DESC LIMIT 20`, [
      likeContains('MAX90'),
    ]);
    const fallback = await listPage(recorder, early);
    expect(fallback).toMatchObject({ rows: first, estimated: true });
    expect(sql.some(walked)).toBe(true);
    // Clauses over named columns (a kind, the staff scope) stay in the walk; the contains-search applies to what it walked.
    sql.length = 0;
    const kindB = { ...logs('MAX90'), paging: { skip: 20, take: 20 } };
    kindB.filter = new ListFilter().eq('kind', 'b').add('note ILIKE ?', likeContains('MAX90'));
    const { rows: wantB } = await db.query(`SELECT id, note FROM t.log WHERE kind = 'b' AND note ILIKE $1 ORDER BY id LIMIT 20 OFFSET 20`, [
      likeContains('MAX90'),
    ]);
    expect((await listPage(recorder, kindB)).rows).toEqual(wantB);
    expect(
      sql.some((q) => /FROM \(SELECT \* FROM t\.log log WHERE kind = \$1 ORDER BY id LIMIT \d+\) log WHERE note ILIKE \$2/.test(q)),
    ).toBe(true);
    // An order no index gives (the walk would sort every row) is not walked.
    sql.length = 0;
    const byNote = { ...logs('MAX90'), orderBy: 'note, id' };
    const { rows: wantN } = await db.query(`SELECT id, note FROM t.log WHERE note ILIKE $1 ORDER BY note, id LIMIT 20`, [
      likeContains('MAX90'),
    ]);
    expect((await listPage(recorder, byNote)).rows).toEqual(wantN);
    expect(sql.some(walked)).toBe(false);

    // 800 matches: more than the small read, fewer than the cap: counted exactly, groups too.
    sql.length = 0;
    const rare = await listPage(recorder, logs('hiếm thấy'));
    expect(rare).toMatchObject({ count: 800, estimated: false, groups: [{ key: 'a', count: 800 }] });
    expect(sql.some((q) => /LIMIT 1001\b/.test(q))).toBe(true);
    // Its page too walks the order's index (the sample gave its share, 1.3%) instead of reading and
    // sorting every match: the plain query's rows.
    const { rows: wantRare } = await db.query(`SELECT id, note FROM t.log WHERE note ILIKE $1 ORDER BY id LIMIT 20`, [
      likeContains('hiếm thấy'),
    ]);
    expect(rare.rows).toEqual(wantRare);
    expect(sql.some(walked)).toBe(true);

    // One match in 60,000: a peek at a few pages of the sample (30) finds nothing, and the rest of
    // the sample (10,000 rows, 16.7% of the table, each running the filter) is not read: counted exactly.
    sql.length = 0;
    const one = await listPage(recorder, logs('cứu 59999 '));
    expect(one).toMatchObject({ count: 1, estimated: false });
    const samples = sql.filter((q) => /TABLESAMPLE/.test(q)).map((q) => Number(/SYSTEM \(([\d.]+)\)/.exec(q)?.[1]));
    expect(samples).toHaveLength(1);
    expect(samples[0]).toBeLessThan(16.7 / 2);

    // A view cannot be sampled: read up to the cap as before, an estimate above it.
    sql.length = 0;
    const viaView = await listPage(recorder, logs('MAX90', 't.log_v'));
    expect(viaView.estimated).toBe(true);
    expect(viaView.count).toBeGreaterThan(1000);
    expect(sql.some((q) => /TABLESAMPLE/.test(q))).toBe(false);
    expect(sql.some((q) => /LIMIT 1001\b/.test(q))).toBe(true);
  });

  it('totals are exact even without counters (a sum cannot be estimated)', async () => {
    const f = new ListFilter().add('note ILIKE ?', likeContains('1')).period('created_at', march(2, 3));
    const page = await listPage(db, spec(f, { skip: 0, take: 5 }, { totals: { money: 'coalesce(sum(money), 0)' } }));
    const want = await exact(`WHERE note ILIKE $1 AND created_at >= $2 AND created_at < $3`, [
      likeContains('1'),
      new Date(MARCH_1 + DAY),
      new Date(MARCH_1 + 3 * DAY),
    ]);
    expect(page).toMatchObject({ count: want.n, totals: { money: want.money }, estimated: false });
  });

  it('a period that does not start at a Vietnam midnight is counted from the rows', async () => {
    const from = new Date(MARCH_1 + 3 * DAY + 3600_000);
    const f = new ListFilter().period('created_at', { from });
    const page = await listPage(db, spec(f, { skip: 0, take: 5 }, { exactUpTo: 100_000 }));
    expect(page.count).toBe((await exact(`WHERE created_at >= $1`, [from])).n);
  });
});

describe('deep pages', () => {
  it('return the same rows as a plain OFFSET, page after page, and an export returns every row', async () => {
    const f = () => new ListFilter().eq('kind', 'a');
    for (const skip of [0, 1_000, 1_020, 2_200]) {
      const page = await listPage(db, spec(f(), { skip, take: 20 }));
      const { rows } = await db.query(`SELECT id FROM t.item WHERE kind = 'a' ORDER BY created_at DESC, id LIMIT 20 OFFSET ${skip}`);
      expect(page.rows.map((r: any) => r.id)).toEqual(rows.map((r) => r.id));
    }
    const all = await listPage(db, spec(f(), { skip: 0, take: undefined }));
    expect(all.count).toBe((await exact(`WHERE kind = 'a'`)).n);
    expect(all.rows).toHaveLength(all.count);
  });

  it('a streamed export reads window after window, deep ones by key, every row once in order; totals only with the first', async () => {
    const f = () => new ListFilter().eq('kind', 'a');
    const { rows: want } = await db.query(`SELECT id FROM t.item WHERE kind = 'a' ORDER BY created_at DESC, id`);
    const got: string[] = [];
    for (let skip = 0; skip < want.length + 700; skip += 700) {
      const w = await listPage(
        db,
        spec(f(), { skip: 0, take: undefined, window: { skip, take: 700 } }, { totals: { money: 'coalesce(sum(money), 0)' } }),
      );
      got.push(...w.rows.map((r: any) => r.id));
      expect(Object.keys(w.totals)).toEqual(skip === 0 ? ['money'] : []);
    }
    expect(got).toEqual(want.map((r) => r.id));
  });
});
