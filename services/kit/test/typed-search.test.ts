import { Client } from 'pg';
import { createTypedTrigramIndexes, ensureDatabase, installTypedSearch, maskedContains, typedContains, Where } from '@cskh/kit/data';
import { dropDatabase, freshDatabaseUrl } from '@cskh/kit/testing';

/** Search as staff type, on a real PostgreSQL: the typed-form function and its trigram index. */
let url: string;
let db: Client;

const NAMES = ['Nguyễn Văn An', 'Hoà Bình', 'Hòa Phát', 'ĐẶNG THỊ HỒNG', 'Trần Quốc Toản', 'Lê Thị Thu'];

beforeAll(async () => {
  url = freshDatabaseUrl('kit_typed');
  await ensureDatabase(url);
  db = new Client({ connectionString: url });
  await db.connect();
  await db.query(`CREATE SCHEMA t`);
  await db.query(`CREATE TABLE t.person (id serial PRIMARY KEY, fullname text NOT NULL, kind text NOT NULL DEFAULT 'a')`);
  await db.query(`INSERT INTO t.person (fullname) SELECT unnest($1::text[])`, [NAMES]);
  // The same name stored decomposed (letters and combining marks), as some keyboards send it.
  await db.query(`INSERT INTO t.person (fullname) VALUES (normalize('Phạm Minh Đức', NFD))`);
  await db.query(`INSERT INTO t.person (fullname) SELECT 'Khách ' || g FROM generate_series(1, 2000) g`);
});

afterAll(async () => {
  await db?.end();
  if (url) await dropDatabase(url);
});

const found = async (text: string) => {
  const w = new Where().add(...typedContains('fullname', text));
  const { rows } = await db.query(`SELECT fullname FROM t.person ${w.sql} ORDER BY id`, w.params);
  return rows.map((r) => r.fullname.normalize('NFC'));
};

describe('typed search', () => {
  it('installs once, as migrations do (in a transaction): two at once, and again, leave one function', async () => {
    const migrating = async () => {
      const c = new Client({ connectionString: url });
      await c.connect();
      await c.query('BEGIN');
      await installTypedSearch(c);
      await c.query('COMMIT');
      await c.end();
    };
    await Promise.all([migrating(), migrating()]);
    await migrating();
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM pg_proc WHERE proname = 'cskh_unaccent_lower'`);
    expect(rows[0].n).toBe(1);
  });

  it('finds names typed without diacritics and in any case', async () => {
    expect(await found('nguyen van an')).toEqual(['Nguyễn Văn An']);
    expect(await found('NGUYEN VAN')).toEqual(['Nguyễn Văn An']);
    expect(await found('hoa')).toEqual(['Hoà Bình', 'Hòa Phát']);
    expect(await found('dang thi hong')).toEqual(['ĐẶNG THỊ HỒNG']);
    expect(await found('minh duc')).toEqual(['Phạm Minh Đức']);
    expect(await found('quoc toan')).toEqual(['Trần Quốc Toản']);
  });

  it('finds them typed with diacritics too, either spelling, any case', async () => {
    expect(await found('Hòa')).toEqual(['Hoà Bình', 'Hòa Phát']);
    expect(await found('đặng')).toEqual(['ĐẶNG THỊ HỒNG']);
    expect(await found('Nguyễn Văn An')).toEqual(['Nguyễn Văn An']);
  });

  it('a masked viewer types the visible digits and the words without diacritics (maskedContains { typed })', async () => {
    await db.query(`CREATE TABLE t.message (id serial PRIMARY KEY, str_mes text NOT NULL)`);
    await db.query(`INSERT INTO t.message (str_mes) VALUES ('Chuyển tiền 0945810861 gói MAX90'), ('Chuyển tiền 0912345678')`);
    const seen = async (text: string, priority: number) => {
      const w = new Where().add(...maskedContains('str_mes', text, priority, { typed: true }));
      return (await db.query(`SELECT str_mes FROM t.message ${w.sql} ORDER BY id`, w.params)).rows.map((r) => r.str_mes);
    };
    expect(await seen('10861 goi max90', 5)).toEqual(['Chuyển tiền 0945810861 gói MAX90']);
    expect(await seen('CHUYEN TIEN 0945810861', 5)).toEqual(['Chuyển tiền 0945810861 gói MAX90']);
    // The hidden digits cannot be guessed: a term with them matches only what the row shows.
    expect(await seen('0945', 5)).toEqual([]);
    expect(await seen('chuyen tien 0945', 1)).toEqual(['Chuyển tiền 0945810861 gói MAX90']);
  });

  it('takes wildcards literally', async () => {
    expect(await found('%')).toEqual([]);
    expect(await found('_')).toEqual([]);
  });

  it('is answered by the trigram index on the typed form', async () => {
    await db.query('BEGIN');
    await createTypedTrigramIndexes(db, 't.person', ['fullname'], `kind = 'a'`);
    await db.query('COMMIT');
    await db.query('ANALYZE t.person');
    await db.query('SET enable_seqscan = off');
    const w = new Where().add(`kind = 'a'`).add(...typedContains('fullname', 'nguyen van'));
    const plan = (await db.query(`EXPLAIN SELECT id FROM t.person ${w.sql}`, w.params)).rows.map((r) => r['QUERY PLAN']).join('\n');
    await db.query('RESET enable_seqscan');
    expect(plan).toContain('person_fullname_typed_trgm');
    expect(await found('nguyen van')).toEqual(['Nguyễn Văn An']);
  });

  it("replaces the first, SQL-language body (run per row through PostgreSQL's SQL-function executor) by PL/pgSQL, folding alike", async () => {
    const language = async () =>
      (
        await db.query(
          `SELECT l.lanname FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang WHERE p.oid = 'public.cskh_unaccent_lower(text)'::regprocedure`,
        )
      ).rows[0].lanname;
    expect(await language()).toBe('plpgsql');
    // A database migrated before: the SQL body, and an index holding its results.
    await db.query(
      `CREATE OR REPLACE FUNCTION public.cskh_unaccent_lower(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
       RETURN lower(public.unaccent('public.unaccent'::regdictionary, $1))`,
    );
    await db.query('REINDEX INDEX t.person_fullname_typed_trgm');
    await installTypedSearch(db);
    expect(await language()).toBe('plpgsql');
    // The index is still right: the same rows by index as by reading every row.
    const byIndex = async (text: string) => {
      await db.query('SET enable_seqscan = off');
      const w = new Where().add(`kind = 'a'`).add(...typedContains('fullname', text));
      const plan = (await db.query(`EXPLAIN SELECT id FROM t.person ${w.sql}`, w.params)).rows.map((r) => r['QUERY PLAN']).join('\n');
      const { rows } = await db.query(`SELECT fullname FROM t.person ${w.sql} ORDER BY id`, w.params);
      await db.query('RESET enable_seqscan');
      expect(plan).toContain('person_fullname_typed_trgm');
      return rows.map((r) => r.fullname.normalize('NFC'));
    };
    for (const text of ['hoa', 'minh duc', 'NGUYEN VAN', 'đặng']) expect(await byIndex(text)).toEqual(await found(text));
    expect(await byIndex('hoa')).toEqual(['Hoà Bình', 'Hòa Phát']);
  });
});
