/**
 * The order lists' calls on many orders at once (spec 3 §5, §7.8): the Excel upload, the pool of
 * uploaded orders without staff and its hand-out, and the managed list of partner companies.
 */
import { events_v1_pushes } from '@cskh/proto';
import type { EntityManager } from 'typeorm';
import { Identity, importChunk, toPaging, vnDateTime } from '@cskh/kit';
import { handOut, requireId } from '@cskh/kit/data';
import { addPushToOutbox, ALL_ROOM } from '@cskh/kit/messaging';
import type { orders_v1_orders } from '@cskh/proto';
import type { OrdersContext } from '../context';
import { importRowKey, parseImportRow, R9279_FIRST_ROW } from '../domain/import-9279';
import { MSG } from '../domain/messages';
import { deriveMoney } from '../domain/order-money';
import { checkText } from '../domain/order-input';
import type { OrderRow } from '../domain/present';
import { tierPrice } from '../domain/prices';
import { RECORD_HAND_OUT } from '../domain/record-import';
import { INITIAL, OrderKind } from '../domain/statuses';
import {
  assignOldestOrders,
  countOrderPool,
  deleteCompany,
  insertCompany,
  insertOrders,
  listCompanies,
  NewOrder,
  orderResource,
  pageAssignedOrders,
} from '../store/orders';
import { findPriceByName } from '../store/prices';
import { SCHEMA } from '../store/schema';
import { OrderHandlers, refuse, requireManager, valid } from './order-common';

/** An order as the caller may see it; `prices` shares the package lookups of a page. */
export type Present = (
  em: EntityManager,
  o: OrderRow,
  me: Identity,
  prices?: Map<string, ReturnType<typeof findPriceByName>>,
) => Promise<orders_v1_orders.OrderRecord>;

type BatchCalls = 'importOrders' | 'listAssigned' | 'countAssignable' | 'assign' | 'listCompanies' | 'addCompany' | 'deleteCompany';

