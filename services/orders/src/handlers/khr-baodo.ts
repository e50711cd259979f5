import type { EntityManager } from 'typeorm';
import { AppError, Identity, importChunk, isManager, last9, leadsPeople, seesOwnRowsOnly, toPaging, vnDateTime } from '@cskh/kit';
import { CallContext, Handlers } from '@cskh/kit/server';
import { changedFields, handOut, inScope, maskedContains, requireId, staffScopeOf, Where } from '@cskh/kit/data';
import type { orders_v1_orders } from '@cskh/proto';
import type { OrdersContext } from '../context';
import { checkDecision, ownRecord, parseBaodo, parseKhr, parseResult, Viewer } from '../domain/khr-baodo';
import {
  parseBaodoImportRow,
  parseKhrImportRow,
  RECORD_FIRST_ROW,
  RECORD_HAND_OUT,
  recordImportKey,
  StaffCheck,
  staffCheck,
} from '../domain/record-import';
import { MSG } from '../domain/messages';
import { isError } from '../domain/order-input';
import { findPriceByName } from '../store/prices';
import {
  assignOldest,
  BaodoRow,
  countPool,
  deleteRecord,
  findRecord,
  insertImported,
  insertRecord,
  KhrRow,
  pageAssigned,
  pageRecords,
  RecordTable,
  updateRecord,
} from '../store/records';

const refuse = (code: 'VALIDATION' | 'FORBIDDEN' | 'NOT_FOUND', msg: string): never => {
  throw new AppError(code, msg);
};
/** The spec's action bounds, checked here too (not only by the gateway's route guard). */
const requireRole = (me: Identity, may: (priority: number) => boolean, msg: string) => void (may(me.priority) || refuse('FORBIDDEN', msg));
const dmy = (iso: string) => (iso ? iso.split('-').reverse().join('/') : '');

