import { ALL_ROWS_COUNT, exportWindowSize, Paging, toPaging, vnDateTime } from '@cskh/kit';
import { CallContext, Handlers } from '@cskh/kit/server';
import { ListFilter, maskedContains, pageSql, rollupCount, staffScopeOf, Where } from '@cskh/kit/data';
import { isManager } from '@cskh/kit';
import type { payroll_v1_payroll } from '@cskh/proto';
import type { PayrollContext } from '../context';
import { phoneSearch, reportPeriod } from '../domain/filters';
import { NO_BRANCH_LABEL } from '../domain/messages';
import { REVENUE_RECORD_ROLLUPS } from '../store/revenue-rollups';
import { branchAverage, showPhone, staffLabel } from '../domain/revenue';
import { staffTree } from '../domain/staff-tree';
import {
  detailedRows,
  reassignedTotals,
  reconciliationTotals,
  revenuePerDay,
  revenueRowsPage,
  revenueSummary,
  revenueTotals,
} from '../store/reports';
import type { ViewRow } from '../store/revenue';

type Def = typeof payroll_v1_payroll.PayrollServiceService;
type Req = payroll_v1_payroll.ReportRequest;
type ReportRpcs =
  | 'listDetailed'
  | 'exportDetailed'
  | 'listStaffRevenue'
  | 'exportStaffRevenue'
  | 'listBranchRevenue'
  | 'exportBranchRevenue'
  | 'revenueByDay'
  | 'list9279'
  | 'export9279'
  | 'listReconciliation'
  | 'exportReconciliation'
  | 'listStaff';

const num = (v: unknown) => Number(v ?? 0);

/** Page and count (who may export is the route's declared export_barred, enforced before the handler). */
export function reportPaging(req: { page?: number; count?: number }, exportAll = false): Paging {
  // An export route: every row, or the window of them a streamed export asks for (its count says which).
  const paging = exportAll
    ? toPaging(req.page, exportWindowSize(req.count) ? req.count : ALL_ROWS_COUNT)
    : toPaging(req.page, req.count, 20);
  return paging;
}

/**
 * The filters every report shares, on the revenue view `v`: the caller's subtree (a branch its
 * branch, a leader their group, a salesperson themself), one staff member, the phone search, and the
 * period on the given date column.
 */
export function reportWhere(service: PayrollContext, req: Req, ctx: CallContext, dateColumn: string): Where {
  const me = ctx.user;
  const { from, to } = reportPeriod(req.startDate, req.endDate);
  const phone = phoneSearch(req.message);
  const where = new Where().addIf(from, `${dateColumn} >= ?`).addIf(to, `${dateColumn} < ?`).addIf(req.username, 'v.username_nv = ?');
  // As the caller sees the phone (kit masked-search: a masked viewer cannot guess the hidden digits).
  if (phone.digits) where.add(...maskedContains('v.phone9', phone.digits, me.priority));
  if (phone.text) where.add(...maskedContains('v.so_dien_thoai_cs', phone.text, me.priority));
  service.deps.staff.rowsInScope(where, ctx, 'v.username_nv');
  return where;
}

const presentDetailed = (r: ViewRow): payroll_v1_payroll.DetailedRow => ({
  id: r.id,
  kenh: r.kenh ?? '',
  username_nv: r.username_nv,
  ten_nv: r.ten_nv,
  so_dien_thoai_cs: showPhone(r.so_dien_thoai_cs),
  goi_cuoc: r.goi_cuoc ?? '',
  doanh_thu: num(r.doanh_thu),
  ngay_thanh_cong: vnDateTime(r.ngay_thanh_cong),
  username_he_thong: r.username_he_thong,
  track0: r.track0,
  track1: r.track1,
});
export { presentDetailed };

