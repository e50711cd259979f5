import type { DataSource } from 'typeorm';
import { Paging } from '@cskh/kit';
import { ListFilter, listPage, preparedQuery, Where } from '@cskh/kit/data';
import { SCHEMA } from './schema';
import { LOOKUP_LOG_ROLLUPS } from './log-rollups';

/** The lookup log (lstracuu, spec 3 §3 "Lookup log"): every SQL statement that reads or writes it. */
const LOOKUP_LOG = `"${SCHEMA}".lookup_log`;

/** A lookup-log row as the lists and the create route read it. */
export interface LookupLogRow {
  id: string;
  so_dien_thoai: string;
  ten_tra_cuu: string;
  noi_dung: string;
  username: string;
  full_name: string;
  created_at: Date;
}

/** A row the engine logs: `request_id` (socket path) makes a redelivered request log once. */
export interface NewLogRow {
  so_dien_thoai: string;
  ten_tra_cuu: string;
  noi_dung: string;
  username: string;
  full_name: string;
  request_id?: string | null;
  created_at?: Date;
}

/** An imported row: `importKey` (a hash of its content) makes a re-sent chunk store it once. */
export interface ImportedLogRow {
  phone: string;
  ten: string;
  noi: string;
  username: string;
  fullName: string;
  at: Date;
  importKey: string;
}

const ROW_COLUMNS = 'id, so_dien_thoai, ten_tra_cuu, noi_dung, username, full_name, created_at';

/** One page (or export window) of the log, newest first; count and countByName from the per-day counters when the filter allows. */
export function listLookupLogPage(ds: DataSource, filter: ListFilter, paging: Pick<Paging, 'skip' | 'take' | 'window'>) {
  return listPage<LookupLogRow>(ds, {
    from: LOOKUP_LOG,
    columns: ROW_COLUMNS,
    orderBy: 'created_at DESC, id',
    key: 'id',
    filter,
    paging,
    rollups: LOOKUP_LOG_ROLLUPS,
    groupBy: 'ten_tra_cuu',
  });
}

/** Inserts one row typed by a user and returns it. */
export async function insertLookupLog(
  ds: DataSource,
  r: { so_dien_thoai: string; ten_tra_cuu: string; noi_dung: string; username: string; full_name: string },
): Promise<LookupLogRow> {
  const [row] = (await ds.query(
    `INSERT INTO ${LOOKUP_LOG} (so_dien_thoai, ten_tra_cuu, noi_dung, username, full_name)
     VALUES ($1, $2, $3, $4, $5)
     RETURNING ${ROW_COLUMNS}`,
    [r.so_dien_thoai, r.ten_tra_cuu, r.noi_dung, r.username, r.full_name],
  )) as LookupLogRow[];
  return row;
}

/** Inserts an import chunk's rows; a row whose import key is stored already is skipped. */
export async function insertImportedLookupLogs(ds: DataSource, rows: ImportedLogRow[]): Promise<void> {
  const params: unknown[] = [];
  const tuples = rows.map((r) => {
    const values = [r.phone, r.ten, r.noi, r.username, r.fullName, r.at, r.importKey];
    const b = params.length;
    params.push(...values);
    return `(${values.map((_, i) => `$${b + i + 1}`).join(', ')})`;
  });
  await ds.query(
    `INSERT INTO ${LOOKUP_LOG} (so_dien_thoai, ten_tra_cuu, noi_dung, username, full_name, created_at, import_key)
     VALUES ${tuples.join(', ')} ON CONFLICT (import_key) WHERE import_key IS NOT NULL DO NOTHING`,
    params,
  );
}

/**
 * Inserts the engine's log rows in one statement (the log writer's group commit); a row whose
 * request id is stored already (a redelivered socket request) is skipped.
 */
export async function insertLookupLogRows(ds: DataSource, rows: NewLogRow[]): Promise<void> {
  // One array per column: the same statement text for any number of rows (prepared once).
  const cols: unknown[][] = [[], [], [], [], [], [], []];
  const now = new Date();
  for (const r of rows) {
    cols[0].push(r.so_dien_thoai);
    cols[1].push(r.ten_tra_cuu);
    cols[2].push(r.noi_dung);
    cols[3].push(r.username);
    cols[4].push(r.full_name);
    cols[5].push(r.request_id ?? null);
    cols[6].push(r.created_at ?? now);
  }
  await preparedQuery(ds, 'lookup_log_insert', INSERT_ROWS, cols);
}
const INSERT_ROWS = `INSERT INTO ${LOOKUP_LOG} (so_dien_thoai, ten_tra_cuu, noi_dung, username, full_name, request_id, created_at)
  SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::timestamptz[])
  ON CONFLICT (request_id) WHERE request_id IS NOT NULL DO NOTHING`;

/** Rows nobody has been handed yet. */
/** Unassigned rows `scope` lets the caller hand out (clauses over the row's columns, e.g. the staff scope over `username`). */
export async function countUnassignedLookupLogs(ds: DataSource, scope: (w: Where) => unknown = () => undefined): Promise<number> {
  const where = new Where().add('assigned_to IS NULL');
  scope(where);
  const [r] = await ds.query(`SELECT count(*)::int AS total FROM ${LOOKUP_LOG} ${where.sql}`, where.params);
  return r.total;
}

/**
 * Hands each staff member the oldest unassigned rows `scope` lets the caller hand out (count each),
 * in one transaction; returns the rows handed out.
 */
export async function assignOldestUnassignedLookupLogs(
  ds: DataSource,
  items: Array<{ username: string; count: number }>,
  scope: (w: Where) => unknown = () => undefined,
): Promise<number> {
  let assigned = 0;
  await ds.transaction(async (em) => {
    for (const item of items) {
      const pool = new Where([item.username, item.count]).add('assigned_to IS NULL');
      scope(pool);
      const r = await em.query(
        // Materialised: PostgreSQL may otherwise re-run a LIMIT subquery per row and hand out more than asked.
        `WITH picked AS MATERIALIZED (
           SELECT id FROM ${LOOKUP_LOG} ${pool.sql} ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED)
         UPDATE ${LOOKUP_LOG} l SET assigned_to = $1, assigned_at = now() FROM picked WHERE l.id = picked.id`,
        pool.params,
      );
      assigned += Number(r?.[1] ?? 0);
    }
  });
  return assigned;
}

/**
 * Deletes one row if `scope` (clauses over the row's columns, e.g. the staff scope over
 * `username`) lets it; returns how many were deleted (0 when there was none or it is out of scope).
 */
export async function deleteLookupLog(ds: DataSource, id: string, scope: (w: Where) => unknown = () => undefined): Promise<number> {
  const where = new Where().add('id = ?', id);
  scope(where);
  const r = await ds.query(`DELETE FROM ${LOOKUP_LOG} ${where.sql}`, where.params);
  return Number(r?.[1] ?? 0);
}
