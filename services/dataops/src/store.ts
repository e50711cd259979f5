import type { EntityManager } from 'typeorm';
import { vnDateTime } from '@cskh/kit';
import type { ScanKind, ScanProgress, ScanResultColumns, ScanState } from './domain/scan';

/** The service's PostgreSQL schema. */
export const SCHEMA = 'dataops';

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
  const rows: ScanFileRow[] = await em.query(`SELECT * FROM dataops.scan_file WHERE kind = $1 AND file_name = $2 ${lock ? 'FOR UPDATE' : ''}`, [kind, fileName]);
  return rows[0];
}

export async function scanFileById(em: EntityManager, kind: ScanKind, id: string, lock = false): Promise<ScanFileRow | undefined> {
  const rows: ScanFileRow[] = await em.query(`SELECT * FROM dataops.scan_file WHERE kind = $1 AND id = $2 ${lock ? 'FOR UPDATE' : ''}`, [kind, id]);
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
      `INSERT INTO dataops.scan_file (kind, file_name, uploaded_by, uploaded_by_name) VALUES ($1, $2, $3, $4)
       ON CONFLICT (kind, file_name) DO UPDATE SET updated_at = now() RETURNING id`,
      [kind, fileName, who.username, who.fullname],
    );
    const inserted: unknown[] = await tx.query(
      `INSERT INTO dataops.scan_number (file_id, phone, phone9)
       SELECT $1, p, p9 FROM unnest($2::text[], $3::text[]) WITH ORDINALITY AS u(p, p9, o) ORDER BY o
       ON CONFLICT (file_id, phone9) DO NOTHING RETURNING 1`,
      [file.id, numbers.map((n) => n.phone), numbers.map((n) => n.phone9)],
    );
    if (inserted.length)
      await tx.query(
        `UPDATE dataops.scan_file SET total = total + $2, state = CASE WHEN state = 'done' THEN 'stopped' ELSE state END, updated_at = now() WHERE id = $1`,
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

export const SCAN_RESULT_SELECT = `SELECT n.*, f.file_name, f.uploaded_at FROM dataops.scan_number n JOIN dataops.scan_file f ON f.id = n.file_id`;

/**
 * Rows of an UPDATE or DELETE … RETURNING: TypeORM's PostgreSQL driver answers those with
 * [rows, affected] (a SELECT or INSERT with its rows).
 */
export async function modified<T = Record<string, unknown>>(em: Pick<EntityManager, 'query'>, sql: string, params: unknown[]): Promise<T[]> {
  const r = await em.query(sql, params);
  return Array.isArray(r) && r.length === 2 && Array.isArray(r[0]) && typeof r[1] === 'number' ? (r[0] as T[]) : (r as T[]);
}
