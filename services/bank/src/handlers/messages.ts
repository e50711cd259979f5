import { ALL_ROWS_COUNT, AppError, Identity, last9, toPaging } from '@cskh/kit';
import { Handlers } from '@cskh/kit/server';
import { changedFields, ListFilter, maskedContains, requireId } from '@cskh/kit/data';
import { isManager } from '@cskh/kit';
import { bank_v1_bank, events_v1_bank } from '@cskh/proto';
import type { EntityManager } from 'typeorm';
import type { BankContext } from '../context';
import { refundFor } from '../domain/refunds';
import { channelFilter } from '../domain/channels';
import { messageApproved, MESSAGE_APPROVED_TOPIC } from '../domain/events';
import { isReadFilter, listPeriod } from '../domain/filters';
import { MSG } from '../domain/messages';
import { BankMessageRow, presentMessage, visibleHistory } from '../domain/present';
import { checkDecision, checkDeletable, checkProcessing, Decision, planContactEdit, requireManager } from '../domain/rules';
import { parseTransfer } from '../domain/transfer';
import {
  deleteMessage,
  findMessage,
  insertTransfers,
  lockMessage,
  MessagePage,
  pageMessages,
  RESOURCE,
  updateMessage,
} from '../store/messages';
import { refundRefsFor } from '../store/refund-refs';

type Def = typeof bank_v1_bank.BankServiceService;
type MessageRpcs =
  'listMessages' | 'createMessage' | 'updateMessage' | 'setProcessing' | 'approve' | 'deny' | 'deleteMessage' | 'messageHistory';

/**
 * A page of messages as the viewer may see them, each with the refund request it belongs to (the
 * refunds read model, domain/refunds.ts), and the totals of the whole filter.
 */
export async function presentPage(
  em: EntityManager,
  page: MessagePage,
  viewerPriority: number,
  forExport = false,
): Promise<bank_v1_bank.BankMessageList> {
  const refunds = await refundRefsFor(
    em,
    page.rows.map((r) => last9(r.so_dien_thoai)),
  );
  return {
    values: page.rows.map((r) => presentMessage(r, viewerPriority, forExport, refunds.length ? refundFor(r, refunds) : undefined)),
    count: page.count,
    tongChuyenKhoan: page.total,
    tongDonChuyen: page.count,
    pending: 0,
  };
}

/** One message as the viewer may see it, with its refund request. */
async function presentOne(em: EntityManager, row: BankMessageRow, viewerPriority: number): Promise<bank_v1_bank.BankMessage> {
  return (await presentPage(em, { rows: [row], count: 1, total: 0 }, viewerPriority)).values[0];
}

