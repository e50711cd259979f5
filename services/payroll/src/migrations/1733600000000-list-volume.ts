import { MigrationInterface, QueryRunner } from 'typeorm';
import { createTrigramIndexes, dropRollupSql, dropTrigramIndexes, rollupSql } from '@cskh/kit/data';
import { REVENUE_RECORD_ROLLUPS } from '../store/revenue-rollups';
import { SCHEMA } from '../store/schema';

const SEARCHED = ['phone9', 'so_dien_thoai_cs'];

/** Revenue records at a million rows and more: trigram indexes for the phone search, per-day counters for the detailed report's totals. */
export class PayrollListVolume1733600000000 implements MigrationInterface {
  name = 'PayrollListVolume1733600000000';

  async up(q: QueryRunner): Promise<void> {
    await createTrigramIndexes(q, `${SCHEMA}.revenue_record`, SEARCHED);
    for (const r of REVENUE_RECORD_ROLLUPS) for (const sql of rollupSql(r)) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const r of REVENUE_RECORD_ROLLUPS) for (const sql of dropRollupSql(r)) await q.query(sql);
    await dropTrigramIndexes(q, `${SCHEMA}.revenue_record`, SEARCHED);
  }
}
