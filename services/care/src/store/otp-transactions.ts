import type { EntityManager } from 'typeorm';
import { SCHEMA } from './schema';

const TABLE = `"${SCHEMA}".otp_transaction`;
/** Older than this, a transaction's code has long expired at the carrier: its row may go. */
const KEEP_DAYS = 2;

/** Remembers who asked for the OTP of a carrier transaction (and forgets the expired ones). */
export async function rememberOtpTransaction(
  em: EntityManager,
  t: { transId: string; username: string; type: string; phone9: string; invitationId: string },
) {
  await em.query(`DELETE FROM ${TABLE} WHERE created_at < now() - make_interval(days => $1)`, [KEEP_DAYS]);
  await em.query(
    `INSERT INTO ${TABLE} (trans_id, username, type, phone9, invitation_id) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (trans_id) DO UPDATE SET username = EXCLUDED.username, type = EXCLUDED.type, phone9 = EXCLUDED.phone9,
       invitation_id = EXCLUDED.invitation_id, created_at = now()`,
    [t.transId, t.username, t.type, t.phone9, t.invitationId],
  );
}

/** Who asked for the OTP of this transaction, its channel and number; undefined when this service did not start it. */
export async function otpTransaction(
  em: EntityManager,
  transId: string,
): Promise<{ username: string; type: string; phone9: string; invitation_id: string | null } | undefined> {
  const rows = await em.query(`SELECT username, type, phone9, invitation_id FROM ${TABLE} WHERE trans_id = $1`, [transId]);
  return rows[0];
}
