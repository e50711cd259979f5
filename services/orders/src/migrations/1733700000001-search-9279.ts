import { MigrationInterface, QueryRunner } from 'typeorm';
import { createTrigramIndexes, dropTrigramIndexes } from '@cskh/kit/data';
import { SCHEMA } from '../store/schema';

/** The 9279 list's managers' contains-filters (spec 3 §2.16); no other list searches these columns. */
const SEARCHED_9279 = ['ma_goi', 'cty', 'note'];

/**
 * Trigram indexes over the 9279 orders only. The package, company and note searches
 * are the 9279 list's and always carry `kind = '9279'`; over every order, a common word's bitmap
 * also held every mfy order with it (a note search at a million orders: 124,000 candidates for
 * 41,000 9279 matches, two thirds rechecked and thrown away), and the mfy orders paid for indexes
 * no query of theirs used.
 */
export class OrdersSearch9279Indexes1733700000001 implements MigrationInterface {
  name = 'OrdersSearch9279Indexes1733700000001';

  async up(q: QueryRunner): Promise<void> {
    await dropTrigramIndexes(q, `${SCHEMA}.sale_order`, SEARCHED_9279);
    await createTrigramIndexes(q, `${SCHEMA}.sale_order`, SEARCHED_9279, `kind = '9279'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await dropTrigramIndexes(q, `${SCHEMA}.sale_order`, SEARCHED_9279);
    await createTrigramIndexes(q, `${SCHEMA}.sale_order`, SEARCHED_9279);
  }
}
