import { MigrationInterface, QueryRunner } from 'typeorm';
import { dropRollupSql, rollupSql } from '@cskh/kit/data';
import { SALE_ORDER_STAFF_TOTALS } from '../store/rollups';

/**
 * Whole-table counters of the orders per staff member, kind and status: a leader's or a
 * branch's list without a period was counted from per-day counters by staff member, which at a
 * million orders are about as many as the orders themselves.
 */
export class OrdersScopeCounters1733700000000 implements MigrationInterface {
  name = 'OrdersScopeCounters1733700000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of rollupSql(SALE_ORDER_STAFF_TOTALS)) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of dropRollupSql(SALE_ORDER_STAFF_TOTALS)) await q.query(sql);
  }
}
