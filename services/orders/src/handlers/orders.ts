import { events_v1_pushes } from '@cskh/proto';
import type { EntityManager } from 'typeorm';
import { dayRange, Identity, isManager, seesOwnRowsOnly, TEXT_LIMITS, toPaging, vnDateTime } from '@cskh/kit';
import { inScope, ListFilter, maskedContains, requireId, staffOptionList, staffScopeOf, typedContains } from '@cskh/kit/data';
import { addPushToOutbox, ALL_ROOM } from '@cskh/kit/messaging';
import { Actor, applyChange, OrderChange, pushReminder, removeOrder } from '../store/order-changes';
import type { OrdersContext } from '../context';
import { MSG } from '../domain/messages';
import { autoInviteRequest } from '../domain/auto-invite';
import { deriveMoney, parseRatio, parseSignedAmount } from '../domain/order-money';
import { checkText, parseDraft, parseForm, parseOrderDate, parsePhone, parseTier } from '../domain/order-input';
import { OrderRow, presentOrder, visibleOrderTrail } from '../domain/present';
import { tierPrice } from '../domain/prices';
import { PENDING_REMINDERS_MAX, reminderView, type ReminderView } from '../domain/reminders';
import {
  cancelDueAt,
  COLLECTION_STATUSES,
  INFO_APPROVAL_STATUSES,
  INITIAL,
  OrderKind,
  SETTABLE_COLLECTION_STATUSES,
  statusesOf,
} from '../domain/statuses';
import { companyNamed, findOrder, insertOrders, lockOrder, NewOrder, orderResource, pageOrders, pendingReminders } from '../store/orders';
import { findPriceByName } from '../store/prices';
import { SCHEMA } from '../store/schema';
import { orderBatchHandlers } from './order-batches';
import { OrderHandlers, refuse, requireManager, valid } from './order-common';

export type { OrderHandlers } from './order-common';

const actor = (me: Identity): Actor => ({ username: me.username, fullname: me.fullname });

