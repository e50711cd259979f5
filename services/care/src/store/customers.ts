import type { EntityManager } from 'typeorm';
import { AppError, Paging, parseDateTime } from '@cskh/kit';
import { pageSql, typedContains, Where } from '@cskh/kit/data';
import type { SplitNumber } from '../clients/dataops-split-numbers';
import type { CustomerRow } from '../domain/customer-row';
import type { DivisionPool } from '../domain/division';
import { MSG } from '../domain/messages';
import { SCHEMA } from './schema';

/** Uploaded customer lists and their customers: division, take-next, the care case (plain SQL over an EntityManager). */

const UPLOAD = `"${SCHEMA}".upload`;
const CUSTOMER = `"${SCHEMA}".customer`;

export interface UploadRow {
  id: string;
  filename: string;
  created_by: string;
  created_by_fullname: string;
  created_at: Date;
  total: string;
  used: string;
  assignable: string;
}

export interface CustomerDbRow {
  id: string;
  upload_id: string | null;
  phone: string;
  phone9: string;
  type: string;
  package: string;
  register_at: Date | null;
  expired_at: Date | null;
  package_cycle: string;
  state: string;
  package_can_register: string;
  free_cycles_left: string;
  status: string;
  assigned_to: string | null;
  taken_by: string | null;
  care_package: string;
  care_note: string;
  appointment_at: Date | null;
}

const CUSTOMER_COLUMNS = `id, upload_id, phone, phone9, type, package, register_at, expired_at, package_cycle, state, package_can_register,
  free_cycles_left, status, assigned_to, taken_by, care_package, care_note, appointment_at`;

// ---------- uploads ----------

/** The caller's list of that file name (created on the first chunk; re-sent chunks find it). */
export async function uploadFor(em: EntityManager, filename: string, by: { username: string; fullname: string }): Promise<string> {
  const [row] = await em.query(
    `INSERT INTO ${UPLOAD} (filename, created_by, created_by_fullname) VALUES ($1, $2, $3)
     ON CONFLICT (created_by, filename) DO UPDATE SET created_by_fullname = EXCLUDED.created_by_fullname RETURNING id`,
    [filename, by.username, by.fullname],
  );
  return row.id;
}

/** Pool of a division as SQL over the customer table (alias c). */
export function poolSql(pool: DivisionPool, where: Where): string {
  return pool.kind === 'unassigned'
    ? `c.assigned_to IS NULL AND c.status = 'NORMAL'`
    : `c.assigned_to = ${where.param(pool.username)} AND c.status = 'ASSIGNED'`;
}

/** Uploads newest first, each with its total, handed-out and what `pool` may still divide. */
export async function pageUploads(em: EntityManager, pool: DivisionPool | null, paging: Pick<Paging, 'skip' | 'take'>, search = '') {
  const w = new Where();
  const assignable = pool ? `count(*) FILTER (WHERE ${poolSql(pool, w)})` : '0';
  // The search box: part of the list's name or of the uploader's username or name, as staff type it.
  const matching = (where: Where) =>
    search.trim() ? where.add(...typedContains(['u.filename', 'u.created_by', 'u.created_by_fullname'], search.trim())) : where;
  const found = matching(new Where(w.params));
  const count = matching(new Where());
  const [rows, total] = await Promise.all([
    em.query(
      `SELECT u.id, u.filename, u.created_by, u.created_by_fullname, u.created_at,
              count(c.id)::bigint AS total, count(c.assigned_to)::bigint AS used, ${assignable}::bigint AS assignable
         FROM ${UPLOAD} u LEFT JOIN ${CUSTOMER} c ON c.upload_id = u.id
        ${found.sql}
        GROUP BY u.id ORDER BY u.created_at DESC, u.id ${pageSql(paging)}`,
      found.params,
    ) as Promise<UploadRow[]>,
    em.query(`SELECT count(*)::bigint AS n FROM ${UPLOAD} u ${count.sql}`, count.params) as Promise<Array<{ n: string }>>,
  ]);
  return { rows, count: Number(total[0]?.n ?? 0) };
}