/** What both lists share: the employee rule, subtree scope, phone search and the audited change. */
function recordKit(service: OrdersContext, table: RecordTable) {
  const { ds, staff, audit } = service.deps;
  return {
    /** Priority 5: themself; below 5 the staff username is required and in the caller's subtree (spec 3 §5). */
    async employee(me: Identity, raw: unknown) {
      if (seesOwnRowsOnly(me.priority)) return { username_nv: me.username, ten_nv: me.fullname };
      const username = String(raw ?? '').trim() || refuse('VALIDATION', MSG.required);
      if (username === me.username) return { username_nv: username, ten_nv: me.fullname };
      const m = (await staff.byUsernames([username])).get(username);
      if (!m || m.deleted) refuse('VALIDATION', MSG.staffUnknown(username));
      if (!inScope(staffScopeOf(me), m, username)) refuse('FORBIDDEN', MSG.staffOutOfScope(username));
      return { username_nv: username, ten_nv: m!.fullname };
    },
    async inView<R extends { username_nv: string }>(me: Identity, r: R): Promise<R> {
      return (await staff.mayView(me, r.username_nv)) ? r : refuse('NOT_FOUND', MSG.recordNotFound);
    },
    /** A list's filter: the phone as the caller sees it, and the route's declared row scope. */
    where(ctx: CallContext, phone: string | undefined) {
      const me = ctx.user;
      const where = new Where();
      const digits = String(phone ?? '').replace(/\D/g, '');
      if (digits) where.add(...maskedContains('phone9', digits.slice(-9), me.priority));
      return staff.rowsInScope(where, ctx, 'username_nv');
    },
    /** One audited change in one transaction (404 outside the caller's subtree). */
    async change<R extends { username_nv: string }>(
      rawId: unknown,
      me: Identity,
      fields: readonly string[],
      build: (r: R, em: EntityManager) => Record<string, unknown> | Promise<Record<string, unknown>>,
    ) {
      const id = requireId(rawId, MSG.recordNotFound);
      return ds.transaction(async (em) => {
        const before = await this.inView(me, await findRecord<R>(em, table, id, true));
        const set = await build(before, em);
        const changes = changedFields(before as unknown as Record<string, unknown>, set, fields);
        if (changes.length === 0) return before;
        const after = await updateRecord<R>(em, table, id, set);
        await audit.record(em, { resource: table, id, who: me, changes });
        return after;
      });
    },
    async create<R>(me: Identity, values: Record<string, unknown>) {
      return ds.transaction(async (em) => {
        const r = await insertRecord<R & { id: string }>(em, table, { ...values, created_by: me.username });
        await audit.record(em, {
          resource: table,
          id: r.id,
          who: me,
          changes: [{ field: 'created', from: null, to: values.so_dien_thoai }],
        });
        return r;
      });
    },
    async remove(me: Identity, rawId: unknown) {
      const id = requireId(rawId, MSG.recordNotFound);
      await ds.transaction(async (em) => {
        const r = await this.inView(me, await findRecord<KhrRow>(em, table, id, true));
        await deleteRecord(em, table, id);
        await audit.record(em, { resource: table, id, who: me, changes: [{ field: 'deleted', from: r.so_dien_thoai, to: true }] });
      });
      return { ok: true, msg: MSG.deleted };
    },
    /**
     * One sheet chunk (spec 3 §7.4/§7.5 import): each row checked as the dialog checks it, its staff
     * (if any) in the importer's subtree, stored once per natural key; refused rows by sheet row.
     */
    async importRows<
      Raw extends { username_nv?: string },
      Row extends { so_dien_thoai: string; ngay_thanh_cong: string; username_nv: string },
    >(
      me: Identity,
      req: { rows?: Raw[]; file_name?: string; first_row?: number },
      parse: (raw: Raw, check: StaffCheck) => Row | string,
      extra: (rows: Row[], em: EntityManager) => Promise<(r: Row) => Record<string, unknown>> = async () => () => ({}),
    ) {
      const rows = req.rows ?? [];
      const members = await staff.byUsernames(rows.map((r) => String(r.username_nv ?? '').trim()).filter(Boolean));
      const check = staffCheck(staffScopeOf(me), members);
      return importChunk({
        rows,
        fileName: (req.file_name ?? '').trim(),
        firstRow: req.first_row || RECORD_FIRST_ROW,
        parse: (raw) => parse(raw, check),
        key: (r) => recordImportKey(table, r),
        save: (good) =>
          ds.transaction(async (em) => {
            const more = await extra(
              good.map((g) => g.row),
              em,
            );
            const inserted = await insertImported(
              em,
              table,
              good.map(({ row, importKey }) => ({
                ...row,
                ten_nv: row.username_nv === me.username ? me.fullname : (members.get(row.username_nv)?.fullname ?? ''),
                ...more(row),
                import_key: importKey,
                created_by: me.username,
              })),
            );
            for (const r of inserted)
              await audit.record(em, {
                resource: table,
                id: r.id,
                who: me,
                changes: [{ field: 'created', from: null, to: r.so_dien_thoai }],
              });
          }),
      });
    },
    countPool: () => countPool(ds.manager, table),
    /** Hands pooled records to staff of the caller's subtree, oldest first, all in one transaction. */
    async assign(me: Identity, items: ReadonlyArray<{ username?: string; count?: number }>) {
      const out = await handOut(service.deps, me, items, RECORD_HAND_OUT, async (em, to, count) => {
        const ids = await assignOldest(em, table, { username: to.username, fullname: to.fullname }, count, me.username);
        for (const id of ids)
          await audit.record(em, { resource: table, id, who: me, changes: [{ field: 'username_nv', from: '', to: to.username }] });
        return ids.length;
      });
      return { assigned: out.assigned, items: out.items, msg: MSG.assigned };
    },
    assigned: <R>(me: Identity, req: { page?: number; count?: number }) =>
      pageAssigned<R>(ds.manager, table, me.username, toPaging(req.page, req.count, 20)),
    history: async (me: Identity, req: { id: string; page: number; count: number }) => {
      const id = requireId(req.id, MSG.recordNotFound);
      const r = await findRecord<KhrRow>(ds.manager, table, id);
      await recordKit(service, table).inView(me, r);
      return audit.history(ds.manager, table, id, req.page, req.count);
    },
  };
}

/** A record as `viewer` sees it; nobody decides on a record of their own (ownRecord). */
function presentKhr(r: KhrRow, viewer: Viewer): orders_v1_orders.KhrRecord {
  const { priority } = viewer;
  return {
    id: r.id,
    so_dien_thoai: last9(r.so_dien_thoai),
    ngay_thanh_cong: dmy(r.ngay_thanh_cong),
    username_nv: r.username_nv,
    ten_nv: r.ten_nv,
    createdAt: vnDateTime(r.created_at),
    nguoi_phe_duyet: r.nguoi_phe_duyet,
    trang_thai: r.trang_thai,
    // Actions only below priority 5 (spec 3 §6), approve/reject only on pending rows (§4).
    can_decide: leadsPeople(priority) && r.trang_thai === '0' && !ownRecord(viewer, r),
    can_edit: leadsPeople(priority),
  };
}

