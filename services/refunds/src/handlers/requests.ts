import { AppError, dayRange, hasAnyPermission, Identity, isManager, monthToDate, parseDateTime, toPaging } from '@cskh/kit';
import { CallContext, Handlers } from '@cskh/kit/server';
import { changedFields, ListFilter, maskedContains, requireId, typedContains, Where } from '@cskh/kit/data';
import type { refunds_v1_refunds } from '@cskh/proto';
import type { EntityManager } from 'typeorm';
import type { RefundsContext } from '../context';
import { discountedAmount, packageRefundAmount } from '../domain/discount';
import { MSG, RMSG } from '../domain/messages';
import { presentRequest, RequestRow, visibleTrail } from '../domain/present';
import {
  ALL_METHODS,
  checkAmount,
  checkChoice,
  checkManualStatus,
  checkNumberType,
  checkPhone,
  EDIT_TYPES,
  FILTER_STATUSES,
  isTopUp,
  noticeText,
  requireFilled,
  STATUS,
  StatusKey,
} from '../domain/requests';
import { CHANNEL, isChannel, NO_API } from '../domain/settings';
import { answerStatus, callPartner } from '../clients/partner';
import { settleNewRequests } from '../store/settlement';
import { packageRefundRow, saveNewRequests, topUpRow } from './new-requests';
import { priceByName } from '../store/prices';
import { deletedSummary, deletionRefusal } from '../domain/deletion';
import {
  addChangedEvent,
  countPool,
  deleteRequestRow,
  findRequest,
  lockRequest,
  NewRequest,
  pageAssigned,
  pageRequests,
  REQUEST_RESOURCE,
  takeFromPool,
  updateRequest,
} from '../store/requests';
import { assignMessage, AssignItem, checkAssignItems } from '../domain/assign';
import { readSettings } from '../store/settings';

type Def = typeof refunds_v1_refunds.RefundsServiceService;
type Rpcs =
  | 'listRequests'
  | 'getRequest'
  | 'createPackageRefund'
  | 'createTopUp'
  | 'approveTopUp'
  | 'setPackageApproval'
  | 'setTransferStatus'
  | 'setTradeStatus'
  | 'setMethod'
  | 'setType'
  | 'setCreatedTime'
  | 'updateStaff'
  | 'updatePackage'
  | 'updateExtraRefund'
  | 'updateRefundAmount'
  | 'updateDifference'
  | 'retryPartner'
  | 'requestHistory'
  | 'deleteRequest'
  | 'listAssignedRequests'
  | 'countAssignableRequests'
  | 'assignRequests';

const requireManager = (me: Identity) => {
  if (!isManager(me.priority)) throw new AppError('FORBIDDEN', RMSG.editForbidden);
};

/** The list's period: Vietnam days, this month to today when neither is given. */
function listPeriod(startDate: unknown, endDate: unknown) {
  const blank = (v: unknown) => String(v ?? '').trim() === '';
  if (blank(startDate) && blank(endDate)) {
    const d = monthToDate();
    return dayRange(d.startDate, d.endDate);
  }
  return dayRange(startDate, endDate);
}

