import { MigrationInterface, QueryRunner } from 'typeorm';
import { createTrigramIndexes, createTypedTrigramIndexes, dropTrigramIndexes, dropTypedTrigramIndexes } from '@cskh/kit/data';
import { SCHEMA } from '../store/schema';

const SEARCHED = ['ma_goi', 'cty', 'note'];

/**
 * Search as staff type (no diacritics, any case; kit typed-search). The 9279 list's package, company and note searches (over the 9279 orders only, as before) compare
 * the columns' typed form: their trigram indexes are on that form now, and the plain ones, which
 * no query uses any more, are dropped.
 */
export class OrdersTypedSearch1735100000000 implements MigrationInterface {
  name = 'OrdersTypedSearch1735100000000';

  async up(q: QueryRunner): Promise<void> {
    await dropTrigramIndexes(q, `${SCHEMA}.sale_order`, SEARCHED);
    await createTypedTrigramIndexes(q, `${SCHEMA}.sale_order`, SEARCHED, `kind = '9279'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await dropTypedTrigramIndexes(q, `${SCHEMA}.sale_order`, SEARCHED);
    await createTrigramIndexes(q, `${SCHEMA}.sale_order`, SEARCHED, `kind = '9279'`);
  }
}
