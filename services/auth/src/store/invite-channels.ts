import type { EntityManager } from 'typeorm';
import { INVITE_CHANNELS } from './schema';

/** userkenhmoigoi: which confirmation-code channel (ma_xac_nhan_1..4) a branch account may use. */
export interface InviteChannelRow {
  staff_username: string;
  kenh: string;
  active: boolean;
  updated_by: string;
  updated_at: Date;
}

/** Turns one channel of an account on or off (the row is created the first time). */
export async function saveInviteChannel(
  em: EntityManager,
  staffUsername: string,
  kenh: string,
  active: boolean,
  by: string,
): Promise<void> {
  await em.query(
    `INSERT INTO ${INVITE_CHANNELS} (staff_username, kenh, active, updated_by, updated_at) VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (staff_username, kenh) DO UPDATE SET active = EXCLUDED.active, updated_by = EXCLUDED.updated_by, updated_at = now()`,
    [staffUsername, kenh, active, by],
  );
}

/** Every stored channel row, by account then channel. */
export async function listInviteChannels(em: EntityManager): Promise<InviteChannelRow[]> {
  return em.query(
    `SELECT staff_username, kenh, active, updated_by, updated_at FROM ${INVITE_CHANNELS} ORDER BY staff_username ASC, kenh ASC`,
  );
}

/** One account's row of a channel (the username case-insensitively), if stored. */
export async function findInviteChannel(em: EntityManager, staffUsername: string, kenh: string): Promise<InviteChannelRow | null> {
  const rows: InviteChannelRow[] = await em.query(
    `SELECT staff_username, kenh, active, updated_by, updated_at FROM ${INVITE_CHANNELS} WHERE lower(staff_username) = lower($1) AND kenh = $2 LIMIT 1`,
    [staffUsername, kenh],
  );
  return rows[0] ?? null;
}
