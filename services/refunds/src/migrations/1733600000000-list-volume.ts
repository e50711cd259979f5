import { MigrationInterface, QueryRunner } from 'typeorm';
import { createTrigramIndexes, dropRollupSql, dropTrigramIndexes, rollupSql } from '@cskh/kit/data';
import { REFUND_REQUEST_ROLLUPS } from '../store/rollups';
import { SCHEMA } from '../store/schema';

/** The text search reads these four columns (any of them contains the text). */
const SEARCHED = ['number_phone', 'package_code', 'staff_username', 'other_reason'];

/** Refund requests at a million rows and more: trigram indexes for the search, per-day counters for count and totals. */
export class RefundsListVolume1733600000000 implements MigrationInterface {
  name = 'RefundsListVolume1733600000000';

  async up(q: QueryRunner): Promise<void> {
    await createTrigramIndexes(q, `${SCHEMA}.refund_request`, SEARCHED);
    for (const r of REFUND_REQUEST_ROLLUPS) for (const sql of rollupSql(r)) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const r of REFUND_REQUEST_ROLLUPS) for (const sql of dropRollupSql(r)) await q.query(sql);
    await dropTrigramIndexes(q, `${SCHEMA}.refund_request`, SEARCHED);
  }
}