/** 'Khách hàng riêng' (spec 3 §2.9, §4, §5, §6, §7.4). */
export function khrHandlers(service: OrdersContext): Handlers<typeof orders_v1_orders.KhrServiceService> {
  const kit = recordKit(service, 'private_customer');
  const FIELDS = ['so_dien_thoai', 'ngay_thanh_cong', 'username_nv', 'trang_thai', 'nguoi_phe_duyet'];
  return {
    async listKhr(req, ctx) {
      const page = await pageRecords<KhrRow>(
        service.deps.ds.manager,
        'private_customer',
        kit.where(ctx, req.phone),
        toPaging(req.page, req.count, 10),
      );
      return { values: page.rows.map((r) => presentKhr(r, ctx.user)), count: page.count };
    },
    async getKhr(req, ctx) {
      const r = await findRecord<KhrRow>(service.deps.ds.manager, 'private_customer', requireId(req.id, MSG.recordNotFound));
      return presentKhr(await kit.inView(ctx.user, r), ctx.user);
    },
    async createKhr(req, ctx) {
      const v = parseKhr(req);
      if (typeof v === 'string') refuse('VALIDATION', v);
      const nv = await kit.employee(ctx.user, req.username_nv);
      return presentKhr(await kit.create<KhrRow>(ctx.user, { ...(v as object), ...nv }), ctx.user);
    },
    async updateKhr(req, ctx) {
      requireRole(ctx.user, leadsPeople, MSG.staffActionsOnly);
      const v = parseKhr(req);
      if (typeof v === 'string') refuse('VALIDATION', v);
      const r = await kit.change<KhrRow>(req.id, ctx.user, FIELDS, async () => ({
        ...(v as object),
        ...(await kit.employee(ctx.user, req.username_nv)),
      }));
      return presentKhr(r, ctx.user);
    },
    async approveKhr(req, ctx) {
      requireRole(ctx.user, leadsPeople, MSG.staffActionsOnly);
      const r = await kit.change<KhrRow>(req.id, ctx.user, FIELDS, (row) => {
        if (ownRecord(ctx.user, row)) refuse('FORBIDDEN', MSG.ownRecordDecision);
        const d = checkDecision(row.trang_thai, req.trang_thai);
        if (isError(d)) refuse('VALIDATION', d.error);
        return { trang_thai: d, nguoi_phe_duyet: ctx.user.username };
      });
      return presentKhr(r, ctx.user);
    },
    async deleteKhr(req, ctx) {
      requireRole(ctx.user, leadsPeople, MSG.staffActionsOnly);
      return kit.remove(ctx.user, req.id);
    },
    khrHistory: (req, ctx) => kit.history(ctx.user, req),
    async importKhr(req, ctx) {
      requireRole(ctx.user, leadsPeople, MSG.staffActionsOnly);
      return kit.importRows(ctx.user, req, parseKhrImportRow);
    },
    async listAssignedKhr(req, ctx) {
      const page = await kit.assigned<KhrRow>(ctx.user, req);
      return { values: page.rows.map((r) => presentKhr(r, ctx.user)), count: page.count };
    },
    async countAssignableKhr(_req, ctx) {
      requireRole(ctx.user, leadsPeople, MSG.staffActionsOnly);
      return { total: await kit.countPool() };
    },
    async assignKhr(req, ctx) {
      requireRole(ctx.user, leadsPeople, MSG.staffActionsOnly);
      return kit.assign(ctx.user, req.items ?? []);
    },
  };
}

function presentBaodo(r: BaodoRow, viewer: Viewer): orders_v1_orders.BaodoRecord {
  const { priority } = viewer;
  return {
    ...presentKhr(r, viewer),
    ten_goi_cuoc: r.ten_goi_cuoc,
    gia_goi_cuoc: Number(r.gia_goi_cuoc),
    kenh: r.kenh,
    ly_do: r.ly_do,
    nguoi_dat_trang_thai: r.nguoi_dat_trang_thai,
    trang_thai_duyet: r.trang_thai_duyet,
    // Approve and set-result: priority below 3 (spec 3 §6); approve on pending rows only.
    can_decide: isManager(priority) && r.trang_thai_duyet === '0' && !ownRecord(viewer, r),
    can_edit: leadsPeople(priority),
  };
}

