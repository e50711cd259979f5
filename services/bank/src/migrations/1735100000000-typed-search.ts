import { MigrationInterface, QueryRunner } from 'typeorm';
import { createTrigramIndexes, createTypedTrigramIndexes, dropTrigramIndexes, dropTypedTrigramIndexes } from '@cskh/kit/data';
import { SCHEMA } from '../store/schema';

const SEARCHED = ['str_mes'];

/**
 * Search as staff type (no diacritics, any case; kit typed-search). The bank messages' text search compare
 * the columns' typed form: their trigram indexes are on that form now, and the plain ones, which
 * no query uses any more, are dropped.
 */
export class BankTypedSearch1735100000000 implements MigrationInterface {
  name = 'BankTypedSearch1735100000000';

  async up(q: QueryRunner): Promise<void> {
    await dropTrigramIndexes(q, `${SCHEMA}.bank_message`, SEARCHED);
    await createTypedTrigramIndexes(q, `${SCHEMA}.bank_message`, SEARCHED);
  }

  async down(q: QueryRunner): Promise<void> {
    await dropTypedTrigramIndexes(q, `${SCHEMA}.bank_message`, SEARCHED);
    await createTrigramIndexes(q, `${SCHEMA}.bank_message`, SEARCHED);
  }
}
