import { MigrationInterface, QueryRunner } from 'typeorm';
import { createTrigramIndexes, dropRollupSql, dropTrigramIndexes, rollupSql } from '@cskh/kit/data';
import { CARE_RECORD_DAY_ROLLUPS } from '../store/care-record-rollups';
import { SCHEMA } from '../store/schema';

/**
 * The care history at a million rows and more: a trigram index for the phone search
 * (digits anywhere in the number), the staff index ending in the list's order and key, and the
 * per-day counters the count is read from.
 */
export class CareListVolume1733600000000 implements MigrationInterface {
  name = 'CareListVolume1733600000000';

  async up(q: QueryRunner): Promise<void> {
    await createTrigramIndexes(q, `${SCHEMA}.care_record`, ['phone9']);
    await q.query(`CREATE INDEX care_record_staff_created ON "${SCHEMA}".care_record (username, created_at DESC, id)`);
    await q.query(`DROP INDEX "${SCHEMA}".care_record_staff`);
    for (const r of CARE_RECORD_DAY_ROLLUPS) for (const sql of rollupSql(r)) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const r of CARE_RECORD_DAY_ROLLUPS) for (const sql of dropRollupSql(r)) await q.query(sql);
    await q.query(`CREATE INDEX care_record_staff ON "${SCHEMA}".care_record (username, created_at)`);
    await q.query(`DROP INDEX "${SCHEMA}".care_record_staff_created`);
    await dropTrigramIndexes(q, `${SCHEMA}.care_record`, ['phone9']);
  }
}
