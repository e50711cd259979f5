import { MigrationInterface, QueryRunner } from 'typeorm';
import { createTrigramIndexes, dropRollupSql, dropTrigramIndexes, rollupSql } from '@cskh/kit/data';
import { LOOKUP_LOG_ROLLUPS } from '../store/log-rollups';
import { SCHEMA } from '../store/schema';

/**
 * The lookup history at tens of millions of rows: a trigram index for the content
 * search, order-matching indexes ending in the row key (deep pages by index only), and the
 * per-day counters the count and countByName are read from.
 */
export class LookupListVolume1733600000000 implements MigrationInterface {
  name = 'LookupListVolume1733600000000';

  async up(q: QueryRunner): Promise<void> {
    await createTrigramIndexes(q, `${SCHEMA}.lookup_log`, ['noi_dung']);
    await q.query(`CREATE INDEX lookup_log_created_id ON "${SCHEMA}".lookup_log (created_at DESC, id)`);
    await q.query(`DROP INDEX "${SCHEMA}".lookup_log_created`);
    await q.query(`CREATE INDEX lookup_log_user_created_id ON "${SCHEMA}".lookup_log (username, created_at DESC, id)`);
    await q.query(`DROP INDEX "${SCHEMA}".lookup_log_user_created`);
    for (const r of LOOKUP_LOG_ROLLUPS) for (const sql of rollupSql(r)) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const r of LOOKUP_LOG_ROLLUPS) for (const sql of dropRollupSql(r)) await q.query(sql);
    await q.query(`CREATE INDEX lookup_log_user_created ON "${SCHEMA}".lookup_log (username, created_at DESC)`);
    await q.query(`DROP INDEX "${SCHEMA}".lookup_log_user_created_id`);
    await q.query(`CREATE INDEX lookup_log_created ON "${SCHEMA}".lookup_log (created_at DESC)`);
    await q.query(`DROP INDEX "${SCHEMA}".lookup_log_created_id`);
    await dropTrigramIndexes(q, `${SCHEMA}.lookup_log`, ['noi_dung']);
  }
}
