import type { DataSource, EntityManager } from 'typeorm';
import { Paging } from '@cskh/kit';
import { pageSql, Where } from '@cskh/kit/data';
import { TRANSACTION_STATUS } from '../domain/invite';
import { SCHEMA } from './schema';

/** Package invitations (the carrier's answers to OTP confirmations and registrations). */
const INVITATION = `"${SCHEMA}".invitation`;

export interface InvitationRow {
  id: string;
  type: string;
  phone: string;
  package: string;
  price: string;
  request_type: string;
  result_code: string;
  result_des_mo: string;
  result_des_mt: string;
  username: string;
  fullname: string;
  created_at: Date;
  status: string;
}

const COLUMNS =
  'id, type, phone, package, price, request_type, result_code, result_des_mo, result_des_mt, username, fullname, created_at, status';

/** The carrier's part of an invitation: what it answered to a confirmation or a command. */
export type CarrierOutcome = Pick<InvitationRow, 'package' | 'request_type' | 'result_code' | 'result_des_mo' | 'result_des_mt'> & {
  price: number;
};

export async function insertInvitation(
  em: EntityManager,
  r: {
    type: string;
    phone: string;
    phone9: string;
    package: string;
    price: number;
    request_type: string;
    result_code: string;
    result_des_mo: string;
    result_des_mt: string;
    username: string;
    fullname: string;
    created_at: Date;
    status: string;
  },
): Promise<InvitationRow> {
  const [row]: InvitationRow[] = await em.query(
    `INSERT INTO ${INVITATION} (type, phone, phone9, package, price, request_type, result_code, result_des_mo, result_des_mt, username, fullname, created_at, status)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) RETURNING ${COLUMNS}`,
    [
      r.type,
      r.phone,
      r.phone9,
      r.package,
      r.price,
      r.request_type,
      r.result_code,
      r.result_des_mo,
      r.result_des_mt,
      r.username,
      r.fullname,
      r.created_at,
      r.status,
    ],
  );
  return row;
}

/**
 * Completes the invitation an OTP request listed: the carrier's answer and the new status. Only a
 * row still waiting for its confirmation (a row is completed once); undefined when there is none.
 */
export async function completeInvitation(
  em: EntityManager,
  id: string,
  outcome: CarrierOutcome,
  status: string,
): Promise<InvitationRow | undefined> {
  const [rows] = (await em.query(
    `UPDATE ${INVITATION} SET package = $2, price = $3, request_type = $4, result_code = $5, result_des_mo = $6, result_des_mt = $7, status = $8
      WHERE id = $1 AND status = $9 RETURNING ${COLUMNS}`,
    [
      id,
      outcome.package,
      outcome.price,
      outcome.request_type,
      outcome.result_code,
      outcome.result_des_mo,
      outcome.result_des_mt,
      status,
      TRANSACTION_STATUS.otpSent,
    ],
  )) as [InvitationRow[], number];
  return rows[0];
}

/** The carrier refused a confirmation (a wrong code…): its words on the row, which keeps waiting. */
export async function noteInvitationRefusal(em: EntityManager, id: string, message: string) {
  await em.query(`UPDATE ${INVITATION} SET result_des_mo = $2 WHERE id = $1 AND status = $3`, [id, message, TRANSACTION_STATUS.otpSent]);
}

/** One page of invitations, newest first, with the count of the whole filter. */
export async function pageInvitations(ds: DataSource, where: Where, paging: Pick<Paging, 'skip' | 'take' | 'window'>) {
  const [rows, total] = await Promise.all([
    ds.query(`SELECT ${COLUMNS} FROM ${INVITATION} ${where.sql} ORDER BY created_at DESC, id ${pageSql(paging)}`, where.params) as Promise<
      InvitationRow[]
    >,
    ds.query(`SELECT count(*)::bigint AS n FROM ${INVITATION} ${where.sql}`, where.params) as Promise<Array<{ n: string }>>,
  ]);
  return { rows, count: Number(total[0]?.n ?? 0) };
}
