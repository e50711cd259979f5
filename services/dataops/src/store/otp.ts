import type { EntityManager } from 'typeorm';
import { Paging } from '@cskh/kit';
import { pageSql, Where } from '@cskh/kit/data';
import { modified } from './modified-rows';
import { SCHEMA } from './schema';

type Db = Pick<EntityManager, 'query'>;

export interface OtpRow {
  id: string;
  phone_number: string;
  otp: string;
  datetime: Date;
  str_mes: string;
}

export interface OtpFields {
  phone_number: string;
  phone9: string | null;
  otp: string;
  datetime: Date;
  str_mes: string;
}

/** Whether an OTP record's number is in the blacklist (same last 9 digits). */
const BLACKLISTED_SQL = `EXISTS (SELECT 1 FROM "${SCHEMA}".blacklist b WHERE b.phone9 = o.phone9) AS blacklisted`;

/** One page of OTP records (newest first), each with whether its phone is blacklisted, and how many match. */
export async function listOtp(
  em: Db,
  where: Where,
  paging: Paging,
): Promise<{ rows: Array<OtpRow & { blacklisted: boolean }>; total: number }> {
  const [rows, total] = await Promise.all([
    em.query(
      `SELECT o.*, ${BLACKLISTED_SQL} FROM "${SCHEMA}".otp1414 o ${where.sql} ORDER BY o.datetime DESC, o.id ${pageSql(paging)}`,
      where.params,
    ) as Promise<Array<OtpRow & { blacklisted: boolean }>>,
    em.query(`SELECT count(*)::int AS n FROM "${SCHEMA}".otp1414 ${where.sql}`, where.params) as Promise<Array<{ n: number }>>,
  ]);
  return { rows, total: total[0].n };
}

export async function otpRowById(em: Db, id: string, lock = false): Promise<OtpRow | undefined> {
  const rows: OtpRow[] = await em.query(`SELECT * FROM "${SCHEMA}".otp1414 WHERE id = $1 ${lock ? 'FOR UPDATE' : ''}`, [id]);
  return rows[0];
}

export async function isOtpPhoneBlacklisted(em: Db, id: string): Promise<boolean> {
  const [b]: Array<{ blacklisted: boolean }> = await em.query(`SELECT ${BLACKLISTED_SQL} FROM "${SCHEMA}".otp1414 o WHERE o.id = $1`, [id]);
  return !!b?.blacklisted;
}

/** Keyed by phone like the import: a new OTP for a listed phone replaces its row. */
export async function upsertOtp(em: Db, f: OtpFields, by: string): Promise<OtpRow> {
  const [row]: OtpRow[] = await em.query(
    f.phone9
      ? `INSERT INTO "${SCHEMA}".otp1414 (phone_number, phone9, otp, datetime, str_mes, created_by) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (phone9) WHERE phone9 IS NOT NULL DO UPDATE SET phone_number = EXCLUDED.phone_number, otp = EXCLUDED.otp, datetime = EXCLUDED.datetime, str_mes = EXCLUDED.str_mes
         RETURNING *`
      : `INSERT INTO "${SCHEMA}".otp1414 (phone_number, phone9, otp, datetime, str_mes, created_by) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
    [f.phone_number, f.phone9, f.otp, f.datetime, f.str_mes, by],
  );
  return row;
}

export async function updateOtp(em: Db, id: string, f: OtpFields): Promise<OtpRow> {
  const [row]: OtpRow[] = await modified(
    em,
    `UPDATE "${SCHEMA}".otp1414 SET phone_number = $2, phone9 = $3, otp = $4, datetime = $5, str_mes = $6 WHERE id = $1 RETURNING *`,
    [id, f.phone_number, f.phone9, f.otp, f.datetime, f.str_mes],
  );
  return row;
}

export async function deleteOtp(em: Db, id: string): Promise<void> {
  await em.query(`DELETE FROM "${SCHEMA}".otp1414 WHERE id = $1`, [id]);
}

/**
 * An import chunk, one row per phone: a phone's row takes the new message; its time changes only
 * when the message does (a re-sent chunk changes nothing).
 */
export async function upsertOtpRows(
  em: Db,
  rows: Array<{ phone: string; phone9: string; otp: string; str_mes: string }>,
  by: string,
): Promise<void> {
  await em.query(
    `INSERT INTO "${SCHEMA}".otp1414 (phone_number, phone9, otp, str_mes, created_by)
     SELECT v.phone, v.phone9, v.otp, v.str_mes, $2 FROM jsonb_to_recordset($1::jsonb) AS v(phone text, phone9 text, otp text, str_mes text)
     ON CONFLICT (phone9) WHERE phone9 IS NOT NULL DO UPDATE SET phone_number = EXCLUDED.phone_number, otp = EXCLUDED.otp, str_mes = EXCLUDED.str_mes,
       datetime = CASE WHEN "${SCHEMA}".otp1414.str_mes = EXCLUDED.str_mes THEN "${SCHEMA}".otp1414.datetime ELSE now() END`,
    [JSON.stringify(rows), by],
  );
}
