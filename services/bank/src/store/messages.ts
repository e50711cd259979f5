import type { EntityManager } from 'typeorm';
import { AppError, Paging } from '@cskh/kit';
import { listPage, Where } from '@cskh/kit/data';
import type { BankMessageRow } from '../domain/present';
import type { Transfer } from '../domain/transfer';
import { MSG } from '../domain/messages';
import { BANK_MESSAGE_ROLLUPS } from './rollups';
import { BANK_MESSAGE_TABLE as T } from './schema';

/** The bank messages: every read and write of bank_message (plain SQL over an EntityManager). */

/** Audit-trail resource name of a bank message. */
export const RESOURCE = 'bank_message';

const COLUMNS = `id, sender, money, datetime, str_mes, is_read, so_dien_thoai, goi_cuoc, nguoi_cap_nhat, thoi_gian_cap_nhat,
  trang_thai_duyet_thong_tin, username_duyet_trang_thai_duyet_thong_tin, thoi_gian_duyet_trang_thai_duyet_thong_tin,
  ten_file_upload, assigned_to, assigned_at`;

export interface MessagePage {
  rows: BankMessageRow[];
  count: number;
  /** Sum of the amounts over the whole filter. */
  total: number;
}

/**
 * One page of the filter, newest first, with the count and the amount sum of the whole filter
 * (from the per-day counters when the filter is a period, channel and status; kit listPage).
 */
export async function pageMessages(em: EntityManager, where: Where, paging: Pick<Paging, 'skip' | 'take'>): Promise<MessagePage> {
  const page = await listPage<BankMessageRow>(em, {
    from: T,
    columns: COLUMNS,
    orderBy: 'datetime DESC, id',
    key: 'id',
    filter: where,
    paging,
    rollups: BANK_MESSAGE_ROLLUPS,
    totals: { total: 'coalesce(sum(money), 0)' },
  });
  return { rows: page.rows, count: page.count, total: page.totals.total ?? 0 };
}

export async function findMessage(em: EntityManager, id: string): Promise<BankMessageRow | undefined> {
  const rows: BankMessageRow[] = await em.query(`SELECT ${COLUMNS} FROM ${T} WHERE id = $1`, [id]);
  return rows[0];
}

/** The message, locked until the transaction ends (the rules see the state they change). */
export async function lockMessage(em: EntityManager, id: string): Promise<BankMessageRow> {
  const rows: BankMessageRow[] = await em.query(`SELECT ${COLUMNS} FROM ${T} WHERE id = $1 FOR UPDATE`, [id]);
  if (!rows[0]) throw new AppError('NOT_FOUND', MSG.notFound);
  return rows[0];
}

/** Sets columns of one message; returns it as stored now. */
export async function updateMessage(em: EntityManager, id: string, set: Record<string, unknown>): Promise<BankMessageRow> {
  const keys = Object.keys(set);
  const assignments = keys.map((k, i) => `${k} = $${i + 2}`).join(', ');
  const [rows] = (await em.query(`UPDATE ${T} SET ${assignments} WHERE id = $1 RETURNING ${COLUMNS}`, [
    id,
    ...keys.map((k) => set[k]),
  ])) as [BankMessageRow[], number];
  return rows[0];
}

export async function deleteMessage(em: EntityManager, id: string): Promise<void> {
  await em.query(`DELETE FROM ${T} WHERE id = $1`, [id]);
}

/** Inserts transfers; rows whose import key is already stored are skipped. Returns the new rows. */
export async function insertTransfers(
  em: EntityManager,
  rows: ReadonlyArray<{ t: Transfer; importKey: string | null }>,
  createdBy: string,
): Promise<BankMessageRow[]> {
  if (rows.length === 0) return [];
  const params: unknown[] = [];
  const tuples = rows.map(({ t, importKey }) => {
    const values = [t.sender, t.money, t.datetime, t.str_mes, t.ten_file_upload, importKey, createdBy];
    const b = params.length;
    params.push(...values);
    return `(${values.map((_, i) => `$${b + i + 1}`).join(', ')})`;
  });
  return em.query(
    `INSERT INTO ${T} (sender, money, datetime, str_mes, ten_file_upload, import_key, created_by)
     VALUES ${tuples.join(', ')} ON CONFLICT (import_key) WHERE import_key IS NOT NULL DO NOTHING RETURNING ${COLUMNS}`,
    params,
  );
}

/** Messages that may be handed out: not processed, not handed to anyone yet. */
const ASSIGNABLE = `assigned_to IS NULL AND is_read = 0`;

export async function countAssignable(em: EntityManager): Promise<number> {
  const [r] = await em.query(`SELECT count(*)::bigint AS n FROM ${T} WHERE ${ASSIGNABLE}`);
  return Number(r?.n ?? 0);
}

/**
 * Hands up to `count` assignable messages, oldest first, to `username`. Rows another transaction
 * is handing out at this moment are skipped (FOR UPDATE SKIP LOCKED), so two managers assigning
 * at once never hand the same message twice. Returns how many were handed.
 *
 * The pick is a CTE, evaluated once: as `id IN (SELECT … LIMIT n FOR UPDATE SKIP LOCKED)` the
 * planner may rescan the subquery for every candidate row, and each rescan skips the rows this
 * statement has just updated — a sliding window that hands out far more than n.
 */
export async function assignOldest(em: EntityManager, username: string, count: number, by: string): Promise<number> {
  const [, affected] = (await em.query(
    `WITH picked AS MATERIALIZED (
       SELECT id FROM ${T} WHERE ${ASSIGNABLE} ORDER BY datetime, id LIMIT $3 FOR UPDATE SKIP LOCKED
     )
     UPDATE ${T} m SET assigned_to = $1, assigned_by = $2, assigned_at = now() FROM picked WHERE m.id = picked.id`,
    [username, by, count],
  )) as [unknown, number];
  return Number(affected ?? 0);
}

/** The caller's handed messages still waiting: not processed, not decided. */
export async function countPending(em: EntityManager, username: string): Promise<number> {
  const [r] = await em.query(
    `SELECT count(*)::bigint AS n FROM ${T} WHERE assigned_to = $1 AND is_read = 0 AND trang_thai_duyet_thong_tin = 0`,
    [username],
  );
  return Number(r?.n ?? 0);
}