/** The five revenue reports (spec 2 §2.2–§2.5, §2.8), all from one view with the same filters. */
export function reportHandlers(service: PayrollContext): Pick<Handlers<Def>, ReportRpcs> {
  const { ds, staff } = service.deps;

  const detailed = async (req: Req, ctx: CallContext, exportAll: boolean): Promise<payroll_v1_payroll.DetailedList> => {
    const paging = reportPaging(req, exportAll);
    const where = reportWhere(service, req, ctx, 'v.ngay_thanh_cong').add('v.success');
    const [rows, totals] = await Promise.all([detailedRows(ds, where, pageSql(paging)), detailedTotals(req, ctx, where)]);
    return { values: rows.map(presentDetailed), count: totals.n, tongDoanhThu: totals.total, tongGoi: totals.n };
  };

  /**
   * Packages and revenue of the detailed report's filter. Without a phone search they come from
   * the per-day counters, which name each record's own staff member; reassigned records (a
   * manager's few corrections) are then moved to their new name by two small exact queries.
   */
  const detailedTotals = async (req: Req, ctx: CallContext, where: Where): Promise<{ n: number; total: number }> => {
    const me = ctx.user;
    const exact = async () => {
      const t = await revenueTotals(ds, where);
      return { n: num(t.n), total: num(t.total) };
    };
    const phone = phoneSearch(req.message);
    if (phone.digits || phone.text) return exact();
    const { from, to } = reportPeriod(req.startDate, req.endDate);
    const username = (req.username ?? '').trim();
    const byStaff = (column: string) =>
      new ListFilter()
        .period('ngay_thanh_cong', { from, to })
        .eq('success', true)
        .over([column], (w) => {
          if (username) w.add(`${column} = ?`, username);
          service.deps.staff.rowsInScope(w, ctx, column);
        });
    const counted = await rollupCount(ds, byStaff('username_nv'), REVENUE_RECORD_ROLLUPS, ['doanh_thu']);
    if (!counted) return exact();
    if (!username && staffScopeOf(me).kind === 'all') return { n: counted.count, total: counted.totals.doanh_thu };
    const reassigned = async (column: string) => {
      const t = await reassignedTotals(ds, byStaff(column));
      return { n: num(t.n), total: num(t.total) };
    };
    const [away, to_] = await Promise.all([reassigned('r.username_nv'), reassigned('a.username')]);
    return { n: counted.count - away.n + to_.n, total: counted.totals.doanh_thu - away.total + to_.total };
  };

  /** Per staff member, or per branch: packages, provisional and actual revenue, refunds. */
  const summary = async (
    req: Req,
    ctx: CallContext,
    exportAll: boolean,
    by: 'staff' | 'branch',
  ): Promise<payroll_v1_payroll.RevenueSummaryList> => {
    const paging = reportPaging(req, exportAll);
    const where = reportWhere(service, by === 'branch' ? { ...req, username: '', message: '' } : req, ctx, 'v.ngay_thanh_cong').add(
      'v.success',
    );
    const { rows, totals: t } = await revenueSummary(ds, where, paging, by);
    return {
      values: rows.map((r) => ({
        username_nv: String(r.username_nv),
        ten_nv: by === 'branch' && !r.username_nv ? NO_BRANCH_LABEL : String(r.ten_nv ?? ''),
        don_moi: num(r.don_moi),
        doanh_thu_tam_tinh: num(r.tam_tinh),
        doanh_thu_thuc_te: num(r.thuc_te),
        tong_hoan_tien: num(r.hoan),
        tong_nv_chi_nhanh: num(r.nv),
        doanh_thu_trung_binh: by === 'branch' ? branchAverage(num(r.tam_tinh), num(r.nv)) : 0,
      })),
      count: num(t.groups),
      tongGoi: num(t.goi),
      tongDoanhThu: num(t.tam_tinh),
      tongDoanhThuTamTinh: num(t.tam_tinh),
      tongDoanhThuThucTe: num(t.thuc_te),
      tongHoanTien: num(t.hoan),
    };
  };

  const report9279 = async (req: Req, ctx: CallContext, exportAll: boolean): Promise<payroll_v1_payroll.Report9279List> => {
    const me = ctx.user;
    const paging = reportPaging(req, exportAll);
    const where = reportWhere(service, req, ctx, 'v.ngay_len_don').add(`v.track0 = '9279'`).add('v.success');
    const [rows, totals] = await Promise.all([revenueRowsPage(ds, where, paging, 'v.ngay_len_don'), revenueTotals(ds, where)]);
    return {
      values: rows.map((r) => ({
        id: r.id,
        // The partner company is for priority below 3 only: absent from everyone else's answer.
        ...(isManager(me.priority) ? { cty: r.cty } : {}),
        so_dien_thoai_cs: showPhone(r.so_dien_thoai_cs),
        goi_cuoc: r.goi_cuoc ?? '',
        username_nv: r.username_nv,
        ten_nv: r.ten_nv,
        hinh_thuc: r.hinh_thuc ?? '',
        gia_ban_goi: r.gia_ban_goi,
        doanh_thu: num(r.doanh_thu),
        ngay_len_don: vnDateTime(r.ngay_len_don),
      })),
      count: num(totals.n),
      tongDoanhThu: num(totals.total),
      tongGoi: num(totals.n),
    };
  };

  const reconciliation = async (req: Req, ctx: CallContext, exportAll: boolean): Promise<payroll_v1_payroll.ReconciliationList> => {
    const paging = reportPaging(req, exportAll);
    const where = reportWhere(service, req, ctx, 'v.ngay_thanh_cong');
    const [rows, t] = await Promise.all([revenueRowsPage(ds, where, paging, 'v.ngay_thanh_cong'), reconciliationTotals(ds, where)]);
    return {
      values: rows.map((r) => ({
        id: r.id,
        kenh: r.kenh ?? '',
        username_nv: r.username_nv,
        ten_nv: r.ten_nv,
        so_dien_thoai_cs: showPhone(r.so_dien_thoai_cs),
        goi_cuoc: r.goi_cuoc ?? '',
        doanh_thu: num(r.doanh_thu),
        ngay_thanh_cong: vnDateTime(r.ngay_thanh_cong),
        status: r.success ? 'SUCCESS' : 'FAILED',
        staff_username: r.refund_staff,
        request_type: r.request_type,
        request_method: r.request_method,
        refund_price: num(r.hoan_tien),
        ti_le_doanh_thu: num(r.ti_le_doanh_thu),
        doanh_thu_tinh_luong: num(r.dt_tinh_luong),
        track0: r.track0,
        track1: r.track1,
        co_yeu_cau_hoan: r.co_yeu_cau_hoan,
      })),
      count: num(t.n),
      tongDoanhThu: num(t.dt),
      tongGoi: num(t.goi),
      tongGiaTriGoi: num(t.gia_tri),
      tongSoTienHoan: num(t.hoan),
    };
  };

  return {
    listDetailed: (req, ctx) => detailed(req, ctx, false),
    exportDetailed: (req, ctx) => detailed(req, ctx, true),
    listStaffRevenue: (req, ctx) => summary(req, ctx, false, 'staff'),
    exportStaffRevenue: (req, ctx) => summary(req, ctx, true, 'staff'),
    listBranchRevenue: (req, ctx) => summary(req, ctx, false, 'branch'),
    exportBranchRevenue: (req, ctx) => summary(req, ctx, true, 'branch'),
    list9279: (req, ctx) => report9279(req, ctx, false),
    export9279: (req, ctx) => report9279(req, ctx, true),
    listReconciliation: (req, ctx) => reconciliation(req, ctx, false),
    exportReconciliation: (req, ctx) => reconciliation(req, ctx, true),

    async revenueByDay(req, ctx) {
      const where = reportWhere(service, req, ctx, 'v.ngay_thanh_cong').add('v.success');
      const rows = await revenuePerDay(ds, where);
      return { values: rows.map((r) => ({ day: String(r.day), don_moi: num(r.n), doanh_thu: num(r.total) })), count: rows.length };
    },

    async listStaff(_req, ctx) {
      // The hierarchy's order: branch → its leaders → their salespeople (the picker draws '--'/'----').
      const people = staffTree(await staff.pickable(ctx.user));
      return {
        values: people.map((p) => ({
          username: p.username,
          fullname: p.fullname,
          priority: p.priority,
          level: p.level,
          label: staffLabel(p.username, p.fullname, p.priority),
        })),
        count: people.length,
      };
    },
  };
}
