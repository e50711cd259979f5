import type { DataSource, EntityManager } from 'typeorm';
import { Paging } from '@cskh/kit';
import { pageSql, Where } from '@cskh/kit/data';
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
}

const COLUMNS = 'id, type, phone, package, price, request_type, result_code, result_des_mo, result_des_mt, username, fullname, created_at';

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
  },
): Promise<InvitationRow> {
  const [row]: InvitationRow[] = await em.query(
    `INSERT INTO ${INVITATION} (type, phone, phone9, package, price, request_type, result_code, result_des_mo, result_des_mt, username, fullname, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING ${COLUMNS}`,
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
    ],
  );
  return row;
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
