import type { DataSource, EntityManager } from 'typeorm';
import { Paging } from '@cskh/kit';
import { pageSql, Where } from '@cskh/kit/data';
import { SCHEMA } from './schema';

/** Invite-next-day records (moigoihomsau): every SQL statement that reads or writes them. */
const NEXT_DAY = `"${SCHEMA}".next_day_invite`;
const INVITATION = `"${SCHEMA}".invitation`;

export interface NextDayRow {
  id: string;
  phone: string;
  package: string;
  username: string;
  fullname: string;
  tkc: string | null;
  status: number;
  created_at: Date;
  so_lan_moi: string;
}

// The invite count: the number's invitations (any channel, any result) since the record was made.
const SELECT = `SELECT n.id, n.phone, n.package, n.username, n.fullname, n.tkc, n.status, n.created_at,
  (SELECT count(*) FROM ${INVITATION} i WHERE i.phone9 = n.phone9 AND i.created_at >= n.created_at) AS so_lan_moi
  FROM ${NEXT_DAY} n`;

/** The record matching `where` (alias n), locked for the transaction. */
export async function lockNextDay(em: EntityManager, where: Where): Promise<NextDayRow | undefined> {
  const [row]: NextDayRow[] = await em.query(`${SELECT} ${where.sql} FOR UPDATE OF n`, where.params);
  return row;
}

export async function findNextDay(em: EntityManager, id: string): Promise<NextDayRow | undefined> {
  const [row]: NextDayRow[] = await em.query(`${SELECT} WHERE n.id = $1`, [id]);
  return row;
}

/** One page, newest first, with the count of the whole filter (alias n). */
export async function pageNextDay(ds: DataSource, where: Where, paging: Pick<Paging, 'skip' | 'take' | 'window'>) {
  const [rows, [total]] = await Promise.all([
    ds.query(`${SELECT} ${where.sql} ORDER BY n.created_at DESC, n.id ${pageSql(paging)}`, where.params) as Promise<NextDayRow[]>,
    ds.query(`SELECT count(*)::bigint AS n FROM ${NEXT_DAY} n ${where.sql}`, where.params) as Promise<Array<{ n: string }>>,
  ]);
  return { rows, count: Number(total.n) };
}

/** Records nobody has been given yet. */
export async function countUnassignedNextDay(em: EntityManager | DataSource): Promise<number> {
  const [r] = await em.query(`SELECT count(*)::bigint AS n FROM ${NEXT_DAY} WHERE username = ''`);
  return Number(r.n);
}

/**
 * Gives `count` of the oldest unassigned records to a staff member; returns how many it got. The
 * pool is locked row by row (SKIP LOCKED): two seniors dividing at once never hand one record twice.
 */
export async function assignNextDay(em: EntityManager, username: string, fullname: string, count: number): Promise<number> {
  const rows: Array<{ id: string }> = await em
    .query(
      `UPDATE ${NEXT_DAY} SET username = $1, fullname = $2 WHERE id IN (
         SELECT id FROM ${NEXT_DAY} WHERE username = '' ORDER BY created_at, id LIMIT $3 FOR UPDATE SKIP LOCKED) RETURNING id`,
      [username, fullname, count],
    )
    .then((r: [Array<{ id: string }>, number]) => r[0]);
  return rows.length;
}

/** Inserts an import chunk's records; a record whose import key is stored already is skipped. */
export async function insertImportedNextDay(
  ds: DataSource,
  rows: ReadonlyArray<{
    phone: string;
    phone9: string;
    package: string;
    username: string;
    fullname: string;
    tkc: number | null;
    importKey: string;
    createdBy: string;
  }>,
): Promise<void> {
  await ds.query(
    `INSERT INTO ${NEXT_DAY} (phone, phone9, package, username, fullname, tkc, import_key, created_by)
     SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::bigint[], $7::text[], $8::text[])
     ON CONFLICT (import_key) WHERE import_key IS NOT NULL DO NOTHING`,
    [
      rows.map((r) => r.phone),
      rows.map((r) => r.phone9),
      rows.map((r) => r.package),
      rows.map((r) => r.username),
      rows.map((r) => r.fullname),
      rows.map((r) => r.tkc),
      rows.map((r) => r.importKey),
      rows.map((r) => r.createdBy),
    ],
  );
}

/** Inserts one record; returns its id. */
export async function insertNextDay(
  ds: DataSource,
  r: { phone: string; phone9: string; package: string; username: string; fullname: string; tkc: number | null; createdBy: string },
): Promise<string> {
  const [row]: Array<{ id: string }> = await ds.query(
    `INSERT INTO ${NEXT_DAY} (phone, phone9, package, username, fullname, tkc, created_by) VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING id`,
    [r.phone, r.phone9, r.package, r.username, r.fullname, r.tkc, r.createdBy],
  );
  return row.id;
}

export async function setNextDayStatus(em: EntityManager, id: string, status: number): Promise<void> {
  await em.query(`UPDATE ${NEXT_DAY} SET status = $2 WHERE id = $1`, [id, status]);
}

/** Rewrites a record's number, package and staff; the balance only when the carrier gave one. */
export async function updateNextDay(
  em: EntityManager,
  id: string,
  v: { phone: string; phone9: string; package: string; username: string; fullname: string; tkc: number | null },
): Promise<void> {
  await em.query(
    `UPDATE ${NEXT_DAY} SET phone = $2, phone9 = $3, package = $4, username = $5, fullname = $6, tkc = COALESCE($7, tkc) WHERE id = $1`,
    [id, v.phone, v.phone9, v.package, v.username, v.fullname, v.tkc],
  );
}

export async function deleteNextDay(em: EntityManager, id: string): Promise<void> {
  await em.query(`DELETE FROM ${NEXT_DAY} WHERE id = $1`, [id]);
}
