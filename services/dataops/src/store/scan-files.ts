import type { EntityManager } from 'typeorm';
import { Paging, vnDateTime } from '@cskh/kit';
import { pageSql, Where } from '@cskh/kit/data';
import type { ScanKind, ScanProgress, ScanResultColumns, ScanState } from '../domain/scan';
import { modified } from './modified-rows';
import { SCHEMA } from './schema';

export interface ScanFileRow {
  id: string;
  kind: ScanKind;
  file_name: string;
  uploaded_by: string;
  uploaded_by_name: string;
  uploaded_at: Date;
  total: number;
  scanned: number;
  state: ScanState;
  reason: string;
  lease_owner: string | null;
  lease_until: Date | null;
}

export const scanFileView = (f: ScanFileRow) => ({
  id: f.id,
  FileName: f.file_name,
  ngay_upload: vnDateTime(f.uploaded_at),
  nguoi_upload: f.uploaded_by,
  nguoi_upload_ten: f.uploaded_by_name,
  total_numbers: f.total,
  so_da_quet: f.scanned,
  state: f.state,
  reason: f.reason,
  kind: f.kind,
});

export const progressOf = (f: ScanFileRow): ScanProgress => ({
  kind: f.kind,
  FileName: f.file_name,
  id: f.id,
  scanned: f.scanned,
  total: f.total,
  state: f.state,
  reason: f.reason,
});

export async function scanFileByName(em: EntityManager, kind: ScanKind, fileName: string, lock = false): Promise<ScanFileRow | undefined> {
  const rows: ScanFileRow[] = await em.query(
    `SELECT * FROM "${SCHEMA}".scan_file WHERE kind = $1 AND file_name = $2 ${lock ? 'FOR UPDATE' : ''}`,
    [kind, fileName],
  );
  return rows[0];
}

export async function scanFileById(em: EntityManager, kind: ScanKind, id: string, lock = false): Promise<ScanFileRow | undefined> {
  const rows: ScanFileRow[] = await em.query(
    `SELECT * FROM "${SCHEMA}".scan_file WHERE kind = $1 AND id = $2 ${lock ? 'FOR UPDATE' : ''}`,
    [kind, id],
  );
  return rows[0];
}

/**
 * Adds numbers to a file (created on its first chunk); numbers already in it are skipped, so a
 * re-sent chunk adds nothing. A finished file that gets new numbers is 'stopped' again (resumable).
 */
export async function insertScanNumbers(
  em: EntityManager,
  kind: ScanKind,
  fileName: string,
  who: { username: string; fullname: string },
  numbers: ReadonlyArray<{ phone: string; phone9: string }>,
): Promise<number> {
  return em.transaction(async (tx) => {
    const [file]: Array<{ id: string }> = await tx.query(
      `INSERT INTO "${SCHEMA}".scan_file (kind, file_name, uploaded_by, uploaded_by_name) VALUES ($1, $2, $3, $4)
       ON CONFLICT (kind, file_name) DO UPDATE SET updated_at = now() RETURNING id`,
      [kind, fileName, who.username, who.fullname],
    );
    const inserted: unknown[] = await tx.query(
      `INSERT INTO "${SCHEMA}".scan_number (file_id, phone, phone9)
       SELECT $1, p, p9 FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS u(p, p9, o) ORDER BY o
       ON CONFLICT (file_id, phone9) DO NOTHING RETURNING 1`,
      [file.id, numbers.map((n) => n.phone), numbers.map((n) => n.phone9)],
    );
    if (inserted.length)
      await tx.query(
        `UPDATE "${SCHEMA}".scan_file SET total = total + $2, state = CASE WHEN state = 'done' THEN 'stopped' ELSE state END, updated_at = now() WHERE id = $1`,
        [file.id, inserted.length],
      );
    return inserted.length;
  });
}

export interface ScanNumberRow extends ScanResultColumns {
  phone: string;
  phone9: string;
  file_name: string;
  uploaded_at: Date;
  scanned_at: Date | null;
}

export const scanResultView = (r: ScanNumberRow) => ({
  PhoneNumber: r.phone,
  FileName: r.file_name,
  NumberType: r.number_type,
  NumberCurrentPackage: r.current_package,
  NumberPackageRegisterDate: r.register_date,
  NumberPackageRegisterExpire: r.register_expire,
  CurrentCycle: r.current_cycle,
  NumberFreeCycleLeft: r.free_cycle_left,
  NumberStatus: r.number_status,
  Status: r.status,
  dtct: r.dtct,
  ngay_upload: vnDateTime(r.uploaded_at),
  ngay_quet: vnDateTime(r.scanned_at),
});

