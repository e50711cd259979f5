import { AppError, Handlers, importChunk, requireId, toPaging } from '@cskh/kit';
import type { care_v1_care } from '@cskh/proto';
import type { CareContext } from '../context';
import { parseCustomerRow } from '../domain/customer-row';
import { divisionPool } from '../domain/division';
import { MSG } from '../domain/messages';
import { presentUpload } from '../domain/present';
import { deleteCustomer, deleteUpload, insertCustomers, lockCustomer, pageUploads, uploadFor } from '../store';

type Def = typeof care_v1_care.CareServiceService;

/** The customer sheet's header is row 1; data from row 2 (spec 3 §3: header skipped). */
export const CUSTOMER_FIRST_ROW = 2;

/** Customer uploads (spec 3 §2.3, §7.1): the list, the 200-row import, deletions. */
export function uploadHandlers(c: CareContext): Pick<Handlers<Def>, 'listUploads' | 'deleteUpload' | 'importCustomers' | 'deleteCustomer'> {
  const { ds, audit } = c.deps;
  return {
    async listUploads(req, ctx) {
      const me = ctx.user;
      let pool = null;
      try {
        pool = divisionPool(me);
      } catch {
        pool = null; // others see the lists without a divisible count
      }
      const page = await pageUploads(ds.manager, pool, toPaging(req.page, req.count, 50));
      return { values: page.rows.map(presentUpload), count: page.count };
    },

    async deleteUpload(req, ctx) {
      const id = requireId(req.id, MSG.uploadNotFound);
      const { removed, kept } = await ds.transaction(async (em) => {
        const r = await deleteUpload(em, id);
        await audit.record(em, { resource: 'upload', id, who: ctx.user, changes: [{ field: 'deleted', from: false, to: true }] });
        return r;
      });
      return { ok: true, msg: MSG.uploadDeleted(removed, kept) };
    },

    async importCustomers(req, ctx) {
      const me = ctx.user;
      const fileName = (req.file_name ?? '').trim();
      if (!fileName) throw new AppError('VALIDATION', MSG.fileNameRequired);
      const rows = req.rows ?? [];
      // Numbers refused for care (dataops' blacklist; none until it is published).
      const blocked = await c.blacklist.blocked(rows.map((r) => r.phone ?? ''));
      return ds.transaction(async (em) => {
        const uploadId = await uploadFor(em, fileName, me);
        return importChunk({
          rows,
          fileName,
          firstRow: req.first_row || CUSTOMER_FIRST_ROW,
          parse: (r) => {
            const row = parseCustomerRow(r);
            return typeof row !== 'string' && blocked.has(row.phone9) ? MSG.blacklisted : row;
          },
          // One customer per phone in a list: duplicates by phone are one row, a re-sent chunk adds nothing.
          key: (row) => [uploadId, row.phone9],
          save: (good) => insertCustomers(em, uploadId, good),
        });
      });
    },

    async deleteCustomer(req, ctx) {
      const id = requireId(req.id, MSG.customerNotFound);
      await ds.transaction(async (em) => {
        const cu = await lockCustomer(em, id);
        if (cu.assigned_to || cu.status !== 'NORMAL') throw new AppError('PRECONDITION', MSG.customerInCare);
        await deleteCustomer(em, id);
        await audit.record(em, { resource: 'customer', id, who: ctx.user, changes: [{ field: 'deleted', from: false, to: true }] });
      });
      return { ok: true, msg: MSG.customerDeleted };
    },
  };
}
