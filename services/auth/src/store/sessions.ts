import type { EntityManager } from 'typeorm';
import type { SessionRecord } from '../domain/sessions';
import { SESSIONS } from './schema';

/** The sessions issued at login, by token id (see the sessions migration). */

/** Records a session just issued; expired sessions of anyone are dropped on the way. */
export async function recordSession(em: EntityManager, s: SessionRecord & { userId: string }): Promise<void> {
  await em.query(`DELETE FROM ${SESSIONS} WHERE expires_at <= now()`);
  await em.query(`INSERT INTO ${SESSIONS} (jti, user_id, expires_at) VALUES ($1, $2, to_timestamp($3)) ON CONFLICT (jti) DO NOTHING`, [
    s.jti,
    s.userId,
    s.exp,
  ]);
}

/** The recorded sessions of a user (expired ones included: the domain rule decides). */
export async function sessionsOf(em: EntityManager, userId: string): Promise<SessionRecord[]> {
  const rows: Array<{ jti: string; exp: string | number }> = await em.query(
    `SELECT jti, floor(extract(epoch FROM expires_at))::bigint AS exp FROM ${SESSIONS} WHERE user_id = $1`,
    [userId],
  );
  return rows.map((r) => ({ jti: r.jti, exp: Number(r.exp) }));
}

/** Forgets sessions that have ended (logged out, revoked). */
export async function forgetSessions(em: EntityManager, jtis: readonly string[]): Promise<void> {
  if (jtis.length) await em.query(`DELETE FROM ${SESSIONS} WHERE jti = ANY($1)`, [[...jtis]]);
}