/** The mfy and 9279 order lists' calls (spec 3 §7.8), thin: check → rules → store (applyChange) → present. */
export function orderHandlers(service: OrdersContext, kind: OrderKind): OrderHandlers {
  const { ds, staff, audit } = service.deps;
  const now = () => service.clock.now();

  /** `prices`: one lookup per package name across a page or an export (not one per row). */
  async function present(em: EntityManager, o: OrderRow, me: Identity, prices?: Map<string, ReturnType<typeof findPriceByName>>) {
    let found = prices?.get(o.ma_goi);
    if (!found) {
      found = findPriceByName(em, kind, o.ma_goi);
      prices?.set(o.ma_goi, found);
    }
    const price = await found;
    return presentOrder(o, me.priority, price ? tierPrice(price, o.gia_ban_goi) : 0);
  }

  /** The order's id from a request: 'Thiếu id cập nhật' when blank (spec 3 §5), 404 when it names nothing. */
  const idOf = (raw: unknown) =>
    String(raw ?? '').trim() === '' ? refuse('VALIDATION', MSG.missingId) : requireId(raw, MSG.orderNotFound);

  /** One change to one order in one transaction as `me` (404 for orders outside the caller's view). */
  async function change(rawId: unknown, me: Identity, build: (o: OrderRow, em: EntityManager) => OrderChange | Promise<OrderChange>) {
    const id = idOf(rawId);
    return ds.transaction(async (em) => {
      const o = await lockOrder(em, kind, id);
      if (!(await staff.mayView(me, o.username_nv))) refuse('NOT_FOUND', MSG.orderNotFound);
      const after = await applyChange(service, em, o, await build(o, em), actor(me), now());
      return present(em, after, me);
    });
  }

  /** The employee of a new or edited order: priority 5 = themself; else required, known and in the caller's subtree. */
  async function employee(me: Identity, raw: unknown): Promise<{ username: string; fullname: string }> {
    if (seesOwnRowsOnly(me.priority)) return { username: me.username, fullname: me.fullname };
    const username = String(raw ?? '').trim();
    if (!username) refuse('VALIDATION', MSG.required);
    if (username === me.username) return { username, fullname: me.fullname };
    const member = (await staff.byUsernames([username])).get(username);
    if (!member || member.deleted) refuse('VALIDATION', MSG.staffUnknown(username));
    if (!inScope(staffScopeOf(me), member, username)) refuse('FORBIDDEN', MSG.staffOutOfScope(username));
    return { username, fullname: member!.fullname };
  }

  async function listPrice(em: EntityManager, ma_goi: string) {
    const price = await findPriceByName(em, kind, ma_goi);
    if (!price) refuse('VALIDATION', MSG.packageNotListed(ma_goi));
    return price!;
  }

  /** A company typed or chosen for an order: '' stays '', else it must be on the managed list. */
  async function listedCompany(em: EntityManager, raw: unknown): Promise<string> {
    const cty = valid(checkText(raw, 'Công ty')) ?? '';
    if (!cty) return '';
    return (await companyNamed(em, kind, cty)) ?? refuse('VALIDATION', MSG.companyNotListed(cty));
  }

  const oneOf = (list: readonly string[], v: unknown, msg: string) => {
    const s = String(v ?? '').trim();
    return list.includes(s) ? s : refuse('VALIDATION', msg);
  };

  const handlers: OrderHandlers = {
    // The upload, the pool's hand-out and the partner companies.
    ...orderBatchHandlers(service, kind, present),

    async listOrders(req, ctx) {
      const me = ctx.user;
      const paging = toPaging(req.page, req.count, 10);
      // The export asks for every row: not for priority 5 (spec 3 §6).
      const where = new ListFilter().eq('kind', kind);
      // Dates only together (spec 3 §7.8).
      if (req.startDate?.trim() && req.endDate?.trim()) where.period('created_at', dayRange(req.startDate, req.endDate));
      const phone = String(req.phone ?? '').replace(/\D/g, '');
      if (phone) where.add(...maskedContains('phone9', phone.slice(-9), me.priority));
      where
        .eq('trang_thai', req.trang_thai)
        .eq('trang_thai_yeu_cau', req.trang_thai_yeu_cau)
        .eq('trang_thai_thu_tien', req.trang_thai_thu_tien);
      // The 9279 list's extra filters are the managers' (spec 3 §2.16).
      if (kind === '9279' && isManager(me.priority)) {
        where
          .eq('username_nv', req.username_nv)
          .addIf(req.hinh_thuc, 'hinh_thuc = ?')
          .addIf(valid(parseTier(req.gia_ban_goi)), 'gia_ban_goi = ?');
        // Package, company and note as staff type them (kit typed-search).
        for (const [column, text] of [
          ['ma_goi', req.ma_goi],
          ['cty', req.cty],
          ['note', req.note],
        ] as const)
          if (text?.trim()) where.add(...typedContains(column, text.trim()));
      }
      // The scope reads username_nv only: the per-day counters answer it too.
      where.over(['username_nv'], (w) => staff.rowsInScope(w, ctx, 'username_nv'));
      const page = await pageOrders(ds.manager, where, paging);
      const prices = new Map<string, ReturnType<typeof findPriceByName>>();
      const values = await Promise.all(page.rows.map((o) => present(ds.manager, o, me, prices)));
      return { values, count: page.count, server_time: vnDateTime(now()) };
    },

    async getOrder(req, ctx) {
      const o = await findOrder(ds.manager, kind, requireId(req.id, MSG.orderNotFound));
      if (!o || !(await staff.mayView(ctx.user, o.username_nv))) refuse('NOT_FOUND', MSG.orderNotFound);
      return present(ds.manager, o!, ctx.user);
    },

    async createOrder(req, ctx) {
      const me = ctx.user;
      const draft = parseDraft(kind, req);
      if (typeof draft === 'string') refuse('VALIDATION', draft);
      const d = draft as Exclude<typeof draft, string>;
      const nv = await employee(me, req.username_nv);
      const owner = isManager(me.priority) ? (valid(parsePhone(req.so_dien_thoai_chu, MSG.ownerPhoneInvalid)) ?? '') : '';
      const cty = isManager(me.priority) ? await listedCompany(ds.manager, req.cty) : '';
      const note = isManager(me.priority) ? valid(checkText(req.note, 'Ghi chú', TEXT_LIMITS.note)) : '';
      const row = await ds.transaction(async (em) => {
        const price = await listPrice(em, d.ma_goi);
        const at = now();
        const doanh_thu = tierPrice(price, d.gia_ban_goi);
        const money = deriveMoney({ doanh_thu, chenh_lech: 0, ti_le_doanh_thu_tinh_luong: -1, gia_t1: Number(price.gia_t1) });
        const order: NewOrder = {
          kind,
          so_dien_thoai_chu: owner,
          so_dien_thoai: d.so_dien_thoai,
          ma_goi: price.ten_goi_cuoc,
          gia_ban_goi: d.gia_ban_goi,
          username_nv: nv.username,
          ten_nv: nv.fullname,
          ...INITIAL,
          trang_thai_yeu_cau: kind === 'mfy' ? INITIAL.trang_thai_yeu_cau : 'dang_cho_xu_ly',
          cty,
          note,
          hinh_thuc: d.hinh_thuc,
          created_time: at,
          created_at: at,
          cancel_due_at: cancelDueAt(kind, kind === 'mfy' ? INITIAL.trang_thai_yeu_cau : 'dang_cho_xu_ly', null, at),
          doanh_thu,
          ...money,
          created_by: me.username,
        };
        const [created] = await insertOrders(em, [order]);
        await audit.record(em, {
          resource: orderResource(kind),
          id: created.id,
          who: me,
          changes: [{ field: 'trang_thai', from: null, to: created.trang_thai }],
        });
        await announceCreated(em, created, me.username, at);
        return created;
      });
      service.deps.outbox.afterCommit();
      return present(ds.manager, row, me);
    },

    async updateOrder(req, ctx) {
      const me = ctx.user;
      const out = await change(req.id, me, async (o, em) => {
        // Staff may correct their own order while it waits for approval; managers any order.
        if (!isManager(me.priority) && (o.username_nv !== me.username || o.trang_thai !== 'dang_cho_duyet'))
          refuse('FORBIDDEN', MSG.editForbidden);
        const d = parseDraft(kind, {
          so_dien_thoai: req.so_dien_thoai || o.so_dien_thoai,
          ma_goi: req.ma_goi || o.ma_goi,
          gia_ban_goi: req.gia_ban_goi || String(o.gia_ban_goi),
          hinh_thuc: req.hinh_thuc || o.hinh_thuc,
        });
        if (typeof d === 'string') refuse('VALIDATION', d);
        const draft = d as Exclude<typeof d, string>;
        const price = await listPrice(em, draft.ma_goi);
        const set: OrderChange = { so_dien_thoai: draft.so_dien_thoai, ma_goi: price.ten_goi_cuoc, gia_ban_goi: draft.gia_ban_goi };
        if (kind === '9279') set.hinh_thuc = draft.hinh_thuc;
        if (isManager(me.priority)) {
          if (req.username_nv?.trim() && req.username_nv.trim() !== o.username_nv) {
            const nv = await employee(me, req.username_nv);
            Object.assign(set, { username_nv: nv.username, ten_nv: nv.fullname });
          }
          if (req.so_dien_thoai_chu?.trim()) set.so_dien_thoai_chu = valid(parsePhone(req.so_dien_thoai_chu, MSG.ownerPhoneInvalid));
        }
        return set;
      });
      service.deps.outbox.afterCommit();
      return out;
    },

    async deleteOrder(req, ctx) {
      requireManager(ctx.user);
      const id = idOf(req.id);
      await ds.transaction(async (em) => {
        const o = await lockOrder(em, kind, id);
        await removeOrder(em, o);
        await audit.record(em, {
          resource: orderResource(kind),
          id,
          who: ctx.user,
          changes: [{ field: 'deleted', from: o.so_dien_thoai, to: true }],
        });
      });
      return { ok: true, msg: MSG.orderDeleted };
    },

    // spec 3 §5 "Company and note update modal"
    async updateCompanyNote(req, ctx) {
      requireManager(ctx.user);
      const note = valid(checkText(req.note, 'Ghi chú', TEXT_LIMITS.note));
      if (String(req.id ?? '').trim() === '') refuse('VALIDATION', MSG.missingId);
      const cty = await listedCompany(ds.manager, req.cty);
      if (!cty && !note && !req.username_nv?.trim()) refuse('VALIDATION', MSG.nothingToUpdate);
      const out = await change(req.id, ctx.user, async () => {
        const set: OrderChange = {};
        if (cty) set.cty = cty;
        if (note) set.note = note;
        if (req.username_nv?.trim()) {
          const nv = await employee(ctx.user, req.username_nv);
          Object.assign(set, { username_nv: nv.username, ten_nv: nv.fullname });
        }
        return set;
      });
      service.deps.outbox.afterCommit();
      return out;
    },

    async updatePackageCode(req, ctx) {
      requireManager(ctx.user);
      return change(req.id, ctx.user, async (_o, em) => {
        const code = String(req.package_code ?? '').trim() || refuse('VALIDATION', MSG.required);
        return { ma_goi: (await listPrice(em, code)).ten_goi_cuoc };
      });
    },

    async updateSaleTier(req, ctx) {
      requireManager(ctx.user);
      return change(req.id, ctx.user, () => ({ gia_ban_goi: valid(parseTier(req.gia_ban_goi)) ?? refuse('VALIDATION', MSG.required) }));
    },

    async updateOwnerPhone(req, ctx) {
      requireManager(ctx.user);
      return change(req.id, ctx.user, () => ({
        so_dien_thoai_chu: valid(parsePhone(req.so_dien_thoai_chu, MSG.ownerPhoneInvalid)) ?? refuse('VALIDATION', MSG.required),
      }));
    },

    async updateDifference(req, ctx) {
      requireManager(ctx.user);
      const v = parseSignedAmount(req.chenh_lech);
      if (typeof v === 'string') refuse('VALIDATION', v);
      return change(req.id, ctx.user, () => ({ chenh_lech: v as number }));
    },

    async updateRevenue(req, ctx) {
      requireManager(ctx.user);
      const v = parseSignedAmount(req.doanh_thu);
      if (typeof v === 'string' || (v as number) < 0) refuse('VALIDATION', typeof v === 'string' ? v : 'Số tiền không hợp lệ');
      return change(req.id, ctx.user, () => ({ doanh_thu: v as number }));
    },

    async updateSalaryRatio(req, ctx) {
      requireManager(ctx.user);
      const v = parseRatio(req.ti_le_doanh_thu_tinh_luong);
      if (typeof v === 'string') refuse('VALIDATION', v);
      return change(req.id, ctx.user, () => ({ ti_le_doanh_thu_tinh_luong: v as number }));
    },

    // Every manual status change (spec 3 §4). is_auto from a browser is ignored: the server owns the auto-cancel.
    async setStatus(req, ctx) {
      requireManager(ctx.user);
      const status = oneOf(statusesOf(kind), req.trang_thai, MSG.statusInvalid);
      const out = await change(req.id, ctx.user, () => ({ trang_thai: status }));
      service.deps.outbox.afterCommit();
      return out;
    },

    async setCollectionStatus(req, ctx) {
      if (seesOwnRowsOnly(ctx.user.priority)) refuse('FORBIDDEN', MSG.collectionForbidden);
      const v = oneOf(COLLECTION_STATUSES, req.trang_thai_thu_tien, MSG.collectionInvalid);
      if (!(SETTABLE_COLLECTION_STATUSES as readonly string[]).includes(v)) refuse('VALIDATION', MSG.collectionCash);
      return change(req.id, ctx.user, () => ({ trang_thai_thu_tien: v }));
    },

    async setInfoApproval(req, ctx) {
      requireManager(ctx.user);
      const v = oneOf(INFO_APPROVAL_STATUSES, req.trang_thai_duyet_thong_tin, MSG.infoApprovalInvalid);
      return change(req.id, ctx.user, () => ({ trang_thai_duyet_thong_tin: v }));
    },

    async clearClawback(req, ctx) {
      requireManager(ctx.user);
      return change(req.id, ctx.user, (o) => (Number(o.truy_thu) > 0 ? { truy_thu: 0 } : refuse('VALIDATION', MSG.noClawback)));
    },

    async setOrderType(req, ctx) {
      requireManager(ctx.user);
      return change(req.id, ctx.user, () => ({ hinh_thuc: valid(parseForm(req.hinh_thuc)) ?? refuse('VALIDATION', MSG.formInvalid) }));
    },

    async setCreatedTime(req, ctx) {
      requireManager(ctx.user);
      return change(req.id, ctx.user, () => ({
        created_time: valid(parseOrderDate(req.created_time)) ?? refuse('VALIDATION', MSG.createdTimeInvalid),
      }));
    },

    async inviteAutomatically(req, ctx) {
      const o = await findOrder(ds.manager, kind, idOf(req.id));
      if (!o || !(await staff.mayView(ctx.user, o.username_nv))) refuse('NOT_FOUND', MSG.orderNotFound);
      return service.invites.invite(autoInviteRequest(o!), ctx.user, ctx.signal);
    },

    async lookUpEligibility(req) {
      const phone = String(req.phone ?? '').trim() || refuse('VALIDATION', MSG.lookupPhoneRequired);
      return service.eligibility.lookup(phone);
    },

    // The caller's pending reminders: `data` the most urgent (the spec's poll), `values`
    // all of them; the browser asks on every (re)connect, the server pushes and repeats them.
    async listReminders(_req, ctx) {
      const me = ctx.user;
      const rows = await pendingReminders(ds.manager, me.username, isManager(me.priority), PENDING_REMINDERS_MAX);
      const values = rows.map((o) => reminderView(o, me.priority, vnDateTime)).filter((v): v is ReminderView => !!v);
      return values.length ? { result: 'success', data: values[0], values } : { result: 'empty', data: undefined, values: [] };
    },

    listEmployees: (_req, ctx) => staffOptionList(staff, ctx.user),

    async orderHistory(req, ctx) {
      const o = await findOrder(ds.manager, kind, requireId(req.id, MSG.orderNotFound));
      if (!o || !(await staff.mayView(ctx.user, o.username_nv))) refuse('NOT_FOUND', MSG.orderNotFound);
      const trail = await audit.history(ds.manager, orderResource(kind), o!.id, req.page, req.count);
      return { ...trail, values: visibleOrderTrail(trail.values, ctx.user.priority) };
    },
  };

  /** A new order's pushes: the list refresh and the reminder its request status calls for. */
  async function announceCreated(em: EntityManager, o: OrderRow, by: string, at: Date) {
    await addPushToOutbox(em, SCHEMA, ALL_ROOM, events_v1_pushes.OrdersChanged, { kind: o.kind, id: o.id }, { from: by });
    await pushReminder(em, o, at);
  }

  return handlers;
}
