import { MigrationInterface, QueryRunner } from 'typeorm';
import { installTypedSearch } from '@cskh/kit/data';

/**
 * Search as staff type (no diacritics, any case): the shared typed-form function this service's
 * searches compare with (kit typed-search). Its tables are small; no index.
 */
export class AuthTypedSearch1735100000000 implements MigrationInterface {
  name = 'AuthTypedSearch1735100000000';

  async up(q: QueryRunner): Promise<void> {
    await installTypedSearch(q);
  }

  // The function and the extensions are shared by every service's schema: left in place.
  async down(): Promise<void> {}
}
