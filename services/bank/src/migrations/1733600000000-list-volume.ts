import { MigrationInterface, QueryRunner } from 'typeorm';
import { createTrigramIndexes, dropRollupSql, dropTrigramIndexes, rollupSql } from '@cskh/kit/data';
import { BANK_MESSAGE_ROLLUPS } from '../store/rollups';
import { SCHEMA } from '../store/schema';

// The kit's trigram helpers quote the schema themselves: `schema.table`, unquoted.
const BANK_MESSAGE = `${SCHEMA}.bank_message`;

/** Bank messages at a million rows and more: a trigram index for the text search, per-day counters for count and total. */
export class BankListVolume1733600000000 implements MigrationInterface {
  name = 'BankListVolume1733600000000';

  async up(q: QueryRunner): Promise<void> {
    await createTrigramIndexes(q, BANK_MESSAGE, ['str_mes']);
    for (const r of BANK_MESSAGE_ROLLUPS) for (const sql of rollupSql(r)) await q.query(sql);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const r of BANK_MESSAGE_ROLLUPS) for (const sql of dropRollupSql(r)) await q.query(sql);
    await dropTrigramIndexes(q, BANK_MESSAGE, ['str_mes']);
  }
}
