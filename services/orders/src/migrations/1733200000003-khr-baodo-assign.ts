import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Private customers and red reports from a sheet and handed out (spec 3 §7.4, §7.5 import,
 * assign, count-assign): the import's natural key (a re-sent chunk stores nothing twice), who
 * handed a pooled record out and when. A record without staff (username_nv '') is in the pool.
 */
export class OrdersKhrBaodoAssign1733200000003 implements MigrationInterface {
  name = 'OrdersKhrBaodoAssign1733200000003';

  async up(q: QueryRunner): Promise<void> {
    for (const t of ['private_customer', 'red_report']) {
      await q.query(
        `ALTER TABLE orders.${t} ADD COLUMN import_key text, ADD COLUMN assigned_by text NOT NULL DEFAULT '', ADD COLUMN assigned_at timestamptz`,
      );
      await q.query(`CREATE UNIQUE INDEX ${t}_import_key ON orders.${t} (import_key)`);
      await q.query(`CREATE INDEX ${t}_pool ON orders.${t} (created_at, id) WHERE username_nv = ''`);
      await q.query(`CREATE INDEX ${t}_assigned ON orders.${t} (username_nv, assigned_at DESC) WHERE assigned_at IS NOT NULL`);
    }
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['private_customer', 'red_report']) {
      await q.query(`ALTER TABLE orders.${t} DROP COLUMN import_key, DROP COLUMN assigned_by, DROP COLUMN assigned_at`);
    }
  }
}
