import { MigrationInterface, QueryRunner } from 'typeorm';
import { SCHEMA } from '../store/schema';

export class OrdersPrices1733200000000 implements MigrationInterface {
  name = 'OrdersPrices1733200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ${SCHEMA}.package_price (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        kind text NOT NULL CHECK (kind IN ('mfy', '9279')),
        ten_goi_cuoc text NOT NULL,
        phi_thu_hoi bigint NOT NULL DEFAULT 0 CHECK (phi_thu_hoi >= 0),
        gia_t1 bigint NOT NULL DEFAULT 0 CHECK (gia_t1 >= 0),
        gia_t2 bigint NOT NULL DEFAULT 0 CHECK (gia_t2 >= 0),
        gia_t3 bigint NOT NULL DEFAULT 0 CHECK (gia_t3 >= 0),
        created_by text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One price per package name and list: findPackage/{name} and the import's upsert key.
    await q.query(`CREATE UNIQUE INDEX package_price_name ON ${SCHEMA}.package_price (kind, ten_goi_cuoc)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ${SCHEMA}.package_price`);
  }
}
