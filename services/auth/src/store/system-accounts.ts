import type { EntityManager } from 'typeorm';
import { Paging } from '@cskh/kit';
import { typedContains, Where } from '@cskh/kit/data';
import { isUuid } from '../domain/guid';
import { limitOffset, setClause, SYSTEM_ACCOUNTS } from './schema';

/** Credentials of an outside system (carrier portal, API). The password is stored encrypted only. */
export interface SystemAccountRow {
  id: string;
  position: string;
  account: string;
  /** AES-256-GCM envelope (see domain/secrets.ts); never returned by the API. */
  password_enc: string;
  api: string;
  additional_content: string;
  created_at: Date;
  updated_at: Date;
}

const COLUMNS = 's.id, s.position, s.account, s.password_enc, s.api, s.additional_content, s.created_at, s.updated_at';

export async function findSystemAccount(em: EntityManager, id: string): Promise<SystemAccountRow | null> {
  if (!isUuid(id)) return null;
  const rows: SystemAccountRow[] = await em.query(`SELECT ${COLUMNS} FROM ${SYSTEM_ACCOUNTS} s WHERE s.id = $1`, [id.toLowerCase()]);
  return rows[0] ?? null;
}

/** A page in creation order, searched by login place or account as staff type them, with the count of the search. */
export async function pageSystemAccounts(
  em: EntityManager,
  search: string,
  paging: Pick<Paging, 'skip' | 'take'>,
): Promise<{ rows: SystemAccountRow[]; count: number }> {
  const { sql: where, params } = search ? new Where().add(...typedContains(['s.position', 's.account'], search)) : new Where();
  const rows: SystemAccountRow[] = await em.query(
    `SELECT ${COLUMNS} FROM ${SYSTEM_ACCOUNTS} s ${where} ORDER BY s.created_at ASC, s.id ASC ${limitOffset(paging)}`,
    params,
  );
  const [{ n }] = await em.query(`SELECT count(*)::int AS n FROM ${SYSTEM_ACCOUNTS} s ${where}`, params);
  return { rows, count: n };
}

export type NewSystemAccount = Pick<SystemAccountRow, 'position' | 'account' | 'api' | 'additional_content' | 'password_enc'>;

/** Inserts an account; returns its id. */
export async function insertSystemAccount(em: EntityManager, a: NewSystemAccount): Promise<string> {
  const [{ id }] = await em.query(
    `INSERT INTO ${SYSTEM_ACCOUNTS} (position, account, api, additional_content, password_enc) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [a.position, a.account, a.api, a.additional_content, a.password_enc],
  );
  return id;
}

/** Sets columns of one account (undefined ones are left alone) and its updated_at. */
export async function updateSystemAccount(em: EntityManager, id: string, set: Partial<NewSystemAccount>): Promise<void> {
  const s = setClause(set);
  await em.query(`UPDATE ${SYSTEM_ACCOUNTS} SET ${s.sql}, updated_at = now() WHERE id = $1`, [id, ...s.values]);
}

export async function deleteSystemAccount(em: EntityManager, id: string): Promise<void> {
  await em.query(`DELETE FROM ${SYSTEM_ACCOUNTS} WHERE id = $1`, [id]);
}

/** The most recently changed account of a login place (case-insensitively), if any. */
export async function newestSystemAccountOf(em: EntityManager, position: string): Promise<SystemAccountRow | null> {
  const rows: SystemAccountRow[] = await em.query(
    `SELECT ${COLUMNS} FROM ${SYSTEM_ACCOUNTS} s WHERE lower(s.position) = lower($1) ORDER BY s.updated_at DESC LIMIT 1`,
    [position],
  );
  return rows[0] ?? null;
}