/** Renames a list; NOT_FOUND when it is gone, CONFLICT when its uploader already has a list of that name. */
export async function renameUpload(em: EntityManager, id: string, filename: string): Promise<{ from: string }> {
  const [row] = (await em.query(`SELECT filename, created_by FROM ${UPLOAD} WHERE id = $1 FOR UPDATE`, [id])) as Array<{
    filename: string;
    created_by: string;
  }>;
  if (!row) throw new AppError('NOT_FOUND', MSG.uploadNotFound);
  const [taken] = await em.query(`SELECT 1 FROM ${UPLOAD} WHERE created_by = $1 AND filename = $2 AND id <> $3`, [
    row.created_by,
    filename,
    id,
  ]);
  if (taken) throw new AppError('CONFLICT', MSG.uploadNameTaken(filename));
  await em.query(`UPDATE ${UPLOAD} SET filename = $2 WHERE id = $1`, [id, filename]);
  return { from: row.filename };
}

/**
 * Deletes the upload and its customers nobody holds yet; customers handed out or in care stay
 * (their upload_id becomes null). Locks the upload so a division cannot run meanwhile.
 */
export async function deleteUpload(em: EntityManager, id: string): Promise<{ removed: number; kept: number }> {
  const found = await em.query(`SELECT id FROM ${UPLOAD} WHERE id = $1 FOR UPDATE`, [id]);
  if (!found.length) throw new AppError('NOT_FOUND', MSG.uploadNotFound);
  const [, removed] = (await em.query(`DELETE FROM ${CUSTOMER} WHERE upload_id = $1 AND assigned_to IS NULL AND status = 'NORMAL'`, [
    id,
  ])) as [unknown, number];
  const [k] = await em.query(`SELECT count(*)::int AS n FROM ${CUSTOMER} WHERE upload_id = $1`, [id]);
  await em.query(`DELETE FROM ${UPLOAD} WHERE id = $1`, [id]);
  return { removed: Number(removed ?? 0), kept: k.n };
}

// ---------- customers ----------

/** Inserts imported customers; rows whose key is already stored are skipped. */
export async function insertCustomers(
  em: EntityManager,
  uploadId: string,
  rows: ReadonlyArray<{ row: CustomerRow; importKey: string }>,
): Promise<number> {
  if (rows.length === 0) return 0;
  const params: unknown[] = [];
  const tuples = rows.map(({ row: r, importKey }) => {
    const values = [
      uploadId,
      r.phone,
      r.phone9,
      r.type,
      r.package,
      r.registerAt,
      r.expiredAt,
      r.packageCycle,
      r.state,
      r.packageCanRegister,
      importKey,
    ];
    const b = params.length;
    params.push(...values);
    return `(${values.map((_, i) => `$${b + i + 1}`).join(', ')})`;
  });
  const [, n] = (await em.query(
    `INSERT INTO ${CUSTOMER} (upload_id, phone, phone9, type, package, register_at, expired_at, package_cycle, state, package_can_register, import_key)
     VALUES ${tuples.join(', ')} ON CONFLICT (import_key) WHERE import_key IS NOT NULL DO NOTHING`,
    params,
  )) as [unknown, number];
  return Number(n ?? 0);
}

/** The customer of one list with that number (a list holds a number once). */
export async function findCustomerIn(em: EntityManager, uploadId: string, phone9: string): Promise<CustomerDbRow | undefined> {
  const rows: CustomerDbRow[] = await em.query(
    `SELECT ${CUSTOMER_COLUMNS} FROM ${CUSTOMER} WHERE upload_id = $1 AND phone9 = $2 ORDER BY created_at LIMIT 1`,
    [uploadId, phone9],
  );
  return rows[0];
}

