import { AppError, importPriceSheet, toPaging } from '@cskh/kit';
import { Handlers } from '@cskh/kit/server';
import { changedFields, requireId, typedContains, Where } from '@cskh/kit/data';
import type { refunds_v1_refunds } from '@cskh/proto';
import type { RefundsContext } from '../context';
import { MSG } from '../domain/messages';
import { lastByName, packageKey, parsePriceInput, PRICE_FIELDS, requirePriceInput } from '../domain/prices';
import {
  deletePrice,
  insertPrice,
  pagePrices,
  PRICE_RESOURCE,
  priceByName,
  requirePrice,
  updatePrice,
  upsertPrices,
} from '../store/prices';

type Def = typeof refunds_v1_refunds.RefundsServiceService;
type Rpcs =
  | 'listPrices'
  | 'listAllPrices'
  | 'findPackage'
  | 'getPrice'
  | 'createPrice'
  | 'updatePrice'
  | 'deletePrice'
  | 'importPrices'
  | 'priceHistory';

const FIELDS = ['ten_goi_cuoc', ...PRICE_FIELDS];

/** The refund price list (/sys/giahoantien, spec 3 §2.19, §7.7): every change attributed and audited. */
export function priceHandlers(service: RefundsContext): Pick<Handlers<Def>, Rpcs> {
  const { ds, audit } = service.deps;
  const taken = (name: string) => new AppError('CONFLICT', MSG.priceNameTaken(name));

  return {
    async listPrices(req) {
      const paging = toPaging(req.page, req.count, 20);
      const name = req.ten_goi_cuoc?.trim();
      const where = name ? new Where().add(...typedContains('ten_goi_cuoc', name)) : new Where();
      const page = await pagePrices(ds.manager, where, paging);
      return { values: page.rows, count: page.count };
    },
    async listAllPrices(_req) {
      const page = await pagePrices(ds.manager, new Where(), { skip: 0, take: undefined });
      return { values: page.rows, count: page.count };
    },
    async findPackage(req) {
      const name = String(req.name ?? '').trim();
      const row = name ? await priceByName(ds.manager, name) : undefined;
      if (!row) throw new AppError('NOT_FOUND', MSG.packageNotFound(name));
      return row;
    },
    async getPrice(req) {
      return requirePrice(ds.manager, requireId(req.id, MSG.priceNotFound));
    },
    async createPrice(req, ctx) {
      const v = requirePriceInput(req);
      return ds.transaction(async (em) => {
        if (await priceByName(em, v.ten_goi_cuoc)) throw taken(v.ten_goi_cuoc);
        const row = await insertPrice(em, v, ctx.user.username).catch((e) => {
          throw (e as { code?: string }).code === '23505' || (e as { driverError?: { code?: string } }).driverError?.code === '23505'
            ? taken(v.ten_goi_cuoc)
            : e;
        });
        await audit.record(em, {
          resource: PRICE_RESOURCE,
          id: row.id,
          who: ctx.user,
          changes: [{ field: 'created', from: null, to: row.ten_goi_cuoc }],
        });
        return row;
      });
    },
    async updatePrice(req, ctx) {
      const id = requireId(req.id, MSG.priceNotFound);
      const v = requirePriceInput(req);
      return ds.transaction(async (em) => {
        const before = await requirePrice(em, id, true);
        const other = await priceByName(em, v.ten_goi_cuoc);
        if (other && other.id !== id) throw taken(v.ten_goi_cuoc);
        const changes = changedFields(before as unknown as Record<string, unknown>, v as unknown as Record<string, unknown>, FIELDS);
        if (changes.length === 0) return before;
        const row = await updatePrice(em, id, v, ctx.user.username);
        await audit.record(em, { resource: PRICE_RESOURCE, id, who: ctx.user, changes });
        return row;
      });
    },
    async deletePrice(req, ctx) {
      const id = requireId(req.id, MSG.priceNotFound);
      await ds.transaction(async (em) => {
        const before = await requirePrice(em, id, true);
        await deletePrice(em, id);
        await audit.record(em, {
          resource: PRICE_RESOURCE,
          id,
          who: ctx.user,
          changes: [{ field: 'deleted', from: before.ten_goi_cuoc, to: null }],
        });
      });
      return { ok: true, msg: MSG.priceDeleted };
    },
    async importPrices(req, ctx) {
      return importPriceSheet(req, {
        parse: (r) => parsePriceInput(r),
        // Identical rows are one row; the same name with other prices is kept for lastByName.
        key: (r) => [packageKey(r.ten_goi_cuoc), ...PRICE_FIELDS.map((f) => r[f])],
        save: (rows, fileName) =>
          ds.transaction(async (em) => {
            const stored = await upsertPrices(em, lastByName(rows.map((r) => r.row)), ctx.user.username);
            for (const row of stored) {
              await audit.record(em, {
                resource: PRICE_RESOURCE,
                id: row.id,
                who: ctx.user,
                changes: [{ field: 'imported', from: null, to: fileName || row.ten_goi_cuoc }],
              });
            }
          }),
      });
    },
    async priceHistory(req) {
      const id = requireId(req.id, MSG.priceNotFound);
      return audit.history(ds.manager, PRICE_RESOURCE, id, req.page, req.count);
    },
  };
}
