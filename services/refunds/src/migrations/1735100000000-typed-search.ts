import { MigrationInterface, QueryRunner } from 'typeorm';
import { createTrigramIndexes, createTypedTrigramIndexes, dropTrigramIndexes, dropTypedTrigramIndexes } from '@cskh/kit/data';
import { SCHEMA } from '../store/schema';

const SEARCHED = ['package_code', 'staff_username', 'other_reason'];

/**
 * Search as staff type (no diacritics, any case; kit typed-search). The refund requests' search of package, staff and reason (the phone stays digits, its plain index) compare
 * the columns' typed form: their trigram indexes are on that form now, and the plain ones, which
 * no query uses any more, are dropped.
 */
export class RefundsTypedSearch1735100000000 implements MigrationInterface {
  name = 'RefundsTypedSearch1735100000000';

  async up(q: QueryRunner): Promise<void> {
    await dropTrigramIndexes(q, `${SCHEMA}.refund_request`, SEARCHED);
    await createTypedTrigramIndexes(q, `${SCHEMA}.refund_request`, SEARCHED);
  }

  async down(q: QueryRunner): Promise<void> {
    await dropTypedTrigramIndexes(q, `${SCHEMA}.refund_request`, SEARCHED);
    await createTrigramIndexes(q, `${SCHEMA}.refund_request`, SEARCHED);
  }
}
