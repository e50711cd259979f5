import { MigrationInterface, QueryRunner } from 'typeorm';
import { SCHEMA } from '../store/schema';

/** The free cycles left of a customer (spec 1 §3 "Customer-care record"), shown on the care card. */
export class CareFreeCycles1735300000000 implements MigrationInterface {
  name = 'CareFreeCycles1735300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "${SCHEMA}".customer ADD COLUMN IF NOT EXISTS free_cycles_left text NOT NULL DEFAULT ''`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "${SCHEMA}".customer DROP COLUMN IF EXISTS free_cycles_left`);
  }
}