/** Refund and top-up requests (spec 2 §2.9, §4–§7): thin handlers over the rules in domain/. */
export function requestHandlers(c: RefundsContext): Pick<Handlers<Def>, Rpcs> {
  const { ds, audit, outbox, staff, config } = c.deps;

  /** Whether the viewer may see this request: what was handed to them, else the kit's subtree rule for one record. */
  const inView = async (me: Identity, r: RequestRow) =>
    (r.assigned_to && r.assigned_to === me.username) || staff.mayView(me, r.staff_username);

  /** Channel and its display name, read once per creation. */
  const channelNow = async (em: EntityManager) => {
    const s = await readSettings(em);
    const channel = s.get(CHANNEL) ?? NO_API;
    return {
      settings: s,
      channel: isChannel(channel) && (channel === NO_API || c.gateways.has(channel)) ? channel : NO_API,
    };
  };

  /**
   * Calls the request's gateway (after the request is committed) and records its answer; with no
   * answer in time the request stays 'Đang xử lý' and may be sent again with the same key.
   */
  const sendToPartner = async (row: RequestRow, me: Identity): Promise<RequestRow> => {
    const base = c.gateways.get(row.kenh_doi_tac);
    if (!base || (row.partner_state !== 'pending' && row.partner_state !== 'unknown')) return row;
    const answer = await callPartner(
      base,
      {
        requestId: row.id,
        phone: row.number_phone,
        amount: isTopUp(row.request_type) ? Number(row.refund_price) : Number(row.refund_price) + Number(row.other_refund),
        kind: isTopUp(row.request_type) ? 'topup' : 'refund',
        package: row.package_code,
      },
      config.PARTNER_TIMEOUT_MS,
    );
    const updated = await ds.transaction(async (em) => {
      const now = await lockRequest(em, row.id);
      // Someone else recorded an answer (or set a status by hand) meanwhile: theirs stands.
      if (now.partner_state !== 'pending' && now.partner_state !== 'unknown') return now;
      if (answer.kind === 'unknown')
        return updateRequest(em, row.id, { partner_state: 'unknown', partner_attempts: now.partner_attempts + 1 });
      const key = answerStatus(answer.outcome);
      const next = await updateRequest(em, row.id, {
        partner_state: 'answered',
        partner_attempts: now.partner_attempts + 1,
        partner_message: answer.message,
        partner_status: answer.status,
        trang_thai_key: key,
        trang_thai_giao_dich_doi_tac: STATUS[key],
        ma_trang_thai_giao_dich_doi_tac: answer.code,
      });
      await audit.record(em, {
        resource: REQUEST_RESOURCE,
        id: row.id,
        who: me,
        changes: [{ field: 'trang_thai_giao_dich_doi_tac', from: now.trang_thai_giao_dich_doi_tac, to: next.trang_thai_giao_dich_doi_tac }],
      });
      return next;
    });
    return updated;
  };

  /** The partner's answer shown to the caller (the kit's reply step masks the customer's number in it as in the row). */
  const noticeOf = (r: RequestRow, settings: Map<string, string>): refunds_v1_refunds.Notice => {
    const channel = r.kenh_doi_tac;
    const answer =
      channel === NO_API
        ? RMSG.noApiNotice
        : r.partner_state === 'answered'
          ? r.partner_message || r.trang_thai_giao_dich_doi_tac
          : RMSG.partnerNoAnswer;
    const message = answer;
    const status = channel === NO_API ? 'Unknown' : r.partner_state === 'answered' ? r.partner_status : STATUS.dang_xu_ly;
    return {
      request_id: r.id,
      channel,
      message,
      status,
      text: noticeText({ channel, channelLabel: settings.get(channel), topUp: isTopUp(r.request_type), message, status }),
    };
  };

  const createAndSend = async (
    me: Identity,
    build: (em: EntityManager, settings: Map<string, string>, channel: string) => Promise<NewRequest[]>,
  ) => {
    let settings = new Map<string, string>();
    const saved = await ds.transaction(async (em) => {
      const now = await channelNow(em);
      settings = now.settings;
      // A top-up whose customer's transfer was approved already is settled at once.
      return settleNewRequests(em, c.deps, await saveNewRequests(c, em, me, await build(em, now.settings, now.channel)));
    });
    outbox.afterCommit();
    const sent: RequestRow[] = [];
    for (const r of saved) sent.push(await sendToPartner(r, me));
    return { values: sent.map((r) => presentRequest(r, me)), notices: sent.map((r) => noticeOf(r, settings)) };
  };

  const change = (me: Identity, rawId: string, field: string, plan: (r: RequestRow) => Record<string, unknown> | null, event = true) =>
    changeRequest(c, me, rawId, field, plan, event);

  return {
    async listRequests(req, ctx) {
      const me = ctx.user;
      const paging = toPaging(req.page, req.count, 20);
      const where = requestFilter(ctx, staff, req);
      const page = await pageRequests(ds.manager, where, paging);
      return {
        values: page.rows.map((r) => presentRequest(r, me)),
        count: page.count,
        tongHoanTien: page.tongHoanTien,
        tongHoanThem: page.tongHoanThem,
        tongNapTien: page.tongNapTien,
        // Like the column, the total of the discounted amounts is for priority below 3 only.
        ...(isManager(me.priority) ? { tongTienSauChietKhau: page.tongTienSauChietKhau } : {}),
      };
    },

    async getRequest(req, ctx) {
      const r = await findRequest(ds.manager, requireId(req.id, RMSG.notFound));
      if (!r || !(await inView(ctx.user, r))) throw new AppError('NOT_FOUND', RMSG.notFound);
      return presentRequest(r, ctx.user);
    },

    async createPackageRefund(req, ctx) {
      const me = ctx.user;
      requireFilled(req.number_phone, req.number_type, req.package_code, req.request_type, req.request_method);
      const choLenDon = checkChoice(req.cho_len_don, RMSG.choLenDonRequired);
      if (choLenDon === 1) requireFilled(req.nap_tien);
      const phone = checkPhone(req.number_phone);
      const numberType = checkNumberType(req.number_type);
      const otherRefund = checkAmount(req.other_refund ?? 0);
      const reason = String(req.other_reason ?? '').trim();
      const ms = Number(req.millisecond_created_at) || Date.now();
      return createAndSend(me, async (em, settings, channel) => {
        const refund = await packageRefundRow(
          em,
          me,
          {
            ms,
            phone,
            numberType,
            pkg: req.package_code.trim(),
            type: req.request_type,
            method: req.request_method,
            otherRefund,
            reason,
            choLenDon,
          },
          channel,
        );
        if (choLenDon === 0) return [refund];
        const amount = checkAmount(req.nap_tien, true);
        return [
          refund,
          topUpRow(me, settings, { ms, phone, numberType, pkg: refund.package_code, amount, choLenDon: 1, isTransfer: 0 }, channel),
        ];
      });
    },

    async createTopUp(req, ctx) {
      const me = ctx.user;
      requireFilled(req.number_phone, req.number_type, req.package_code, req.refund_price);
      const choLenDon = checkChoice(req.cho_len_don, RMSG.choLenDonRefundRequired);
      if (choLenDon === 1) requireFilled(req.request_type, req.request_method);
      const phone = checkPhone(req.number_phone);
      const numberType = checkNumberType(req.number_type);
      const amount = checkAmount(req.refund_price, true);
      if (req.is_transfer !== 0 && req.is_transfer !== 1 && req.is_transfer !== undefined)
        throw new AppError('VALIDATION', RMSG.transferInvalid);
      const ms = Number(req.millisecond_created_at) || Date.now();
      return createAndSend(me, async (em, settings, channel) => {
        const topUp = topUpRow(
          me,
          settings,
          { ms, phone, numberType, pkg: req.package_code.trim(), amount, choLenDon, isTransfer: req.is_transfer ?? 0 },
          channel,
        );
        if (choLenDon === 0) return [topUp];
        const refund = await packageRefundRow(
          em,
          me,
          {
            ms,
            phone,
            numberType,
            pkg: topUp.package_code,
            type: req.request_type,
            method: req.request_method,
            otherRefund: 0,
            reason: '',
            choLenDon: 1,
          },
          channel,
        );
        return [refund, topUp];
      });
    },

    approveTopUp: (req, ctx) => {
      const me = ctx.user;
      if (!hasAnyPermission(me, ['requestrefund.duyet-don-chuyen-khoan'])) throw new AppError('FORBIDDEN', RMSG.approveForbidden);
      if (req.status_duyet_don !== 1 && req.status_duyet_don !== 2) throw new AppError('VALIDATION', RMSG.approveStatusInvalid);
      return change(me, req.id, 'approval', (r) => {
        if (!isTopUp(r.request_type)) throw new AppError('PRECONDITION', RMSG.approveOnlyTopUp);
        if (r.approver) throw new AppError('PRECONDITION', RMSG.alreadyApproved(r.approver));
        return req.status_duyet_don === 1
          ? { approver: me.username, status_duyet_don: 1, is_transfer: 1, username_duyet_trang_thai_chuyen_khoan: me.username }
          : { approver: me.username, status_duyet_don: 2 };
      });
    },

    setPackageApproval: (req, ctx) => {
      const me = ctx.user;
      requireManager(me);
      if (![0, 1, 2].includes(req.trang_thai_duyet_hoan_goi)) throw new AppError('VALIDATION', RMSG.packageApprovalInvalid);
      return change(me, req.id, 'package-approval', (r) => {
        if (r.request_type > 2) throw new AppError('PRECONDITION', RMSG.packageApprovalOnlyRefund);
        return { trang_thai_duyet_hoan_goi: req.trang_thai_duyet_hoan_goi, username_duyet_trang_thai_duyet_hoan_goi: me.username };
      });
    },

    setTransferStatus: (req, ctx) => {
      const me = ctx.user;
      requireManager(me);
      if (req.is_transfer !== 0 && req.is_transfer !== 1) throw new AppError('VALIDATION', RMSG.transferInvalid);
      return change(
        me,
        req.id,
        'is_transfer',
        () => ({ is_transfer: req.is_transfer, username_duyet_trang_thai_chuyen_khoan: me.username }),
        false,
      );
    },

    setTradeStatus: (req, ctx) => {
      const me = ctx.user;
      requireManager(me);
      return change(
        me,
        req.id,
        'status',
        (r) => {
          const key: StatusKey = checkManualStatus(req.ma_trang_thai_giao_dich_doi_tac, r.number_type);
          // A status set by hand settles a pending partner call: a late answer no longer overwrites it.
          return {
            trang_thai_key: key,
            trang_thai_giao_dich_doi_tac: STATUS[key],
            ma_trang_thai_giao_dich_doi_tac: req.ma_trang_thai_giao_dich_doi_tac,
            partner_state: r.partner_state === 'none' ? 'none' : 'answered',
          };
        },
        false,
      );
    },

    setMethod: (req, ctx) => {
      const me = ctx.user;
      requireManager(me);
      if (!ALL_METHODS.includes(req.request_method)) throw new AppError('VALIDATION', RMSG.methodInvalid);
      return withPrices(me, req.id, 'request_method', (r) => {
        if (isTopUp(r.request_type)) throw new AppError('PRECONDITION', RMSG.methodOnTopUp);
        return { request_method: req.request_method };
      });
    },

    setType: (req, ctx) => {
      const me = ctx.user;
      requireManager(me);
      if (!EDIT_TYPES.includes(req.request_type)) throw new AppError('VALIDATION', RMSG.typeInvalid);
      return change(me, req.id, 'request_type', (r) => {
        if (isTopUp(r.request_type) !== isTopUp(req.request_type)) throw new AppError('PRECONDITION', RMSG.kindChange);
        return { request_type: req.request_type };
      });
    },

    setCreatedTime: (req, ctx) => {
      const me = ctx.user;
      requireManager(me);
      const at = parseDateTime(req.created_time);
      if (!at) throw new AppError('VALIDATION', RMSG.createdTimeInvalid);
      return change(me, req.id, 'created_time', () => ({ created_time: at }));
    },

    async updateStaff(req, ctx) {
      const me = ctx.user;
      requireManager(me);
      const username = String(req.username ?? '').trim();
      if (!username) return presentRequest(await lockFree(req.id), me); // empty values are ignored (spec 2 §5)
      const member = await staff.get(username);
      if (!member || member.deleted) throw new AppError('VALIDATION', RMSG.staffUnknown(username));
      return change(me, req.id, 'staff', () => ({ staff_username: member.username, staff_fullname: member.fullname }));
    },

    async updatePackage(req, ctx) {
      const me = ctx.user;
      requireManager(me);
      const pkg = String(req.package_code ?? '').trim();
      if (!pkg) return presentRequest(await lockFree(req.id), me);
      return withPrices(me, req.id, 'package_code', () => ({ package_code: pkg }));
    },

    updateExtraRefund: (req, ctx) => {
      const me = ctx.user;
      requireManager(me);
      const v = checkAmount(req.other_refund);
      return change(me, req.id, 'other_refund', () => ({ other_refund: v }));
    },

    updateRefundAmount: (req, ctx) => {
      const me = ctx.user;
      requireManager(me);
      const v = checkAmount(req.refund_price, true);
      return change(me, req.id, 'refund_price', (r) => {
        if (!isTopUp(r.request_type)) throw new AppError('PRECONDITION', RMSG.refundAmountOnlyTopUp);
        // The stored rate, not today's: a settings change never rewrites a request.
        const final = discountedAmount(v, Math.round(Number(r.ti_le_chiet_khau) * 100));
        return { refund_price: v, transfer_final_amount: final, tien_hoan_sau_chiet_khau: final };
      });
    },

    updateDifference: (req, ctx) => {
      const me = ctx.user;
      requireManager(me);
      const v = req.chenh_lech;
      if (v === undefined || !Number.isSafeInteger(v)) throw new AppError('VALIDATION', RMSG.amountInvalid);
      return change(me, req.id, 'chenh_lech', () => ({ chenh_lech: v, username_cap_nhat_chenh_lech: me.username }));
    },

    async retryPartner(req, ctx) {
      const me = ctx.user;
      const row = await findRequest(ds.manager, requireId(req.id, RMSG.notFound));
      if (!row || !(await inView(me, row))) throw new AppError('NOT_FOUND', RMSG.notFound);
      if (row.partner_state !== 'unknown') throw new AppError('PRECONDITION', RMSG.retryNotNeeded);
      const settings = await readSettings(ds.manager);
      const sent = await sendToPartner(row, me);
      return { values: [presentRequest(sent, me)], notices: [noticeOf(sent, settings)] };
    },

    async requestHistory(req, ctx) {
      const id = requireId(req.id, RMSG.notFound);
      const r = await findRequest(ds.manager, id);
      if (!r || !(await inView(ctx.user, r))) throw new AppError('NOT_FOUND', RMSG.notFound);
      const trail = await audit.history(ds.manager, REQUEST_RESOURCE, id, req.page, req.count);
      return { ...trail, values: visibleTrail(trail.values, ctx.user.priority) };
    },

    deleteRequest: (req, ctx) => deleteRequestAs(c, ctx.user, req.id),

    // ── Hand-out (domain/assign.ts)
    async listAssignedRequests(req, ctx) {
      const me = ctx.user;
      const page = await pageAssigned(ds.manager, me.username, toPaging(req.page, req.count, 20));
      return { values: page.rows.map((r) => presentRequest(r, me)), count: page.count, tongHoanTien: 0, tongHoanThem: 0, tongNapTien: 0 };
    },

    async countAssignableRequests(_req, ctx) {
      const me = ctx.user;
      if (!isManager(me.priority)) throw new AppError('FORBIDDEN', RMSG.assignForbidden);
      return { total: await countPool(ds.manager) };
    },

    async assignRequests(req, ctx) {
      const me = ctx.user;
      if (!isManager(me.priority)) throw new AppError('FORBIDDEN', RMSG.assignForbidden);
      const asked = checkAssignItems(req.items);
      const people = await staff.byUsernames(asked.map((a) => a.username));
      const to = asked.map((a) => {
        const m = [...people.values()].find((p) => p.username.toLowerCase() === a.username.toLowerCase());
        if (!m || m.locked || m.deleted) throw new AppError('VALIDATION', RMSG.assignStaffInactive(a.username));
        return { username: m.username, count: a.count };
      });
      const got: AssignItem[] = await ds.transaction(async (em) => {
        const out: AssignItem[] = [];
        for (const a of to) {
          const rows = await takeFromPool(em, a.username, a.count, me.username);
          for (const r of rows)
            await audit.record(em, {
              resource: REQUEST_RESOURCE,
              id: r.id,
              who: me,
              changes: [{ field: 'assigned_to', from: '', to: a.username }],
            });
          out.push({ username: a.username, count: rows.length });
        }
        return out;
      });
      return { assigned: got.reduce((s, i) => s + i.count, 0), items: got, msg: assignMessage(to, got) };
    },
  };

  async function lockFree(rawId: string) {
    const r = await findRequest(ds.manager, requireId(rawId, RMSG.notFound));
    if (!r) throw new AppError('NOT_FOUND', RMSG.notFound);
    return r;
  }

  /** A change of package or method: a package refund's amount follows the price list. */
  async function withPrices(me: Identity, rawId: string, field: string, plan: (r: RequestRow) => Record<string, unknown>) {
    const id = requireId(rawId, RMSG.notFound);
    const current = await lockFree(id);
    const set0 = plan(current);
    const pkg = String(set0.package_code ?? current.package_code);
    const prices = await priceByName(ds.manager, pkg);
    if (!prices) throw new AppError('PRECONDITION', MSG.packageNotFound(pkg));
    return change(me, id, field, (r) => {
      const set: Record<string, unknown> = { ...plan(r), package_code: prices.ten_goi_cuoc };
      const method = Number(set.request_method ?? r.request_method);
      return isTopUp(r.request_type) || !method ? set : { ...set, refund_price: packageRefundAmount(prices, method) };
    });
  }
}

