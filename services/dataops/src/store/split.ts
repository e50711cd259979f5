import type { EntityManager } from 'typeorm';
import { Paging } from '@cskh/kit';
import { pageSql } from '@cskh/kit/data';
import { modified } from './modified-rows';
import { SCHEMA } from './schema';
import type { SplitRowInput } from '../domain/split';

type Db = Pick<EntityManager, 'query'>;

export interface SplitFileRow {
  id: string;
  file_name: string;
  is_activated: number;
  uploaded_by: string;
  uploaded_at: Date;
  total: number;
  used: number;
  allocated: number;
}

/** A data-split number's stored columns (the upload's own names). */
export const SPLIT_NUMBER_COLUMNS = [
  'phone',
  'phone9',
  'loai_thue_bao',
  'goi_cuoc',
  'ngay_dang_ky',
  'ngay_het_han',
  'chu_ky_hien_tai',
  'trang_thai',
  'goi_co_the_dang_ky',
  'so_chu_ky_mien_phi_con_lai',
] as const;
export type SplitNumberInput = Record<(typeof SPLIT_NUMBER_COLUMNS)[number], string>;

const SPLIT_FILE_SELECT = `SELECT f.*, coalesce((SELECT sum(quantity) FROM "${SCHEMA}".split_quota q WHERE q.file_id = f.id), 0)::int AS allocated FROM "${SCHEMA}".split_file f`;

/** A file by name with what its quotas hand out; locked, without that sum (the caller reads the quotas itself). */
export async function splitFileRowByName(em: Db, name: string, lock = false): Promise<SplitFileRow | undefined> {
  const rows: SplitFileRow[] = await em.query(
    lock
      ? `SELECT f.*, 0 AS allocated FROM "${SCHEMA}".split_file f WHERE f.file_name = $1 FOR UPDATE`
      : `${SPLIT_FILE_SELECT} WHERE f.file_name = $1`,
    [name],
  );
  return rows[0];
}

/** One page of the files (newest upload first) and how many there are. */
export async function listSplitFiles(em: Db, paging: Paging): Promise<{ rows: SplitFileRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    em.query(`${SPLIT_FILE_SELECT} ORDER BY f.uploaded_at DESC, f.id ${pageSql(paging)}`) as Promise<SplitFileRow[]>,
    em.query(`SELECT count(*)::int AS n FROM "${SCHEMA}".split_file`) as Promise<Array<{ n: number }>>,
  ]);
  return { rows, total: total[0].n };
}

/** Every file, by name. */
export async function allSplitFiles(em: Db): Promise<SplitFileRow[]> {
  return em.query(`${SPLIT_FILE_SELECT} ORDER BY f.file_name`);
}

/**
 * An upload chunk: the file (created on its first chunk) gets the rows it does not hold yet (same
 * file, last 9 digits and package); its total counts the added ones.
 */
export async function insertSplitNumbers(em: Db, fileName: string, uploadedBy: string, rows: SplitNumberInput[]): Promise<void> {
  const [file]: Array<{ id: string }> = await em.query(
    `INSERT INTO "${SCHEMA}".split_file (file_name, uploaded_by) VALUES ($1, $2) ON CONFLICT (file_name) DO UPDATE SET file_name = EXCLUDED.file_name RETURNING id`,
    [fileName, uploadedBy],
  );
  const cols = SPLIT_NUMBER_COLUMNS;
  const inserted: unknown[] = await em.query(
    `INSERT INTO "${SCHEMA}".split_number (file_id, ${cols.join(', ')})
     SELECT $1, ${cols.map((k) => `v.${k}`).join(', ')} FROM jsonb_to_recordset($2::jsonb) AS v(${cols.map((k) => `${k} text`).join(', ')})
     ON CONFLICT (file_id, phone9, upper(goi_cuoc)) DO NOTHING RETURNING 1`,
    [file.id, JSON.stringify(rows.map((r) => Object.fromEntries(cols.map((k) => [k, r[k]]))))],
  );
  if (inserted.length) await em.query(`UPDATE "${SCHEMA}".split_file SET total = total + $2 WHERE id = $1`, [file.id, inserted.length]);
}