export function orderBatchHandlers(service: OrdersContext, kind: OrderKind, present: Present): Pick<OrderHandlers, BatchCalls> {
  const { ds, staff, audit } = service.deps;
  const now = () => service.clock.now();
  return {
    // The 9279 upload (spec 3 §5) and the mfy one: every row checked again; refused
    // rows by sheet row; re-sent chunks store nothing twice; rows without staff join the pool.
    async importOrders(req, ctx) {
      const me = ctx.user;
      requireManager(me);
      const fileName = (req.file_name ?? '').trim();
      const rows = req.rows ?? [];
      const members = await staff.byUsernames(rows.map((r) => String(r.username_nv ?? '').trim()).filter(Boolean));
      const known = (u: string) => !!members.get(u) && !members.get(u)!.deleted;
      const companies = new Map((await listCompanies(ds.manager, kind)).map((co) => [co.name.toLowerCase(), co.name]));
      const at = now();
      return importChunk({
        rows,
        fileName,
        firstRow: req.first_row || R9279_FIRST_ROW,
        parse: (r) => parseImportRow(r as unknown as Record<string, unknown>, known, kind, (n) => companies.get(n.toLowerCase())),
        key: (r) => importRowKey(r, kind),
        save: (good) =>
          ds.transaction(async (em) => {
            const orders: NewOrder[] = [];
            for (const { row: r, importKey } of good) {
              const price = await findPriceByName(em, kind, r.ma_goi);
              const doanh_thu = r.doanh_thu ?? (price ? tierPrice(price, r.gia_ban_goi) : 0);
              orders.push({
                kind,
                so_dien_thoai_chu: '',
                so_dien_thoai: r.so_dien_thoai,
                ma_goi: price?.ten_goi_cuoc ?? r.ma_goi,
                gia_ban_goi: r.gia_ban_goi,
                username_nv: r.username_nv,
                ten_nv: r.username_nv ? (members.get(r.username_nv)?.fullname ?? '') : '',
                ...INITIAL,
                trang_thai_yeu_cau: 'dang_cho_xu_ly',
                cty: r.cty,
                note: r.note,
                hinh_thuc: r.hinh_thuc,
                created_time: r.created_time ?? at,
                created_at: at,
                cancel_due_at: null,
                doanh_thu,
                ...deriveMoney({ doanh_thu, chenh_lech: 0, ti_le_doanh_thu_tinh_luong: -1, gia_t1: Number(price?.gia_t1 ?? 0) }),
                import_key: importKey,
                created_by: me.username,
              });
            }
            const created = await insertOrders(em, orders);
            for (const o of created)
              await audit.record(em, {
                resource: orderResource(kind),
                id: o.id,
                who: me,
                changes: [{ field: 'trang_thai', from: null, to: o.trang_thai }],
              });
            if (created.length)
              await addPushToOutbox(em, SCHEMA, ALL_ROOM, events_v1_pushes.OrdersChanged, { kind, id: '' }, { from: me.username });
          }),
      });
    },

    // The pool's hand-out: managers hand uploaded orders without staff to active staff.
    async listAssigned(req, ctx) {
      const me = ctx.user;
      const page = await pageAssignedOrders(ds.manager, kind, me.username, toPaging(req.page, req.count, 20));
      const prices = new Map<string, ReturnType<typeof findPriceByName>>();
      const values = await Promise.all(page.rows.map((o) => present(ds.manager, o, me, prices)));
      return { values, count: page.count, server_time: vnDateTime(now()) };
    },

    async countAssignable(_req, ctx) {
      requireManager(ctx.user);
      return { total: await countOrderPool(ds.manager, kind) };
    },

    async assign(req, ctx) {
      const me = ctx.user;
      requireManager(me);
      const out = await handOut(
        service.deps,
        me,
        req.items,
        RECORD_HAND_OUT,
        async (em, to, count) => {
          const ids = await assignOldestOrders(em, kind, { username: to.username, fullname: to.fullname }, count, me.username);
          for (const id of ids)
            await audit.record(em, {
              resource: orderResource(kind),
              id,
              who: me,
              changes: [{ field: 'username_nv', from: '', to: to.username }],
            });
          return ids.length;
        },
        // One refresh of the list for everyone, with the hand-out.
        async (em, items) => {
          if (items.some((o) => o.count > 0))
            await addPushToOutbox(em, SCHEMA, ALL_ROOM, events_v1_pushes.OrdersChanged, { kind, id: '' }, { from: me.username });
        },
      );
      return { assigned: out.assigned, items: out.items, msg: MSG.assigned };
    },

    // The managed list of partner companies: managers keep it; orders choose from it.
    async listCompanies(_req, ctx) {
      requireManager(ctx.user);
      const values = await listCompanies(ds.manager, kind);
      return { values, count: values.length };
    },

    async addCompany(req, ctx) {
      requireManager(ctx.user);
      const name = valid(checkText(req.name, 'Tên công ty')) || refuse('VALIDATION', MSG.companyNameRequired);
      return ds.transaction(async (em) => {
        const co = (await insertCompany(em, kind, name, ctx.user.username)) ?? refuse('CONFLICT', MSG.companyExists(name));
        await audit.record(em, {
          resource: `company_${kind}`,
          id: co.id,
          who: ctx.user,
          changes: [{ field: 'name', from: null, to: co.name }],
        });
        return co;
      });
    },

    async deleteCompany(req, ctx) {
      requireManager(ctx.user);
      const id = requireId(req.id, MSG.companyNotFound);
      // Orders keep the name they were given; only new choices lose it.
      await ds.transaction(async (em) => {
        const name = (await deleteCompany(em, kind, id)) ?? refuse('NOT_FOUND', MSG.companyNotFound);
        await audit.record(em, { resource: `company_${kind}`, id, who: ctx.user, changes: [{ field: 'name', from: name, to: null }] });
      });
      return { ok: true, msg: MSG.companyDeleted };
    },
  };
}