/**
 * 'Xác nhận xoá bản ghi' from the request list or the report: the rules of domain/deletion.ts,
 * then the row goes, audited, and cskh.refunds.changed (deleted) undoes its effect on payroll's
 * refunds and clawbacks; the report's clawback list loses it with the row.
 */
export async function deleteRequestAs(c: RefundsContext, me: Identity, rawId: string): Promise<{ ok: boolean; msg: string }> {
  const { ds, audit, outbox } = c.deps;
  const early = deletionRefusal(
    { partner_state: 'none', trang_thai_truy_thu_hoan_theo_goi: '', trang_thai_truy_thu_hoan_them: '' },
    me.priority,
  );
  if (early) throw new AppError('FORBIDDEN', early);
  const id = requireId(rawId, RMSG.notFound);
  await ds.transaction(async (em) => {
    const r = await lockRequest(em, id);
    const refusal = deletionRefusal(r, me.priority);
    if (refusal) throw new AppError('PRECONDITION', refusal);
    const gone = await deleteRequestRow(em, r);
    await audit.record(em, { resource: REQUEST_RESOURCE, id, who: me, changes: [{ field: 'deleted', from: deletedSummary(r), to: true }] });
    await addChangedEvent(em, outbox, gone, 'deleted', me.username, true);
  });
  outbox.afterCommit();
  return { ok: true, msg: RMSG.deleted };
}

