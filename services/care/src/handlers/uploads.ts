import { AppError, importChunk, importKey, nfc, toPaging } from '@cskh/kit';
import { Handlers } from '@cskh/kit/server';
import { requireId } from '@cskh/kit/data';
import type { care_v1_care } from '@cskh/proto';
import type { CareContext } from '../context';
import { parseCustomerRow } from '../domain/customer-row';
import { divisionPool } from '../domain/division';
import { MSG } from '../domain/messages';
import { presentCustomer, presentUpload } from '../domain/present';
import {
  deleteCustomer,
  deleteUpload,
  findCustomerIn,
  insertCustomers,
  lockCustomer,
  pageUploads,
  renameUpload,
  uploadFor,
} from '../store/customers';

type Def = typeof care_v1_care.CareServiceService;

/** The customer sheet's header is row 1; data from row 2 (spec 3 §3: header skipped). */
export const CUSTOMER_FIRST_ROW = 2;

/** Customer uploads (spec 3 §2.3, §7.1): the list, the 200-row import, deletions. */
export function uploadHandlers(
  service: CareContext,
): Pick<Handlers<Def>, 'listUploads' | 'renameUpload' | 'deleteUpload' | 'importCustomers' | 'deleteCustomer' | 'createCustomer'> {
  const { ds, audit } = service.deps;
  return {
    async listUploads(req, ctx) {
      const me = ctx.user;
      let pool = null;
      try {
        pool = divisionPool(me);
      } catch {
        pool = null; // others see the lists without a divisible count
      }
      const page = await pageUploads(ds.manager, pool, toPaging(req.page, req.count, 50), nfc(req.message ?? ''));
      return { values: page.rows.map(presentUpload), count: page.count };
    },

    async renameUpload(req, ctx) {
      const id = requireId(req.id, MSG.uploadNotFound);
      const name = nfc(req.file_name ?? '').trim();
      if (!name) throw new AppError('VALIDATION', MSG.fileNameRequired);
      await ds.transaction(async (em) => {
        const { from } = await renameUpload(em, id, name);
        await audit.record(em, { resource: 'upload', id, who: ctx.user, changes: [{ field: 'filename', from, to: name }] });
      });
      return { ok: true, msg: MSG.uploadRenamed };
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
      const blocked = await service.blacklist.blocked(rows.map((r) => r.phone ?? ''));
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

    // One customer typed in: the sheet row's checks, the caller's list of that name,
    // the same natural key as the import (a later sheet with the number adds it once).
    async createCustomer(req, ctx) {
      const me = ctx.user;
      const fileName = nfc(String(req.file_name ?? '').trim());
      if (!fileName) throw new AppError('VALIDATION', MSG.fileNameRequired);
      const row = parseCustomerRow(nfc({ ...req, file_name: undefined }));
      if (typeof row === 'string') throw new AppError('VALIDATION', row);
      if ((await service.blacklist.blocked([row.phone])).has(row.phone9)) throw new AppError('VALIDATION', MSG.blacklisted);
      const created = await ds.transaction(async (em) => {
        const uploadId = await uploadFor(em, fileName, me);
        // One number per list: an existing one is refused (the insert's key would skip it silently).
        if (await findCustomerIn(em, uploadId, row.phone9)) throw new AppError('CONFLICT', MSG.customerExists(row.phone));
        await insertCustomers(em, uploadId, [{ row, importKey: importKey([uploadId, row.phone9]) }]);
        const cu = await findCustomerIn(em, uploadId, row.phone9);
        if (!cu) throw new AppError('CONFLICT', MSG.customerExists(row.phone));
        await audit.record(em, { resource: 'customer', id: cu.id, who: me, changes: [{ field: 'created', from: null, to: fileName }] });
        return cu;
      });
      return presentCustomer(created, created.phone);
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
