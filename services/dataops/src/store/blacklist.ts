import type { EntityManager } from 'typeorm';
import { Paging } from '@cskh/kit';
import { pageSql, Where } from '@cskh/kit/data';
import { modified } from './modified-rows';
import { SCHEMA } from './schema';

type Db = Pick<EntityManager, 'query'>;

export interface BlacklistRow {
  id: string;
  phone_number: string;
  phone9: string;
  description: string;
  created_at: Date;
}

/** One page of the blacklist (newest first) and how many match. */
export async function listBlacklist(em: Db, where: Where, paging: Paging): Promise<{ rows: BlacklistRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    em.query(`SELECT * FROM "${SCHEMA}".blacklist ${where.sql} ORDER BY created_at DESC, id ${pageSql(paging)}`, where.params) as Promise<
      BlacklistRow[]
    >,
    em.query(`SELECT count(*)::int AS n FROM "${SCHEMA}".blacklist ${where.sql}`, where.params) as Promise<Array<{ n: number }>>,
  ]);
  return { rows, total: total[0].n };
}

export async function blacklistRowById(em: Db, id: string, lock = false): Promise<BlacklistRow | undefined> {
  const rows: BlacklistRow[] = await em.query(`SELECT * FROM "${SCHEMA}".blacklist WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`, [id]);
  return rows[0];
}

/** The listed phones among these last-9-digit numbers. */
export async function blacklistedPhone9s(em: Db, phone9s: string[]): Promise<Set<string>> {
  const rows: Array<{ phone9: string }> = await em.query(`SELECT phone9 FROM "${SCHEMA}".blacklist WHERE phone9 = ANY($1)`, [phone9s]);
  return new Set(rows.map((r) => r.phone9));
}

export async function insertBlacklist(
  em: Db,
  e: { phone: string; phone9: string; description: string; by: string },
): Promise<BlacklistRow> {
  const [row]: BlacklistRow[] = await em.query(
    `INSERT INTO "${SCHEMA}".blacklist (phone_number, phone9, description, created_by) VALUES ($1, $2, $3, $4) RETURNING *`,
    [e.phone, e.phone9, e.description, e.by],
  );
  return row;
}

export async function updateBlacklist(
  em: Db,
  id: string,
  e: { phone: string; phone9: string; description: string },
): Promise<BlacklistRow> {
  const [row]: BlacklistRow[] = await modified(
    em,
    `UPDATE "${SCHEMA}".blacklist SET phone_number = $2, phone9 = $3, description = $4 WHERE id = $1 RETURNING *`,
    [id, e.phone, e.phone9, e.description],
  );
  return row;
}

export async function deleteBlacklist(em: Db, id: string): Promise<void> {
  await em.query(`DELETE FROM "${SCHEMA}".blacklist WHERE id = $1`, [id]);
}

/** An import chunk: phones already listed are kept as they are; answers the rows it added. */
export async function insertBlacklistRows(
  em: Db,
  rows: Array<{ phone: string; phone9: string; description: string }>,
  by: string,
): Promise<BlacklistRow[]> {
  return em.query(
    `INSERT INTO "${SCHEMA}".blacklist (phone_number, phone9, description, created_by)
     SELECT v.phone, v.phone9, v.description, $2 FROM jsonb_to_recordset($1::jsonb) AS v(phone text, phone9 text, description text)
     ON CONFLICT (phone9) DO NOTHING RETURNING *`,
    [JSON.stringify(rows), by],
  );
}
