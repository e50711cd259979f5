import { MigrationInterface, QueryRunner } from 'typeorm';
import { SCHEMA } from '../store/schema';

/**
 * Reminders as state: when an order's reminder was last pushed. The repeat worker
 * claims the waiting mfy orders whose last push is older than the repeat interval (NULL = never
 * pushed, e.g. orders waiting before this migration: reminded at once).
 */
export class OrdersReminders1734000000000 implements MigrationInterface {
  name = 'OrdersReminders1734000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ${SCHEMA}.sale_order ADD COLUMN IF NOT EXISTS reminded_at timestamptz`);
    await q.query(
      `CREATE INDEX IF NOT EXISTS sale_order_reminder_due ON ${SCHEMA}.sale_order (reminded_at NULLS FIRST)
       WHERE kind = 'mfy' AND trang_thai_yeu_cau IN ('cho_soan_y', 'cho_soan_y_lan_2', 'da_soan_y_lan_1')`,
    );
    await q.query(
      `CREATE INDEX IF NOT EXISTS sale_order_reminder_staff ON ${SCHEMA}.sale_order (username_nv)
       WHERE kind = 'mfy' AND trang_thai_yeu_cau IN ('cho_soan_y', 'cho_soan_y_lan_2')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS ${SCHEMA}.sale_order_reminder_staff`);
    await q.query(`DROP INDEX IF EXISTS ${SCHEMA}.sale_order_reminder_due`);
    await q.query(`ALTER TABLE ${SCHEMA}.sale_order DROP COLUMN IF EXISTS reminded_at`);
  }
}
