import { MigrationInterface, QueryRunner } from 'typeorm';
import { DEFAULT_SETTINGS } from '../domain/settings';
import { SCHEMA } from '../store/schema';

export class RefundsSettingsPrices1733200000000 implements MigrationInterface {
  name = 'RefundsSettingsPrices1733200000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE ${SCHEMA}.setting (
        key text PRIMARY KEY,
        value text NOT NULL,
        updated_by text NOT NULL DEFAULT '',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    for (const [key, value] of Object.entries(DEFAULT_SETTINGS)) {
      await q.query(`INSERT INTO ${SCHEMA}.setting (key, value) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [key, value]);
    }
    await q.query(`
      CREATE TABLE ${SCHEMA}.refund_price (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        ten_goi_cuoc text NOT NULL,
        gia_gia_han bigint NOT NULL CHECK (gia_gia_han >= 0),
        gia_nang_cap bigint NOT NULL CHECK (gia_nang_cap >= 0),
        gia_nang_cap_t2 bigint NOT NULL CHECK (gia_nang_cap_t2 >= 0),
        gia_nang_cap_t3 bigint NOT NULL CHECK (gia_nang_cap_t3 >= 0),
        gia_nang_cap_ht0 bigint NOT NULL CHECK (gia_nang_cap_ht0 >= 0),
        gia_nang_cap_ht1 bigint NOT NULL CHECK (gia_nang_cap_ht1 >= 0),
        gia_nang_cap_ht2 bigint NOT NULL CHECK (gia_nang_cap_ht2 >= 0),
        gia_nang_cap_ht3 bigint NOT NULL CHECK (gia_nang_cap_ht3 >= 0),
        gia_nang_cap_ht4 bigint NOT NULL CHECK (gia_nang_cap_ht4 >= 0),
        gia_nang_cap_g1 bigint NOT NULL CHECK (gia_nang_cap_g1 >= 0),
        gia_nang_cap_g2 bigint NOT NULL CHECK (gia_nang_cap_g2 >= 0),
        gia_nang_cap_g3 bigint NOT NULL CHECK (gia_nang_cap_g3 >= 0),
        gia_goi bigint NOT NULL CHECK (gia_goi >= 0),
        updated_by text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // One row per package name whatever the case (import: the last row wins; findPackage by name).
    await q.query(`CREATE UNIQUE INDEX refund_price_name ON ${SCHEMA}.refund_price (upper(btrim(ten_goi_cuoc)))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE ${SCHEMA}.refund_price`);
    await q.query(`DROP TABLE ${SCHEMA}.setting`);
  }
}