const SCAN_RESULT_SELECT = `SELECT n.*, f.file_name, f.uploaded_at FROM "${SCHEMA}".scan_number n JOIN "${SCHEMA}".scan_file f ON f.id = n.file_id`;

/** One page of a kind's files (newest upload first) and how many match. */
export async function listScanFiles(
  em: Pick<EntityManager, 'query'>,
  where: Where,
  paging: Paging,
): Promise<{ rows: ScanFileRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    em.query(`SELECT * FROM "${SCHEMA}".scan_file ${where.sql} ORDER BY uploaded_at DESC, id ${pageSql(paging)}`, where.params) as Promise<
      ScanFileRow[]
    >,
    em.query(`SELECT count(*)::int AS n FROM "${SCHEMA}".scan_file ${where.sql}`, where.params) as Promise<Array<{ n: number }>>,
  ]);
  return { rows, total: total[0].n };
}

/** One page of scanned numbers (with their file's name and upload time) and how many match. */
export async function listScanResults(
  em: Pick<EntityManager, 'query'>,
  where: Where,
  paging: Paging,
): Promise<{ rows: ScanNumberRow[]; total: number }> {
  const [rows, total] = await Promise.all([
    em.query(`${SCAN_RESULT_SELECT} ${where.sql} ORDER BY n.file_id, n.seq ${pageSql(paging)}`, where.params) as Promise<ScanNumberRow[]>,
    em.query(
      `SELECT count(*)::int AS n FROM "${SCHEMA}".scan_number n JOIN "${SCHEMA}".scan_file f ON f.id = n.file_id ${where.sql}`,
      where.params,
    ) as Promise<Array<{ n: number }>>,
  ]);
  return { rows, total: total[0].n };
}

/** Numbers of a kind's files uploaded by (or handed to) one account that are not scanned yet. */
export async function countUnscannedOf(em: Pick<EntityManager, 'query'>, kind: ScanKind, username: string): Promise<number> {
  const [r]: Array<{ n: number }> = await em.query(
    `SELECT coalesce(sum(total - scanned), 0)::int AS n FROM "${SCHEMA}".scan_file WHERE kind = $1 AND uploaded_by = $2`,
    [kind, username],
  );
  return r.n;
}

/** Locks a file by id (any kind); undefined when it is gone. */
export async function lockScanFile(em: Pick<EntityManager, 'query'>, id: string): Promise<ScanFileRow | undefined> {
  const [locked]: ScanFileRow[] = await em.query(`SELECT * FROM "${SCHEMA}".scan_file WHERE id = $1 FOR UPDATE`, [id]);
  return locked;
}

export async function deleteScanFile(em: Pick<EntityManager, 'query'>, id: string): Promise<void> {
  await em.query(`DELETE FROM "${SCHEMA}".scan_file WHERE id = $1`, [id]);
}

/** Hands a file to another uploader. */
export async function setScanFileUploader(em: Pick<EntityManager, 'query'>, id: string, username: string, fullname: string): Promise<void> {
  await em.query(`UPDATE "${SCHEMA}".scan_file SET uploaded_by = $2, uploaded_by_name = $3, updated_at = now() WHERE id = $1`, [
    id,
    username,
    fullname,
  ]);
}

export async function renameScanFile(em: Pick<EntityManager, 'query'>, id: string, fileName: string): Promise<ScanFileRow> {
  const [u]: ScanFileRow[] = await modified(
    em,
    `UPDATE "${SCHEMA}".scan_file SET file_name = $2, updated_at = now() WHERE id = $1 RETURNING *`,
    [id, fileName],
  );
  return u;
}

/** A start or stop: the new state, with the last failure's reason cleared. */
export async function setScanFileState(em: Pick<EntityManager, 'query'>, id: string, state: ScanState): Promise<ScanFileRow> {
  const [u]: ScanFileRow[] = await modified(
    em,
    `UPDATE "${SCHEMA}".scan_file SET state = $2, reason = '', updated_at = now() WHERE id = $1 RETURNING *`,
    [id, state],
  );
  return u;
}

/**
 * How many scanned numbers of a file have each package: the current package, or for quetdtct
 * each eligible program of the comma-separated list.
 */
export async function scannedPackageCounts(
  em: Pick<EntityManager, 'query'>,
  kind: ScanKind,
  fileId: string,
): Promise<Array<{ goi: string; count: number }>> {
  const col = kind === 'quetdtct' ? `unnest(string_to_array(n.dtct, ','))` : `n.current_package`;
  return em.query(
    `SELECT goi, count(*)::int AS count FROM (SELECT ${col} AS goi FROM "${SCHEMA}".scan_number n WHERE n.file_id = $1 AND n.scanned_at IS NOT NULL) x
      WHERE goi <> '' GROUP BY goi ORDER BY count DESC, goi`,
    [fileId],
  );
}

