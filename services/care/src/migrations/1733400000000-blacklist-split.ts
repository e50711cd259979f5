import { MigrationInterface, QueryRunner } from 'typeorm';
import { SCHEMA } from '../store/schema';

/**
 * Care's read model of dataops' blacklist (topic cskh.dataops.blacklist-changed: one row per
 * number, the newest version wins), and where a customer came from: an uploaded list, or a number
 * taken from a data-split file by 'Khách hàng mới'.
 */
export class CareBlacklistSplit1733400000000 implements MigrationInterface {
  name = 'CareBlacklistSplit1733400000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "${SCHEMA}".blacklist (
        phone9 text PRIMARY KEY,
        phone text NOT NULL,
        blacklisted boolean NOT NULL,
        version bigint NOT NULL,
        reason text NOT NULL DEFAULT '',
        changed_by text NOT NULL DEFAULT '',
        event_id text NOT NULL DEFAULT '',
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`ALTER TABLE "${SCHEMA}".customer ADD COLUMN source text NOT NULL DEFAULT 'upload'`);
    await q.query(`ALTER TABLE "${SCHEMA}".customer ADD COLUMN source_file_id text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "${SCHEMA}".customer DROP COLUMN source_file_id`);
    await q.query(`ALTER TABLE "${SCHEMA}".customer DROP COLUMN source`);
    await q.query(`DROP TABLE "${SCHEMA}".blacklist`);
  }
}
