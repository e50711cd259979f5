import { MigrationInterface, QueryRunner } from 'typeorm';
import { createTrigramIndexes, dropRollupSql, dropTrigramIndexes, rollupSql } from '@cskh/kit/data';
import { SALE_ORDER_DAY_ROLLUPS } from '../store/rollups';
import { SCHEMA } from '../store/schema';

const SEARCHED = ['phone9', 'ma_goi', 'cty', 'note'];

/** Orders at a million rows and more: trigram indexes for the contains-searches, per-day counters for the count. */
export class OrdersListVolume1733600000000 implements MigrationInterface {
  name = 'OrdersListVolume1733600000000';

  async up(q: QueryRunner): Promise<void> {
    await createTrigramIndexes(q, `${SCHEMA}.sale_order`, SEARCHED);
    for (const r of SALE_ORDER_DAY_ROLLUPS) for (const sql of rollupSql(r)) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const r of SALE_ORDER_DAY_ROLLUPS) for (const sql of dropRollupSql(r)) await q.query(sql);
    await dropTrigramIndexes(q, `${SCHEMA}.sale_order`, SEARCHED);
  }
}
