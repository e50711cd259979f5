import { Client } from 'pg';
import { ensureDatabase, maskedContains, searchTermFor, Where } from '@cskh/kit/data';
import { dropDatabase, freshDatabaseUrl } from '@cskh/kit/testing';

/**
 * The masked search on a real PostgreSQL: the SQL form of the rule must hide exactly what the
 * JavaScript form hides, and a viewer who sees `****` + the last 5 digits learns nothing more by
 * guessing the hidden digits one at a time (the audit's attack on a "contains" filter).
 */
let url: string;
let db: Client;
const TEXTS = [
  '0945810861',
  'CK 150000 MAX90 0989358693 gia han',
  'chuyen khoan 0912 345 678 goi 90',
  'nap 84912345678 qua the',
  'ma 12345 va 987654',
  'khong co so',
];

beforeAll(async () => {
  url = freshDatabaseUrl('kit_masked');
  await ensureDatabase(url);
  db = new Client({ connectionString: url });
  await db.connect();
  await db.query(`CREATE TABLE msg (id int PRIMARY KEY, body text NOT NULL)`);
  for (const [i, t] of TEXTS.entries()) await db.query('INSERT INTO msg VALUES ($1, $2)', [i, t]);
});

afterAll(async () => {
  await db?.end();
  await dropDatabase(url);
});

async function matching(term: string, priority: number): Promise<number[]> {
  const where = new Where().add(...maskedContains('body', term, priority));
  const r = await db.query(`SELECT id FROM msg ${where.sql} ORDER BY id`, where.params);
  return r.rows.map((row) => row.id as number);
}

it('matches a masked viewer exactly where the text as they see it contains the term as they typed it', async () => {
  const terms = ['10861', '0945810861', '58693', '*****58693', '345 678', '45678', '150000', '50000', 'MAX90', '12345', '987654', 'so'];
  for (const term of terms) {
    const expected = TEXTS.flatMap((t, i) => (searchTermFor(t, 5).toLowerCase().includes(searchTermFor(term, 5).toLowerCase()) ? [i] : []));
    expect({ term, ids: await matching(term, 5) }).toEqual({ term, ids: expected });
  }
});

it('answers every guess of a hidden digit alike, so the count tells a masked viewer nothing', async () => {
  // '0945810861' shows as '****10861'; before the rule, only '010861'... matched.
  for (const prefix of ['', '8', '58', '458', '9458']) {
    const counts = new Set<number>();
    for (let d = 0; d <= 9; d++) counts.add((await matching(`${d}${prefix}10861`, 5)).length);
    expect({ prefix, counts: [...counts] }).toEqual({ prefix, counts: [1] });
  }
  // A viewer who sees phones whole finds the number by any part of it, as before.
  expect(await matching('45810', 2)).toEqual([0]);
  expect(await matching('0810861', 2)).toEqual([]);
});