export async function lockCustomer(em: EntityManager, id: string): Promise<CustomerDbRow> {
  const rows: CustomerDbRow[] = await em.query(`SELECT ${CUSTOMER_COLUMNS} FROM ${CUSTOMER} WHERE id = $1 FOR UPDATE`, [id]);
  if (!rows[0]) throw new AppError('NOT_FOUND', MSG.customerNotFound);
  return rows[0];
}

export async function deleteCustomer(em: EntityManager, id: string): Promise<void> {
  await em.query(`DELETE FROM ${CUSTOMER} WHERE id = $1`, [id]);
}

export async function pageCustomers(em: EntityManager, where: Where, order: string, paging: Pick<Paging, 'skip' | 'take'>) {
  const [rows, total] = await Promise.all([
    em.query(`SELECT ${CUSTOMER_COLUMNS} FROM ${CUSTOMER} ${where.sql} ORDER BY ${order} ${pageSql(paging)}`, where.params) as Promise<
      CustomerDbRow[]
    >,
    em.query(`SELECT count(*)::bigint AS n FROM ${CUSTOMER} ${where.sql}`, where.params) as Promise<Array<{ n: string }>>,
  ]);
  return { rows, count: Number(total[0]?.n ?? 0) };
}

// ---------- division ----------

export async function countPool(em: EntityManager, uploadId: string, pool: DivisionPool): Promise<number> {
  const w = new Where([uploadId]);
  const [r] = await em.query(`SELECT count(*)::bigint AS n FROM ${CUSTOMER} c WHERE c.upload_id = $1 AND ${poolSql(pool, w)}`, w.params);
  return Number(r?.n ?? 0);
}

/** Locks the upload for the rest of the transaction: divisions of one upload run one after another. */
export async function lockUpload(em: EntityManager, id: string): Promise<void> {
  const found = await em.query(`SELECT id FROM ${UPLOAD} WHERE id = $1 FOR UPDATE`, [id]);
  if (!found.length) throw new AppError('NOT_FOUND', MSG.uploadNotFound);
}

/**
 * Hands `count` customers of the pool, oldest first, to `username` (status ASSIGNED). The pick is
 * a materialised CTE (evaluated once, so LIMIT holds) that skips rows another transaction holds
 * (a salesperson's take-next on a branch's own customers). Returns how many were handed.
 */
export async function handOut(
  em: EntityManager,
  uploadId: string,
  pool: DivisionPool,
  username: string,
  count: number,
  by: string,
): Promise<number> {
  const w = new Where([uploadId, username, by, count]);
  const [, affected] = (await em.query(
    `WITH picked AS MATERIALIZED (
       SELECT c.id FROM ${CUSTOMER} c WHERE c.upload_id = $1 AND ${poolSql(pool, w)} ORDER BY c.created_at, c.id LIMIT $4 FOR UPDATE SKIP LOCKED
     )
     UPDATE ${CUSTOMER} m SET assigned_to = $2, assigned_by = $3, assigned_at = now(), status = 'ASSIGNED' FROM picked WHERE m.id = picked.id`,
    w.params,
  )) as [unknown, number];
  return Number(affected ?? 0);
}

// ---------- care ----------

/** The caller's open case (taken, no result yet). */
export async function openCase(em: EntityManager, username: string): Promise<CustomerDbRow | undefined> {
  const rows: CustomerDbRow[] = await em.query(
    `SELECT ${CUSTOMER_COLUMNS} FROM ${CUSTOMER} WHERE taken_by = $1 AND status = 'TAKECARE' ORDER BY taken_at LIMIT 1`,
    [username],
  );
  return rows[0];
}

/** Serialises one person's take-next calls (two tabs pressing at once open one case). */
export async function lockPerson(em: EntityManager, username: string): Promise<void> {
  await em.query(`SELECT pg_advisory_xact_lock(hashtext($1))`, [`care:take:${username}`]);
}

/**
 * Takes the next customer held by one of `holders` (the caller first, then their team's pool),
 * oldest hand-out first, skipping rows another salesperson is taking at this instant.
 */
