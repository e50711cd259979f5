import { AppError, Identity, isManager, toPaging } from '@cskh/kit';
import { CallContext, Handlers } from '@cskh/kit/server';
import { staffOptionList } from '@cskh/kit/data';
import type { refunds_v1_refunds } from '@cskh/proto';
import type { RefundsContext } from '../context';
import { RMSG } from '../domain/messages';
import { checkClawback, clawbackFilter, orderKindFilter } from '../domain/report';
import { clawbackByStaff } from '../store/requests';
import { changeRequest, deleteRequestAs, requestPage } from './request-change';
import { requestFilter } from './request-filter';
import { requestHandlers } from './requests';
import { requestEditHandlers } from './request-edits';

type Def = typeof refunds_v1_refunds.RefundsServiceService;
type Rpcs =
  | 'listReport'
  | 'listClawback'
  | 'reportStaff'
  | 'setClawbackPackage'
  | 'setClawbackExtra'
  | 'deleteReportRequest'
  | 'getReportRequest'
  | 'approveReportTopUp'
  | 'setReportTransferStatus'
  | 'setReportTradeStatus';

/** The refund report and its clawback (spec 2 §2.10, §4 "Clawback status", §7 "Refund report"). */
export function reportHandlers(service: RefundsContext): Pick<Handlers<Def>, Rpcs> {
  const { ds, staff } = service.deps;
  const list = requestHandlers(service);
  const edits = requestEditHandlers(service);

  /** The request list's filter plus the clawback statuses, the order kind and one staff member. */
  const reportFilter = (ctx: CallContext, req: refunds_v1_refunds.ListReportRequest) => {
    const where = requestFilter(ctx, staff, req)
      .addIf(clawbackFilter(req.trang_thai_truy_thu_hoan_theo_goi), 'trang_thai_truy_thu_hoan_theo_goi = ?')
      .addIf(clawbackFilter(req.trang_thai_truy_thu_hoan_them), 'trang_thai_truy_thu_hoan_them = ?')
      .addIf(req.username?.trim() || undefined, 'lower(staff_username) = lower(?)');
    const kind = orderKindFilter(req.don_hoan_hoac_nap);
    if (kind) where.add(kind);
    return where;
  };

  const setClawback = (
    me: Identity,
    id: string,
    field: 'trang_thai_truy_thu_hoan_theo_goi' | 'trang_thai_truy_thu_hoan_them',
    value: unknown,
  ) => {
    if (!isManager(me.priority)) throw new AppError('FORBIDDEN', RMSG.clawbackForbidden);
    const status = checkClawback(value);
    const by =
      field === 'trang_thai_truy_thu_hoan_theo_goi'
        ? 'username_duyet_trang_thai_truy_thu_hoan_theo_goi'
        : 'username_duyet_trang_thai_truy_thu_hoan_them';
    return changeRequest(service, me, id, field, () => ({ [field]: status, [by]: me.username }));
  };

  return {
    listReport: (req, ctx) => requestPage(service, ctx.user, reportFilter(ctx, req), toPaging(req.page, req.count, 20)),

    async listClawback(req, ctx) {
      // The clawback list is an export (export_only in the proto).
      const where = reportFilter(ctx, req);
      const values = await clawbackByStaff(ds.manager, where);
      return { values, count: values.length, tong_truy_thu: values.reduce((s, r) => s + r.tong_truy_thu, 0) };
    },

    async reportStaff(_req, ctx) {
      return staffOptionList(staff, ctx.user, { includeLocked: true });
    },

    setClawbackPackage: (req, ctx) =>
      setClawback(ctx.user, req.id, 'trang_thai_truy_thu_hoan_theo_goi', req.trang_thai_truy_thu_hoan_theo_goi),
    setClawbackExtra: (req, ctx) => setClawback(ctx.user, req.id, 'trang_thai_truy_thu_hoan_them', req.trang_thai_truy_thu_hoan_them),

    deleteReportRequest: (req, ctx) => deleteRequestAs(service, ctx.user, req.id),
    // The report's own routes (spec 2 §7 "Refund report"), guarded by requestrefundreport: the request
    // list's rules word for word (the sub-permission for approval, priority below 3 for the statuses).
    getReportRequest: (req, ctx) => list.getRequest(req, ctx),
    approveReportTopUp: (req, ctx) => edits.approveTopUp(req, ctx),
    setReportTransferStatus: (req, ctx) => edits.setTransferStatus(req, ctx),
    setReportTradeStatus: (req, ctx) => edits.setTradeStatus(req, ctx),
  };
}
