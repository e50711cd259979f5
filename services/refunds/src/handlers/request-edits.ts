import { AppError, hasAnyPermission, Identity, isManager, parseDateTime } from '@cskh/kit';
import { Handlers } from '@cskh/kit/server';
import type { refunds_v1_refunds } from '@cskh/proto';
import type { RefundsContext } from '../context';
import { discountedAmount } from '../domain/discount';
import { RMSG } from '../domain/messages';
import { presentRequest } from '../domain/present';
import { subscriberCorrection } from '../domain/request-edits';
import { ALL_METHODS, checkAmount, checkManualStatus, EDIT_TYPES, isTopUp, STATUS, StatusKey } from '../domain/requests';
import { settleNewRequests } from '../store/settlement';
import { changeRequest, changeWithPrices, findOrRefuse } from './request-change';

type Def = typeof refunds_v1_refunds.RefundsServiceService;
type Rpcs =
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
  | 'correctSubscriber';

const requireManager = (me: Identity) => {
  if (!isManager(me.priority)) throw new AppError('FORBIDDEN', RMSG.editForbidden);
};

/**
 * A request's edits (spec 2 §4–§7): approval, statuses, type, method, amounts, staff, package,
 * created time and `PUT /api/v1/requestrefund/{id}` (the subscriber, domain/request-edits.ts); each
 * one audited change through changeRequest.
 */
export function requestEditHandlers(service: RefundsContext): Pick<Handlers<Def>, Rpcs> {
  const { staff } = service.deps;
  return {
    approveTopUp: (req, ctx) => {
      const me = ctx.user;
      if (!hasAnyPermission(me, ['requestrefund.duyet-don-chuyen-khoan'])) throw new AppError('FORBIDDEN', RMSG.approveForbidden);
      if (req.status_duyet_don !== 1 && req.status_duyet_don !== 2) throw new AppError('VALIDATION', RMSG.approveStatusInvalid);
      return changeRequest(service, me, req.id, 'approval', (r) => {
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
      return changeRequest(service, me, req.id, 'package-approval', (r) => {
        if (r.request_type > 2) throw new AppError('PRECONDITION', RMSG.packageApprovalOnlyRefund);
        return { trang_thai_duyet_hoan_goi: req.trang_thai_duyet_hoan_goi, username_duyet_trang_thai_duyet_hoan_goi: me.username };
      });
    },

    setTransferStatus: (req, ctx) => {
      const me = ctx.user;
      requireManager(me);
      if (req.is_transfer !== 0 && req.is_transfer !== 1) throw new AppError('VALIDATION', RMSG.transferInvalid);
      return changeRequest(
        service,
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
      return changeRequest(
        service,
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
      return changeWithPrices(service, me, req.id, 'request_method', (r) => {
        if (isTopUp(r.request_type)) throw new AppError('PRECONDITION', RMSG.methodOnTopUp);
        return { request_method: req.request_method };
      });
    },

    setType: (req, ctx) => {
      const me = ctx.user;
      requireManager(me);
      if (!EDIT_TYPES.includes(req.request_type)) throw new AppError('VALIDATION', RMSG.typeInvalid);
      return changeRequest(service, me, req.id, 'request_type', (r) => {
        if (isTopUp(r.request_type) !== isTopUp(req.request_type)) throw new AppError('PRECONDITION', RMSG.kindChange);
        return { request_type: req.request_type };
      });
    },

    setCreatedTime: (req, ctx) => {
      const me = ctx.user;
      requireManager(me);
      const at = parseDateTime(req.created_time);
      if (!at) throw new AppError('VALIDATION', RMSG.createdTimeInvalid);
      return changeRequest(service, me, req.id, 'created_time', () => ({ created_time: at }));
    },

    async updateStaff(req, ctx) {
      const me = ctx.user;
      requireManager(me);
      const username = String(req.username ?? '').trim();
      if (!username) return presentRequest(await findOrRefuse(service, req.id), me); // empty values are ignored (spec 2 §5)
      const member = await staff.get(username);
      if (!member || member.deleted) throw new AppError('VALIDATION', RMSG.staffUnknown(username));
      return changeRequest(service, me, req.id, 'staff', () => ({ staff_username: member.username, staff_fullname: member.fullname }));
    },

    async updatePackage(req, ctx) {
      const me = ctx.user;
      requireManager(me);
      const pkg = String(req.package_code ?? '').trim();
      if (!pkg) return presentRequest(await findOrRefuse(service, req.id), me);
      return changeWithPrices(service, me, req.id, 'package_code', () => ({ package_code: pkg }));
    },

    updateExtraRefund: (req, ctx) => {
      const me = ctx.user;
      requireManager(me);
      const v = checkAmount(req.other_refund);
      return changeRequest(service, me, req.id, 'other_refund', () => ({ other_refund: v }));
    },

    updateRefundAmount: (req, ctx) => {
      const me = ctx.user;
      requireManager(me);
      const v = checkAmount(req.refund_price, true);
      return changeRequest(service, me, req.id, 'refund_price', (r) => {
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
      return changeRequest(service, me, req.id, 'chenh_lech', () => ({ chenh_lech: v, username_cap_nhat_chenh_lech: me.username }));
    },

    correctSubscriber: (req, ctx) =>
      // The corrected number may be the one a waiting bank transfer names: it settles the top-up then.
      changeRequest(
        service,
        ctx.user,
        req.id,
        'subscriber',
        (before) => subscriberCorrection(before, req.number_phone, req.number_type),
        true,
        async (em, after) => (await settleNewRequests(em, service.deps, [after]))[0],
      ),
  };
}