/** The bank-lookup screen's calls (spec 1 §7 "Bank messages"), thin: check → rules → store → present. */
export function messageHandlers(service: BankContext): Pick<Handlers<Def>, MessageRpcs> {
  const { ds, audit, outbox } = service.deps;

  const decide = async (req: { id: string }, me: Identity, decision: Decision) => {
    const id = requireId(req.id, MSG.notFound);
    const row = await ds.transaction(async (em) => {
      const m = await lockMessage(em, id);
      const status = checkDecision(me.priority, m, decision);
      const at = new Date();
      const updated = await updateMessage(em, id, {
        trang_thai_duyet_thong_tin: status,
        username_duyet_trang_thai_duyet_thong_tin: me.username,
        thoi_gian_duyet_trang_thai_duyet_thong_tin: at,
      });
      await audit.record(em, {
        resource: RESOURCE,
        id,
        who: me,
        changes: [{ field: 'trang_thai_duyet_thong_tin', from: m.trang_thai_duyet_thong_tin, to: status }],
      });
      if (decision === 'approve') {
        const event = events_v1_bank.BankMessageApproved.encode(messageApproved(updated, me.username, at)).finish();
        await outbox.add(em, MESSAGE_APPROVED_TOPIC, id, event);
      }
      return updated;
    });
    if (decision === 'approve') outbox.afterCommit();
    return presentOne(ds.manager, row, me.priority);
  };

  return {
    async listMessages(req, ctx) {
      const me = ctx.user;
      const paging = toPaging(req.page, req.count, 20);
      // The export asks for every row (page 0, count 9999999999): not for priority 5 (spec 1 §6).
      const { from, to } = listPeriod(req.startDate, req.endDate);
      const isRead = isReadFilter(req.is_read);
      const where = new ListFilter().period('datetime', { from, to }).eq('is_read', isRead).eq('sender', channelFilter(req.sender));
      // The message as the caller sees it: phones in it masked for priority 3 and above (kit masked-search),
      // compared as staff type it (no diacritics, any case).
      if (req.message?.trim()) where.add(...maskedContains('str_mes', req.message.trim(), me.priority, { typed: true }));
      return presentPage(ds.manager, await pageMessages(ds.manager, where, paging), me.priority, paging.take === undefined);
    },

    async createMessage(req, ctx) {
      const me = ctx.user;
      requireManager(me);
      const t = parseTransfer(req);
      if (typeof t === 'string') throw new AppError('VALIDATION', t);
      const [row] = await insertTransfers(ds.manager, [{ t, importKey: null }], me.username);
      return presentOne(ds.manager, row, me.priority);
    },

    async updateMessage(req, ctx) {
      const me = ctx.user;
      const id = requireId(req.id, MSG.notFound);
      const row = await ds.transaction(async (em) => {
        const m = await lockMessage(em, id);
        const next = planContactEdit(me.priority, m, { so_dien_thoai: req.so_dien_thoai, goi_cuoc: req.goi_cuoc });
        const changes = changedFields(m as unknown as Record<string, unknown>, next, ['so_dien_thoai', 'goi_cuoc']);
        if (changes.length === 0) return m;
        const updated = await updateMessage(em, id, { ...next, nguoi_cap_nhat: me.username, thoi_gian_cap_nhat: new Date() });
        await audit.record(em, { resource: RESOURCE, id, who: me, changes });
        return updated;
      });
      return presentOne(ds.manager, row, me.priority);
    },

    async setProcessing(req, ctx) {
      const me = ctx.user;
      const id = requireId(req.id, MSG.notFound);
      const row = await ds.transaction(async (em) => {
        const m = await lockMessage(em, id);
        if (!checkProcessing(me.priority, m, req.is_read)) return m;
        const updated = await updateMessage(em, id, { is_read: req.is_read, nguoi_cap_nhat: me.username, thoi_gian_cap_nhat: new Date() });
        await audit.record(em, { resource: RESOURCE, id, who: me, changes: [{ field: 'is_read', from: m.is_read, to: req.is_read }] });
        return updated;
      });
      return presentOne(ds.manager, row, me.priority);
    },

    approve: (req, ctx) => decide(req, ctx.user, 'approve'),
    deny: (req, ctx) => decide(req, ctx.user, 'deny'),

    async deleteMessage(req, ctx) {
      const me = ctx.user;
      requireManager(me);
      const id = requireId(req.id, MSG.notFound);
      await ds.transaction(async (em) => {
        const m = await lockMessage(em, id);
        checkDeletable(m);
        await deleteMessage(em, id);
        await audit.record(em, { resource: RESOURCE, id, who: me, changes: [{ field: 'deleted', from: false, to: true }] });
      });
      return { ok: true, msg: MSG.deleted };
    },

    async messageHistory(req, ctx) {
      const me = ctx.user;
      const id = requireId(req.id, MSG.notFound);
      if (isManager(me.priority)) {
        const page = await audit.history(ds.manager, RESOURCE, id, req.page, req.count);
        if (page.count === 0 && !(await findMessage(ds.manager, id))) throw new AppError('NOT_FOUND', MSG.notFound);
        return page;
      }
      if (!(await findMessage(ds.manager, id))) throw new AppError('NOT_FOUND', MSG.notFound);
      // Staff see a part of the trail: filter the whole (short) trail, then page it.
      const all = await audit.history(ds.manager, RESOURCE, id, 0, ALL_ROWS_COUNT);
      const visible = visibleHistory(all.values, me.priority);
      const paging = toPaging(req.page, req.count, 50);
      const values = paging.take === undefined ? visible : visible.slice(paging.skip, paging.skip + paging.take);
      return { values, count: visible.length };
    },
  };
}
