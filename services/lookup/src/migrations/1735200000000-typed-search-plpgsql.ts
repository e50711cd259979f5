import { MigrationInterface, QueryRunner } from 'typeorm';
import { installTypedSearch } from '@cskh/kit/data';

/**
 * The typed-form function of a database that ran the typed-search migrations before it became
 * PL/pgSQL (kit typed-search: the same results at half the cost a row). The services share one
 * database, so one service's migration is enough; a fresh database gets the PL/pgSQL body at once.
 * Down leaves it: the SQL body it replaced gave the same results.
 */
export class LookupTypedSearchPlpgsql1735200000000 implements MigrationInterface {
  name = 'LookupTypedSearchPlpgsql1735200000000';

  async up(q: QueryRunner): Promise<void> {
    await installTypedSearch(q);
  }

  async down(): Promise<void> {}
}