// The scan worker's statements (workers/scan-worker.ts): a file is leased to one replica at a time.

/** One running file without a live lease (or with this replica's), now leased to it. */
export async function claimRunningScanFile(
  em: Pick<EntityManager, 'query'>,
  instance: string,
  leaseMs: number,
): Promise<ScanFileRow | undefined> {
  const rows: ScanFileRow[] = await modified(
    em,
    `UPDATE "${SCHEMA}".scan_file SET lease_owner = $1, lease_until = now() + make_interval(secs => $2::double precision / 1000)
        WHERE id = (SELECT id FROM "${SCHEMA}".scan_file
                     WHERE state = 'running' AND (lease_until IS NULL OR lease_until < now() OR lease_owner = $1)
                     ORDER BY updated_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING *`,
    [instance, leaseMs],
  );
  return rows[0];
}

/** The next unscanned numbers of a file, in upload order. */
export async function unscannedNumbers(
  em: Pick<EntityManager, 'query'>,
  fileId: string,
  limit: number,
): Promise<Array<{ phone: string; phone9: string }>> {
  return em.query(`SELECT phone, phone9 FROM "${SCHEMA}".scan_number WHERE file_id = $1 AND scanned_at IS NULL ORDER BY seq LIMIT $2`, [
    fileId,
    limit,
  ]);
}

/** Stores results of numbers not scanned yet (each number's result is stored once); how many it stored. */
export async function storeScanResults(
  em: Pick<EntityManager, 'query'>,
  fileId: string,
  results: Array<ScanResultColumns & { phone9: string }>,
  instance: string,
): Promise<number> {
  const updated: unknown[] = await modified(
    em,
    `UPDATE "${SCHEMA}".scan_number AS s SET status = v.status, number_type = v.number_type, current_package = v.current_package,
              register_date = v.register_date, register_expire = v.register_expire, current_cycle = v.current_cycle,
              free_cycle_left = v.free_cycle_left, number_status = v.number_status, dtct = v.dtct, scanned_at = now(), scanned_by = $3
         FROM jsonb_to_recordset($2::jsonb) AS v(phone9 text, status text, number_type text, current_package text, register_date text,
              register_expire text, current_cycle int, free_cycle_left int, number_status text, dtct text)
        WHERE s.file_id = $1 AND s.phone9 = v.phone9 AND s.scanned_at IS NULL
        RETURNING 1`,
    [fileId, JSON.stringify(results), instance],
  );
  return updated.length;
}

/** Adds a step's stored count to the file and renews the lease. */
export async function addScannedAndRenewLease(
  em: Pick<EntityManager, 'query'>,
  fileId: string,
  scanned: number,
  leaseMs: number,
): Promise<ScanFileRow | undefined> {
  const [next]: ScanFileRow[] = await modified(
    em,
    `UPDATE "${SCHEMA}".scan_file SET scanned = scanned + $2, lease_until = now() + make_interval(secs => $3::double precision / 1000), updated_at = now()
      WHERE id = $1 RETURNING *`,
    [fileId, scanned, leaseMs],
  );
  return next;
}

/** Ends a running file this replica leases (done or failed) and releases it; undefined if it no longer does. */
export async function finishScanFile(
  em: Pick<EntityManager, 'query'>,
  fileId: string,
  instance: string,
  state: 'done' | 'failed',
  reason: string,
): Promise<ScanFileRow | undefined> {
  const rows: ScanFileRow[] = await modified(
    em,
    `UPDATE "${SCHEMA}".scan_file SET state = $3, reason = $4, lease_owner = NULL, lease_until = NULL, updated_at = now()
      WHERE id = $1 AND lease_owner = $2 AND state = 'running' RETURNING *`,
    [fileId, instance, state, reason],
  );
  return rows[0];
}

/** Releases one file's lease if this replica holds it. */
export async function releaseScanLease(em: Pick<EntityManager, 'query'>, fileId: string, instance: string): Promise<void> {
  await em.query(`UPDATE "${SCHEMA}".scan_file SET lease_owner = NULL, lease_until = NULL WHERE id = $1 AND lease_owner = $2`, [
    fileId,
    instance,
  ]);
}

/** Releases every lease this replica holds (a graceful shutdown). */
export async function releaseAllScanLeases(em: Pick<EntityManager, 'query'>, instance: string): Promise<void> {
  await em.query(`UPDATE "${SCHEMA}".scan_file SET lease_owner = NULL, lease_until = NULL WHERE lease_owner = $1`, [instance]);
}
