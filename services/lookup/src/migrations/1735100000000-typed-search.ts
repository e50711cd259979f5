import { MigrationInterface, QueryRunner } from 'typeorm';
import { createTrigramIndexes, createTypedTrigramIndexes, dropTrigramIndexes, dropTypedTrigramIndexes } from '@cskh/kit/data';
import { SCHEMA } from '../store/schema';

const SEARCHED = ['noi_dung'];

/**
 * Search as staff type (no diacritics, any case; kit typed-search). The lookup history's content search compare
 * the columns' typed form: their trigram indexes are on that form now, and the plain ones, which
 * no query uses any more, are dropped.
 */
export class LookupTypedSearch1735100000000 implements MigrationInterface {
  name = 'LookupTypedSearch1735100000000';

  async up(q: QueryRunner): Promise<void> {
    await dropTrigramIndexes(q, `${SCHEMA}.lookup_log`, SEARCHED);
    await createTypedTrigramIndexes(q, `${SCHEMA}.lookup_log`, SEARCHED);
  }

  async down(q: QueryRunner): Promise<void> {
    await dropTypedTrigramIndexes(q, `${SCHEMA}.lookup_log`, SEARCHED);
    await createTrigramIndexes(q, `${SCHEMA}.lookup_log`, SEARCHED);
  }
}