/** A number of an uploaded file as stored: its checked import row, and who took it when. */
export interface SplitNumberRow extends SplitRowInput {
  id: string;
  file_id: string;
  taken_by: string | null;
  taken_at: Date | null;
}

/** One page of a file's numbers, in upload order. */
export async function splitNumbersPage(em: Db, fileId: string, paging: Paging): Promise<SplitNumberRow[]> {
  return em.query(`SELECT * FROM "${SCHEMA}".split_number WHERE file_id = $1 ORDER BY id ${pageSql(paging)}`, [fileId]);
}

/** Whether a file of that name was there to delete. */
export async function deleteSplitFileByName(em: Db, name: string): Promise<boolean> {
  const rows: unknown[] = await modified(em, `DELETE FROM "${SCHEMA}".split_file WHERE file_name = $1 RETURNING 1`, [name]);
  return rows.length > 0;
}

/** Whether a file of that name was there to (de)activate. */
export async function setSplitFileActivated(em: Db, name: string, activated: number): Promise<boolean> {
  const rows: unknown[] = await modified(em, `UPDATE "${SCHEMA}".split_file SET is_activated = $2 WHERE file_name = $1 RETURNING 1`, [
    name,
    activated,
  ]);
  return rows.length > 0;
}

export interface QuotaRow {
  username: string;
  quantity: number;
  taken: number;
}

/** A file's quantities per account, by username. */
export async function quotasOfFile(em: Db, fileId: string): Promise<QuotaRow[]> {
  return em.query(`SELECT username, quantity, taken FROM "${SCHEMA}".split_quota WHERE file_id = $1 ORDER BY username`, [fileId]);
}

export async function upsertSplitQuota(em: Db, fileId: string, username: string, quantity: number, setBy: string): Promise<void> {
  await em.query(
    `INSERT INTO "${SCHEMA}".split_quota (file_id, username, quantity, set_by) VALUES ($1, $2, $3, $4)
     ON CONFLICT (file_id, username) DO UPDATE SET quantity = EXCLUDED.quantity, set_by = EXCLUDED.set_by, updated_at = now()`,
    [fileId, username, quantity, setBy],
  );
}

/** One account's permitted files (by name), permitted days from today on, and quantities per file. */
export async function permissionsOf(em: Db, username: string, today: string) {
  const [files, days, quotas] = await Promise.all([
    em.query(
      `SELECT f.file_name FROM "${SCHEMA}".data_perm_file p JOIN "${SCHEMA}".split_file f ON f.id = p.file_id WHERE p.username = $1 ORDER BY f.file_name`,
      [username],
    ) as Promise<Array<{ file_name: string }>>,
    em.query(
      `SELECT to_char(day, 'YYYY-MM-DD') AS day FROM "${SCHEMA}".data_perm_day WHERE username = $1 AND day >= $2::date ORDER BY day`,
      [username, today],
    ) as Promise<Array<{ day: string }>>,
    em.query(
      `SELECT f.file_name, q.quantity, q.taken FROM "${SCHEMA}".split_quota q JOIN "${SCHEMA}".split_file f ON f.id = q.file_id WHERE q.username = $1 ORDER BY f.file_name`,
      [username],
    ) as Promise<Array<{ file_name: string; quantity: number; taken: number }>>,
  ]);
  return { files, days, quotas };
}

export async function splitFileIdsByName(em: Db, names: string[]): Promise<Array<{ id: string; file_name: string }>> {
  return em.query(`SELECT id, file_name FROM "${SCHEMA}".split_file WHERE file_name = ANY($1)`, [names]);
}