export async function takeNext(em: EntityManager, holders: readonly string[], username: string): Promise<CustomerDbRow | undefined> {
  // An UPDATE answers [rows, affected].
  const [rows] = (await em.query(
    `WITH picked AS MATERIALIZED (
       SELECT id FROM ${CUSTOMER} WHERE assigned_to = ANY($1) AND status = 'ASSIGNED'
        ORDER BY array_position($1, assigned_to), assigned_at, id LIMIT 1 FOR UPDATE SKIP LOCKED
     )
     UPDATE ${CUSTOMER} m SET status = 'TAKECARE', taken_by = $2, taken_at = now() FROM picked WHERE m.id = picked.id
     RETURNING ${CUSTOMER_COLUMNS.split(',')
       .map((c) => `m.${c.trim()}`)
       .join(', ')}`,
    [holders, username],
  )) as [CustomerDbRow[], number];
  return rows[0];
}

/** The upload a data-split file's numbers are listed under (its file name, uploader 'dataops'). */
const SPLIT_UPLOADER = { username: 'dataops', fullname: 'Chia data' };

/**
 * A number taken from a data-split file, as the caller's open case (TAKECARE). Keyed by file and
 * number: a retry after a lost answer finds the same row instead of creating a second one.
 */
export async function insertSplitCustomer(
  em: EntityManager,
  n: SplitNumber & { phone9: string },
  username: string,
): Promise<CustomerDbRow | undefined> {
  const uploadId = await uploadFor(em, n.fileName, SPLIT_UPLOADER);
  const key = `split:${n.fileId}:${n.phone9}`;
  // The file's dates as written there; one that does not read as a date is left out, not refused.
  const day = (v: string) => (v.trim() ? (parseDateTime(v.trim()) ?? null) : null);
  const inserted: CustomerDbRow[] = await em.query(
    `INSERT INTO ${CUSTOMER} (upload_id, phone, phone9, package, status, assigned_to, assigned_by, assigned_at, taken_by, taken_at, import_key, source, source_file_id,
       type, register_at, expired_at, package_cycle, state, package_can_register, free_cycles_left)
     VALUES ($1, $2, $3, $4, 'TAKECARE', $5, $6, now(), $5, now(), $7, 'split', $8, $9, $10, $11, $12, $13, $14, $15)
     ON CONFLICT (import_key) WHERE import_key IS NOT NULL DO NOTHING RETURNING ${CUSTOMER_COLUMNS}`,
    [
      uploadId,
      n.phone,
      n.phone9,
      n.package,
      username,
      SPLIT_UPLOADER.username,
      key,
      n.fileId,
      n.type,
      day(n.registerAt),
      day(n.expiredAt),
      n.packageCycle,
      n.state,
      n.packageCanRegister,
      n.freeCyclesLeft,
    ],
  );
  if (inserted[0]) return inserted[0];
  const [again]: CustomerDbRow[] = await em.query(
    `SELECT ${CUSTOMER_COLUMNS} FROM ${CUSTOMER} WHERE import_key = $1 AND taken_by = $2 AND status = 'TAKECARE'`,
    [key, username],
  );
  return again;
}

export async function countWaiting(em: EntityManager, holders: readonly string[]): Promise<number> {
  const [r] = await em.query(`SELECT count(*)::bigint AS n FROM ${CUSTOMER} WHERE assigned_to = ANY($1) AND status = 'ASSIGNED'`, [
    holders,
  ]);
  return Number(r?.n ?? 0);
}

export async function updateCustomer(em: EntityManager, id: string, set: Record<string, unknown>): Promise<CustomerDbRow> {
  const keys = Object.keys(set);
  const assignments = keys.map((k, i) => `${k} = $${i + 2}`).join(', ');
  const [rows] = (await em.query(`UPDATE ${CUSTOMER} SET ${assignments} WHERE id = $1 RETURNING ${CUSTOMER_COLUMNS}`, [
    id,
    ...keys.map((k) => set[k]),
  ])) as [CustomerDbRow[], number];
  return rows[0];
}
