import { AppError, Identity, toPaging } from '@cskh/kit';
import { Handlers } from '@cskh/kit/server';
import { requireId } from '@cskh/kit/data';
import type { refunds_v1_refunds } from '@cskh/proto';
import type { RefundsContext } from '../context';
import { RMSG } from '../domain/messages';
import { presentRequest, RequestRow, visibleTrail } from '../domain/present';
import { checkAmount, checkChoice, checkNumberType, checkPhone, requireFilled } from '../domain/requests';
import { packageRefundRow, topUpRow } from './new-requests';
import { findRequest, REQUEST_RESOURCE } from '../store/requests';
import { readSettings } from '../store/settings';
import { deleteRequestAs, requestPage } from './request-change';
import { requestFilter } from './request-filter';
import { partnerSender } from './partner-send';

type Def = typeof refunds_v1_refunds.RefundsServiceService;
type Rpcs = 'listRequests' | 'getRequest' | 'createPackageRefund' | 'createTopUp' | 'retryPartner' | 'requestHistory' | 'deleteRequest';

/**
 * Refund and top-up requests (spec 2 §2.9): the list, one request, the two creations sent to the
 * partner, a retry, the history and the delete; edits in request-edits.ts, the hand-out in
 * request-assign.ts.
 */
export function requestHandlers(service: RefundsContext): Pick<Handlers<Def>, Rpcs> {
  const { ds, audit, staff } = service.deps;
  const { sendToPartner, noticeOf, createAndSend } = partnerSender(service);

  /** Whether the viewer may see this request: what was handed to them, else the kit's subtree rule for one record. */
  const inView = async (me: Identity, r: RequestRow) =>
    (r.assigned_to && r.assigned_to === me.username) || staff.mayView(me, r.staff_username);

  return {
    listRequests: (req, ctx) => requestPage(service, ctx.user, requestFilter(ctx, staff, req), toPaging(req.page, req.count, 20)),

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

    deleteRequest: (req, ctx) => deleteRequestAs(service, ctx.user, req.id),
  };
}