/** The saved lists replace the account's (files, and days from today on). */
export async function replaceDataPermissions(
  em: Db,
  username: string,
  today: string,
  fileIds: string[],
  days: string[],
  grantedBy: string,
): Promise<void> {
  await em.query(`DELETE FROM "${SCHEMA}".data_perm_file WHERE username = $1`, [username]);
  await em.query(`DELETE FROM "${SCHEMA}".data_perm_day WHERE username = $1 AND day >= $2::date`, [username, today]);
  if (fileIds.length)
    await em.query(`INSERT INTO "${SCHEMA}".data_perm_file (username, file_id, granted_by) SELECT $1, unnest($2::uuid[]), $3`, [
      username,
      fileIds,
      grantedBy,
    ]);
  if (days.length)
    await em.query(
      `INSERT INTO "${SCHEMA}".data_perm_day (username, day, granted_by) SELECT $1, unnest($2::date[]), $3 ON CONFLICT DO NOTHING`,
      [username, days, grantedBy],
    );
}

/** The account's quota rows with numbers left on activated files permitted to it today, locked (one taker's calls queue, others' do not). */
export async function lockTakeableQuotaFiles(
  em: Db,
  username: string,
  today: string,
): Promise<Array<{ file_id: string; file_name: string }>> {
  return em.query(
    `SELECT q.file_id, f.file_name FROM "${SCHEMA}".split_quota q JOIN "${SCHEMA}".split_file f ON f.id = q.file_id
      WHERE q.username = $1 AND q.taken < q.quantity AND f.is_activated = 1
        AND EXISTS (SELECT 1 FROM "${SCHEMA}".data_perm_file p WHERE p.username = $1 AND p.file_id = f.id)
        AND EXISTS (SELECT 1 FROM "${SCHEMA}".data_perm_day d WHERE d.username = $1 AND d.day = $2::date)
      ORDER BY f.uploaded_at, f.id
      FOR UPDATE OF q`,
    [username, today],
  );
}

/** Reserves a file's next untaken, not blacklisted number for the taker and counts it on the quota and the file. */
/** A taken number with its whole uploaded row (spec 3 §3 "Data-split upload"). */
export interface TakenSplitNumber {
  phone: string;
  goi_cuoc: string;
  loai_thue_bao: string;
  ngay_dang_ky: string;
  ngay_het_han: string;
  chu_ky_hien_tai: string;
  trang_thai: string;
  goi_co_the_dang_ky: string;
  so_chu_ky_mien_phi_con_lai: string;
}

export async function takeNextSplitNumber(em: Db, fileId: string, username: string): Promise<TakenSplitNumber | undefined> {
  const [n]: TakenSplitNumber[] = await modified(
    em,
    `UPDATE "${SCHEMA}".split_number SET taken_by = $2, taken_at = now()
      WHERE id = (SELECT n.id FROM "${SCHEMA}".split_number n
                   WHERE n.file_id = $1 AND n.taken_by IS NULL
                     AND NOT EXISTS (SELECT 1 FROM "${SCHEMA}".blacklist b WHERE b.phone9 = n.phone9)
                   ORDER BY n.id LIMIT 1 FOR UPDATE SKIP LOCKED)
      RETURNING phone, goi_cuoc, loai_thue_bao, ngay_dang_ky, ngay_het_han, chu_ky_hien_tai, trang_thai, goi_co_the_dang_ky,
                so_chu_ky_mien_phi_con_lai`,
    [fileId, username],
  );
  if (!n) return undefined;
  await em.query(`UPDATE "${SCHEMA}".split_quota SET taken = taken + 1 WHERE file_id = $1 AND username = $2`, [fileId, username]);
  await em.query(`UPDATE "${SCHEMA}".split_file SET used = used + 1 WHERE id = $1`, [fileId]);
  return n;
}

/** Whether the account was ever given numbers (a quantity above 0 on some file). */
export async function hasSplitQuota(em: Db, username: string): Promise<boolean> {
  const [given] = await em.query(`SELECT 1 FROM "${SCHEMA}".split_quota WHERE username = $1 AND quantity > 0 LIMIT 1`, [username]);
  return !!given;
}