/** One change of a request: lock, plan, save, audit and (unless told) the changed event. */
export async function changeRequest(
  c: RefundsContext,
  me: Identity,
  rawId: string,
  field: string,
  plan: (r: RequestRow) => Record<string, unknown> | null,
  event = true,
) {
  const { ds, audit, outbox } = c.deps;
  const id = requireId(rawId, RMSG.notFound);
  const row = await ds.transaction(async (em) => {
    const before = await lockRequest(em, id);
    const set = plan(before);
    if (!set) return before;
    const changes = changedFields(before as unknown as Record<string, unknown>, { ...before, ...set }, Object.keys(set));
    if (changes.length === 0) return before;
    const after = await updateRequest(em, id, set);
    await audit.record(em, { resource: REQUEST_RESOURCE, id, who: me, changes });
    if (event) await addChangedEvent(em, outbox, after, field, me.username);
    return after;
  });
  if (event) outbox.afterCommit();
  return presentRequest(row, me);
}

/**
 * The filter shared by the request list and the report: period (this month to today when blank),
 * transfer, partner status, free text, and the caller's subtree.
 */
export function requestFilter(
  ctx: CallContext,
  staff: RefundsContext['deps']['staff'],
  req: { startDate?: string; endDate?: string; is_transfer?: string; trang_thai_giao_dich_doi_tac?: string; message?: string },
): Where {
  const me = ctx.user;
  const { from, to } = listPeriod(req.startDate, req.endDate);
  const transfer = String(req.is_transfer ?? '').trim();
  if (!['', '0', '1', '2'].includes(transfer)) throw new AppError('VALIDATION', RMSG.transferFilterInvalid);
  const status = String(req.trang_thai_giao_dich_doi_tac ?? '').trim();
  if (status && !(FILTER_STATUSES as readonly string[]).includes(status)) throw new AppError('VALIDATION', RMSG.statusFilterInvalid);
  const text = req.message?.trim();
  const where = new ListFilter()
    .period('created_time', { from, to })
    .eq('is_transfer', transfer === '1' ? 0 : transfer === '2' ? 1 : undefined)
    .eq('trang_thai_key', status);
  if (text) {
    // The phone and the reason (which may quote it) as the caller sees them (kit masked-search);
    // package, staff and reason as staff type them (kit typed-search).
    const [phone, ...phoneValues] = maskedContains('number_phone', text, me.priority);
    const [reason, ...reasonValues] = maskedContains('other_reason', text, me.priority, { typed: true });
    const [named, ...namedValues] = typedContains(['package_code', 'staff_username'], text);
    where.add(`(${phone} OR ${named} OR ${reason})`, ...phoneValues, ...namedValues, ...reasonValues);
  }
  // The scope reads staff_username only: the per-day counters answer it too.
  return where.over(['staff_username'], (w) => staff.rowsInScope(w, ctx, 'staff_username'));
}
