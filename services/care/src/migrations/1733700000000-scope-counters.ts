import { MigrationInterface, QueryRunner } from 'typeorm';
import { dropRollupSql, rollupSql } from '@cskh/kit/data';
import { CARE_RECORD_USER_TOTALS } from '../store/care-record-rollups';

/**
 * Whole-table counters of the care history per staff member and result: a branch's or
 * a leader's history without a period was counted from per-day counters by staff member, which
 * at a million records are about half as many as the records themselves.
 */
export class CareScopeCounters1733700000000 implements MigrationInterface {
  name = 'CareScopeCounters1733700000000';

  async up(q: QueryRunner): Promise<void> {
    for (const sql of rollupSql(CARE_RECORD_USER_TOTALS)) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const sql of dropRollupSql(CARE_RECORD_USER_TOTALS)) await q.query(sql);
  }
}