/** 'Báo đỏ' (spec 3 §2.10, §4, §5, §6, §7.5). The package price is the mfy list's T1 when listed. */
export function baodoHandlers(service: OrdersContext): Handlers<typeof orders_v1_orders.BaodoServiceService> {
  const kit = recordKit(service, 'red_report');
  const FIELDS = [
    'so_dien_thoai',
    'ngay_thanh_cong',
    'username_nv',
    'ten_goi_cuoc',
    'gia_goi_cuoc',
    'kenh',
    'ly_do',
    'trang_thai',
    'nguoi_dat_trang_thai',
    'trang_thai_duyet',
    'nguoi_phe_duyet',
  ];
  const priceOf = async (em: EntityManager, name: string) => Number((await findPriceByName(em, 'mfy', name))?.gia_t1 ?? 0);
  return {
    async listBaodo(req, ctx) {
      const paging = toPaging(req.page, req.count, 10);
      // Export only below priority 3 (spec 3 §2.10, §6).
      const page = await pageRecords<BaodoRow>(service.deps.ds.manager, 'red_report', kit.where(ctx, req.phone), paging);
      return { values: page.rows.map((r) => presentBaodo(r, ctx.user)), count: page.count };
    },
    async getBaodo(req, ctx) {
      const r = await findRecord<BaodoRow>(service.deps.ds.manager, 'red_report', requireId(req.id, MSG.recordNotFound));
      return presentBaodo(await kit.inView(ctx.user, r), ctx.user);
    },
    async createBaodo(req, ctx) {
      const v = parseBaodo(req);
      if (typeof v === 'string') refuse('VALIDATION', v);
      const nv = await kit.employee(ctx.user, req.username_nv);
      const fields = v as Exclude<typeof v, string>;
      const gia_goi_cuoc = await priceOf(service.deps.ds.manager, fields.ten_goi_cuoc);
      return presentBaodo(await kit.create<BaodoRow>(ctx.user, { ...fields, ...nv, gia_goi_cuoc }), ctx.user);
    },
    async updateBaodo(req, ctx) {
      requireRole(ctx.user, leadsPeople, MSG.staffActionsOnly);
      const v = parseBaodo(req);
      if (typeof v === 'string') refuse('VALIDATION', v);
      const fields = v as Exclude<typeof v, string>;
      const r = await kit.change<BaodoRow>(req.id, ctx.user, FIELDS, async (_row, em) => ({
        ...fields,
        ...(await kit.employee(ctx.user, req.username_nv)),
        gia_goi_cuoc: await priceOf(em, fields.ten_goi_cuoc),
      }));
      return presentBaodo(r, ctx.user);
    },
    async approveBaodo(req, ctx) {
      requireRole(ctx.user, isManager, MSG.managersOnly);
      const r = await kit.change<BaodoRow>(req.id, ctx.user, FIELDS, (row) => {
        if (ownRecord(ctx.user, row)) refuse('FORBIDDEN', MSG.ownRecordDecision);
        const d = checkDecision(row.trang_thai_duyet, req.trang_thai_duyet || req.trang_thai);
        if (isError(d)) refuse('VALIDATION', d.error);
        return { trang_thai_duyet: d, nguoi_phe_duyet: ctx.user.username };
      });
      return presentBaodo(r, ctx.user);
    },
    async setBaodoResult(req, ctx) {
      requireRole(ctx.user, isManager, MSG.managersOnly);
      const result = parseResult(req.trang_thai) ?? refuse('VALIDATION', MSG.resultInvalid);
      const r = await kit.change<BaodoRow>(req.id, ctx.user, FIELDS, () => ({
        trang_thai: result,
        nguoi_dat_trang_thai: ctx.user.username,
      }));
      return presentBaodo(r, ctx.user);
    },
    async deleteBaodo(req, ctx) {
      requireRole(ctx.user, isManager, MSG.managersOnly);
      return kit.remove(ctx.user, req.id);
    },
    baodoHistory: (req, ctx) => kit.history(ctx.user, req),
    async importBaodo(req, ctx) {
      requireRole(ctx.user, isManager, MSG.managersOnly);
      return kit.importRows(ctx.user, req, parseBaodoImportRow, async (rows, em) => {
        const prices = new Map<string, number>();
        for (const name of new Set(rows.map((r) => r.ten_goi_cuoc))) prices.set(name, await priceOf(em, name));
        return (r) => ({ gia_goi_cuoc: prices.get(r.ten_goi_cuoc) ?? 0 });
      });
    },
    async listAssignedBaodo(req, ctx) {
      const page = await kit.assigned<BaodoRow>(ctx.user, req);
      return { values: page.rows.map((r) => presentBaodo(r, ctx.user)), count: page.count };
    },
    async countAssignableBaodo(_req, ctx) {
      requireRole(ctx.user, isManager, MSG.managersOnly);
      return { total: await kit.countPool() };
    },
    async assignBaodo(req, ctx) {
      requireRole(ctx.user, isManager, MSG.managersOnly);
      return kit.assign(ctx.user, req.items ?? []);
    },
  };
}
