import { MigrationInterface, QueryRunner } from 'typeorm';
import { SESSIONS } from '../store/schema';

/**
 * The sessions issued at login (token id, user, expiry), so that a user's own password change can
 * end their other sessions one by one while the session making the change goes on. A row is
 * dropped at logout, when its sessions are ended, and once expired.
 */
export class AuthSessions1734300000000 implements MigrationInterface {
  name = 'AuthSessions1734300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ${SESSIONS} (
        jti text PRIMARY KEY,
        user_id uuid NOT NULL,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX sessions_user ON ${SESSIONS} (user_id);
      CREATE INDEX sessions_expires ON ${SESSIONS} (expires_at);
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS ${SESSIONS}`);
  }
}
