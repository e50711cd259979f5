import { MigrationInterface, QueryRunner } from 'typeorm';
import { SCHEMA } from '../store/schema';

/**
 * The detailed revenue report's pages at a million records: the page's records are
 * found on revenue_record alone, newest first by an index, before the full view (refund matches,
 * staff names) is read for those 20 records only. Through the view itself PostgreSQL sorted every
 * record of the period for each page (page 1,000 of a year: ~0.4 s at 200,000 records).
 */
export class PayrollReportKeys1733700000000 implements MigrationInterface {
  name = 'PayrollReportKeys1733700000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX revenue_record_success_day ON ${SCHEMA}.revenue_record (ngay_thanh_cong DESC, track0, track1) WHERE success`,
    );
    // What the report filters on, under the view's names (reportWhere applies unchanged): the
    // record's staff member is the reassigned one when a manager changed it.
    await q.query(`
      CREATE VIEW ${SCHEMA}.revenue_key_view AS
      SELECT r.id AS record_id, r.track0, r.track1, r.ngay_thanh_cong, r.success, r.phone9, r.so_dien_thoai_cs,
             coalesce(a.username, r.username_nv) AS username_nv
        FROM ${SCHEMA}.revenue_record r
        LEFT JOIN ${SCHEMA}.revenue_reassignment a ON a.track0 = r.track0 AND a.track1 = r.track1`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP VIEW ${SCHEMA}.revenue_key_view`);
    await q.query(`DROP INDEX ${SCHEMA}.revenue_record_success_day`);
  }
}
