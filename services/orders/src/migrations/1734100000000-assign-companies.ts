import { MigrationInterface, QueryRunner } from 'typeorm';
import { SCHEMA } from '../store/schema';

/**
 * orders handed out from an upload's pool (who handed, when), and the managed
 * list of partner companies per order list. The companies already on orders start the list, so
 * no stored order names a company outside it.
 */
export class OrdersAssignCompanies1734100000000 implements MigrationInterface {
  name = 'OrdersAssignCompanies1734100000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE ${SCHEMA}.sale_order ADD COLUMN IF NOT EXISTS assigned_by text`);
    await q.query(`ALTER TABLE ${SCHEMA}.sale_order ADD COLUMN IF NOT EXISTS assigned_at timestamptz`);
    await q.query(`CREATE INDEX IF NOT EXISTS sale_order_pool ON ${SCHEMA}.sale_order (kind, created_at, id) WHERE username_nv = ''`);
    await q.query(
      `CREATE INDEX IF NOT EXISTS sale_order_assigned ON ${SCHEMA}.sale_order (username_nv, assigned_at DESC) WHERE assigned_at IS NOT NULL`,
    );
    await q.query(
      `CREATE TABLE IF NOT EXISTS ${SCHEMA}.partner_company (
         id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
         kind text NOT NULL,
         name text NOT NULL,
         created_by text NOT NULL DEFAULT '',
         created_at timestamptz NOT NULL DEFAULT now()
       )`,
    );
    await q.query(`CREATE UNIQUE INDEX IF NOT EXISTS partner_company_name ON ${SCHEMA}.partner_company (kind, lower(name))`);
    await q.query(
      `INSERT INTO ${SCHEMA}.partner_company (kind, name)
       SELECT DISTINCT ON (kind, lower(btrim(cty))) kind, btrim(cty) FROM ${SCHEMA}.sale_order WHERE btrim(cty) <> ''
       ON CONFLICT DO NOTHING`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS ${SCHEMA}.partner_company`);
    await q.query(`DROP INDEX IF EXISTS ${SCHEMA}.sale_order_assigned`);
    await q.query(`DROP INDEX IF EXISTS ${SCHEMA}.sale_order_pool`);
    await q.query(`ALTER TABLE ${SCHEMA}.sale_order DROP COLUMN IF EXISTS assigned_at`);
    await q.query(`ALTER TABLE ${SCHEMA}.sale_order DROP COLUMN IF EXISTS assigned_by`);
  }
}
