import { useMemo } from 'react';
import { Box } from '@mui/material';
import ListScreen from '../../list/ListScreen';
import type { ColumnDef, FilterDef, ListConfig, ListContext, ListResult } from '../../list/types';
import { monthStart, today } from '../../common/format';
import {
  BRANCH_REPORT,
  DETAILED_REPORT,
  RECONCILIATION,
  REPORT_9279,
  STAFF_REPORT,
  payrollApi,
  revenueHistory,
  staffOptions,
  type DetailedList,
  type DetailedRow,
  type ReconciliationList,
  type ReconciliationRow,
  type Report9279List,
  type Report9279Row,
  type RevenueSummaryList,
  type RevenueSummaryRow,
} from './api';
import { DailyRevenueChart, RevenueBars, Totals } from './Charts';
import { barsOf, channelLabel, form9279, reconciliationResult, refundCreated, requestMethodLabel, REQUEST_TYPES, tierLabel } from './rules';
import { isManager } from '../../api/access';

/*
 * The revenue reports (spec 2 §2.2–§2.5, §2.8) on the generic list: the server scopes, masks and
 * totals; the export is the list call with every row (hidden for priority 5). Staff pickers come
 * from the server's list of the caller's subtree, indented by level.
 */

const staffFilter = (): FilterDef => ({
  key: 'username',
  type: 'staff',
  label: 'Nhân viên',
  allLabel: 'Tất cả',
  width: 260,
  loadOptions: () => staffOptions(),
});
const phoneFilter: FilterDef = { key: 'message', type: 'text', label: 'Số điện thoại', width: 170 };
const dateFilters: FilterDef[] = [
  { key: 'startDate', type: 'date', label: 'Từ ngày', default: () => monthStart() },
  { key: 'endDate', type: 'date', label: 'Đến ngày', default: () => today() },
];
const appliedFilters = <R,>(ctx: ListContext<R>) =>
  Object.fromEntries(Object.entries(ctx.filters).filter(([, v]) => v !== undefined && v !== null && v !== ''));

type StaffOptions = Array<{ value: string; label: string; indent: number }>;
/** The detailed report's answer with the staff options loaded beside it (WithStaff). */
type DetailedPage = DetailedList & { __staff?: StaffOptions };

/** 'Doanh thu chi tiết' (/app/report90849332). Seniors reassign a record's staff with a searchable selector. */
export function DetailedReport() {
  const config = useMemo<ListConfig<DetailedRow, DetailedPage>>(
    () => ({
      id: 'report90849332',
      title: 'Báo cáo doanh thu chi tiết',
      endpoint: DETAILED_REPORT,
      rowId: (r) => r.id,
      searchButton: 'search',
      filters: [staffFilter(), phoneFilter, ...dateFilters],
      export: { fileName: 'Bao-cao-doanh-thu-chi-tiet.xlsx' },
      summary: (data) => (
        <Totals
          testId="report90849332-totals"
          items={[
            { key: 'tongGoi', label: 'Tổng gói', value: data?.raw?.tongGoi },
            { key: 'tongDoanhThu', label: 'Tổng doanh thu', value: data?.raw?.tongDoanhThu },
          ]}
        />
      ),
      columns: [
        { field: 'index', headerName: '#', kind: 'index' },
        { field: 'kenh', headerName: 'Kênh', minWidth: 110, value: (r) => channelLabel(r.kenh) },
        {
          field: 'username_nv',
          headerName: 'Nhân viên',
          minWidth: 200,
          edit: {
            // The same searchable staff picker as the filters: the hierarchy open, the name plain when closed.
            type: 'staff',
            canEdit: (_r, ctx) => isManager(ctx.session.priority),
            // The list's answer is WithStaff's DetailedPage.
            options: (_r, ctx) => (ctx.data?.raw as DetailedPage | null | undefined)?.__staff ?? [],
            save: (r, value) => payrollApi.updateUser({ username: String(value), track0: r.track0, track1: r.track1 }),
            successMsg: 'Đã đổi nhân viên',
            errorMsg: 'Đổi nhân viên không thành công',
          },
        },
        { field: 'ten_nv', headerName: 'Tên nhân viên', minWidth: 170 },
        { field: 'so_dien_thoai_cs', headerName: 'Số điện thoại', kind: 'phone', minWidth: 130 },
        { field: 'goi_cuoc', headerName: 'Gói cước', minWidth: 110 },
        { field: 'doanh_thu', headerName: 'Doanh thu', kind: 'number', minWidth: 120 },
        { field: 'ngay_thanh_cong', headerName: 'Ngày thành công', kind: 'datetime', minWidth: 170 },
      ],
      history: {
        endpoint: (r) => revenueHistory(r.id),
        fieldLabels: { username_nv: 'Nhân viên' },
        visible: (_r, ctx) => isManager(ctx.session.priority),
      },
      // The reassignment selector needs the staff list with the page.
      load: undefined,
    }),
    [],
  );
  return <WithStaff config={config} />;
}

/** Loads the staff options once and hands them to the reassignment selector through the list answer. */
function WithStaff({ config }: { config: ListConfig<DetailedRow, DetailedPage> }) {
  const withStaff = useMemo<ListConfig<DetailedRow, DetailedPage>>(() => {
    let staff: StaffOptions | null = null;
    return {
      ...config,
      mapResponse: (data) => ({ rows: data.values, count: Number(data.count) }),
      load: async (params, signal) => {
        const [page, list] = await Promise.all([
          payrollApi.detailed(params, signal),
          staff ? Promise.resolve(staff) : staffOptions().catch(() => []),
        ]);
        staff = list;
        return { ...page, __staff: list };
      },
    };
  }, [config]);
  return <ListScreen config={withStaff} />;
}

/**
 * A branch reads by its name alone (its account's login is a code, not a name); a staff member by
 * login and full name. Every amount column is wide enough for billions at 1440 px.
 */
const summaryColumns = (branch: boolean): ColumnDef<RevenueSummaryRow>[] => [
  { field: 'index', headerName: '#', kind: 'index' },
  ...(branch
    ? [{ field: 'ten_nv', headerName: 'Chi nhánh', minWidth: 200 } as ColumnDef<RevenueSummaryRow>]
    : [
        { field: 'username_nv', headerName: 'Tên đăng nhập', minWidth: 130 } as ColumnDef<RevenueSummaryRow>,
        { field: 'ten_nv', headerName: 'Tên nhân viên', minWidth: 180 } as ColumnDef<RevenueSummaryRow>,
      ]),
  { field: 'don_moi', headerName: 'Tổng gói', kind: 'number', minWidth: 100 },
  { field: 'doanh_thu_tam_tinh', headerName: 'Doanh thu tạm tính', kind: 'number', minWidth: 150 },
  { field: 'doanh_thu_thuc_te', headerName: 'Doanh thu thực tế', kind: 'number', minWidth: 150 },
  { field: 'tong_hoan_tien', headerName: 'Tổng hoàn tiền', kind: 'number', minWidth: 130 },
  ...(branch
    ? [
        { field: 'tong_nv_chi_nhanh', headerName: 'Số nhân viên', kind: 'number', minWidth: 110 } as ColumnDef<RevenueSummaryRow>,
        {
          field: 'doanh_thu_trung_binh',
          headerName: 'Doanh thu trung bình',
          kind: 'number',
          minWidth: 160,
        } as ColumnDef<RevenueSummaryRow>,
      ]
    : []),
];

function summaryHead(id: string, branch: boolean) {
  return (data: ListResult<RevenueSummaryRow, RevenueSummaryList> | null, ctx: ListContext<RevenueSummaryRow, RevenueSummaryList>) => (
    <Box>
      <Totals
        testId={`${id}-totals`}
        items={[
          { key: 'tongGoi', label: 'Tổng gói', value: data?.raw?.tongGoi },
          { key: 'tongDoanhThuTamTinh', label: 'Doanh thu tạm tính', value: data?.raw?.tongDoanhThuTamTinh },
          { key: 'tongDoanhThuThucTe', label: 'Doanh thu thực tế', value: data?.raw?.tongDoanhThuThucTe },
          { key: 'tongHoanTien', label: 'Tổng hoàn tiền', value: data?.raw?.tongHoanTien },
        ]}
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', mb: 1 }}>
        <RevenueBars
          testId={`${id}-chart`}
          title={branch ? 'Doanh thu tạm tính theo chi nhánh' : 'Doanh thu tạm tính theo nhân viên'}
          points={barsOf(
            data?.rows ?? [],
            // People and branches by name, as the table's name column reads.
            (r) => r.ten_nv || r.username_nv,
            (r) => Number(r.doanh_thu_tam_tinh),
          )}
        />
        <DailyRevenueChart testId={`${id}-chart-days`} filters={appliedFilters(ctx)} tableAnswer={data} />
      </Box>
    </Box>
  );
}

/** 'Doanh thu theo nhân viên' (/app/reportstaffrevenue), with its charts. */
export function StaffRevenueReport() {
  const config = useMemo<ListConfig<RevenueSummaryRow, RevenueSummaryList>>(
    () => ({
      id: 'reportstaffrevenue',
      title: 'Báo cáo doanh thu theo nhân viên',
      endpoint: STAFF_REPORT,
      rowId: (r) => r.username_nv,
      searchButton: 'search',
      filters: [staffFilter(), ...dateFilters],
      export: { fileName: 'Bao-cao-doanh-thu-theo-nhan-vien.xlsx' },
      summary: summaryHead('reportstaffrevenue', false),
      columns: summaryColumns(false),
    }),
    [],
  );
  return <ListScreen config={config} />;
}

/** 'Doanh thu theo chi nhánh' (/app/reportbranchrevenue): dates only; average = provisional ÷ staff. */
export function BranchRevenueReport() {
  const config = useMemo<ListConfig<RevenueSummaryRow, RevenueSummaryList>>(
    () => ({
      id: 'reportbranchrevenue',
      title: 'Báo cáo doanh thu theo chi nhánh',
      endpoint: BRANCH_REPORT,
      rowId: (r) => r.username_nv || '__none',
      searchButton: 'search',
      filters: [...dateFilters],
      export: { fileName: 'Bao-cao-doanh-thu-theo-chi-nhanh.xlsx' },
      summary: summaryHead('reportbranchrevenue', true),
      columns: summaryColumns(true),
    }),
    [],
  );
  return <ListScreen config={config} />;
}

/** 'Báo cáo 9279' (/app/report9279): the partner company only for priority below 3. */
export function Report9279() {
  const config = useMemo<ListConfig<Report9279Row, Report9279List>>(
    () => ({
      id: 'report9279',
      title: 'Báo cáo 9279',
      endpoint: REPORT_9279,
      rowId: (r) => r.id,
      searchButton: 'search',
      filters: [staffFilter(), phoneFilter, ...dateFilters],
      export: { fileName: 'Bao-cao-9279.xlsx' },
      summary: (data) => (
        <Totals
          testId="report9279-totals"
          items={[
            { key: 'tongGoi', label: 'Tổng gói', value: data?.raw?.tongGoi },
            { key: 'tongDoanhThu', label: 'Tổng doanh thu', value: data?.raw?.tongDoanhThu },
          ]}
        />
      ),
      columns: [
        { field: 'index', headerName: '#', kind: 'index' },
        { field: 'cty', headerName: 'Công ty đối tác', minWidth: 150, visible: (ctx) => isManager(ctx.session.priority) },
        { field: 'so_dien_thoai_cs', headerName: 'Thuê bao', kind: 'phone', minWidth: 130 },
        { field: 'goi_cuoc', headerName: 'Mã gói', minWidth: 100 },
        { field: 'username_nv', headerName: 'Tên đăng nhập', minWidth: 120 },
        { field: 'ten_nv', headerName: 'Tên nhân viên', minWidth: 160 },
        { field: 'hinh_thuc', headerName: 'Hình thức', minWidth: 100, value: (r) => form9279(r.hinh_thuc) },
        { field: 'gia_ban_goi', headerName: 'Giá bán gói', minWidth: 100, value: (r) => tierLabel(r.gia_ban_goi) },
        { field: 'doanh_thu', headerName: 'Doanh thu', kind: 'number', minWidth: 120 },
        { field: 'ngay_len_don', headerName: 'Ngày lên đơn', kind: 'datetime', minWidth: 170 },
      ],
    }),
    [],
  );
  return <ListScreen config={config} />;
}

/** 'Đối soát doanh thu tính lương' (/app/dsdttinhluong). */
export function Reconciliation() {
  const config = useMemo<ListConfig<ReconciliationRow, ReconciliationList>>(
    () => ({
      id: 'dsdttinhluong',
      title: 'Đối soát doanh thu tính lương',
      endpoint: RECONCILIATION,
      rowId: (r) => r.id,
      searchButton: 'search',
      filters: [staffFilter(), phoneFilter, ...dateFilters],
      export: { fileName: 'Doi-soat-doanh-thu-tinh-luong.xlsx' },
      summary: (data) => (
        <Totals
          testId="dsdttinhluong-totals"
          items={[
            { key: 'tongGoi', label: 'Tổng gói', value: data?.raw?.tongGoi },
            { key: 'tongGiaTriGoi', label: 'Tổng giá trị gói', value: data?.raw?.tongGiaTriGoi },
            { key: 'tongSoTienHoan', label: 'Tổng số tiền hoàn', value: data?.raw?.tongSoTienHoan },
            { key: 'tongDoanhThu', label: 'Doanh thu tính lương', value: data?.raw?.tongDoanhThu },
          ]}
        />
      ),
      columns: [
        { field: 'index', headerName: '#', kind: 'index' },
        { field: 'kenh', headerName: 'Kênh', minWidth: 100, value: (r) => channelLabel(r.kenh) },
        { field: 'username_nv', headerName: 'Tên đăng nhập', minWidth: 120 },
        { field: 'ten_nv', headerName: 'Tên nhân viên', minWidth: 160 },
        { field: 'so_dien_thoai_cs', headerName: 'Số điện thoại', kind: 'phone', minWidth: 130 },
        { field: 'goi_cuoc', headerName: 'Gói cước', minWidth: 100 },
        { field: 'doanh_thu', headerName: 'Giá gói', kind: 'number', minWidth: 110 },
        { field: 'ngay_thanh_cong', headerName: 'Ngày đăng ký', kind: 'datetime', minWidth: 170 },
        {
          field: 'status',
          headerName: 'Kết quả đối soát',
          minWidth: 130,
          chip: (r) => ({ label: reconciliationResult(r.status), color: r.status === 'SUCCESS' ? 'success' : 'error' }),
          kind: 'chip',
          export: { value: (r) => reconciliationResult(r.status) },
        },
        { field: 'co_yeu_cau_hoan', headerName: 'Tạo yêu cầu hoàn', minWidth: 130, value: (r) => refundCreated(r.co_yeu_cau_hoan) },
        { field: 'request_type', headerName: 'Yêu cầu', minWidth: 110, value: (r) => REQUEST_TYPES[r.request_type] ?? '' },
        { field: 'request_method', headerName: 'Hình thức', minWidth: 130, value: (r) => requestMethodLabel(r.request_method) },
        { field: 'refund_price', headerName: 'Số tiền hoàn', kind: 'number', minWidth: 120 },
        { field: 'ti_le_doanh_thu', headerName: 'Tỉ lệ doanh thu tính lương', minWidth: 120, value: (r) => `${r.ti_le_doanh_thu}%` },
        { field: 'doanh_thu_tinh_luong', headerName: 'Doanh thu tính lương', kind: 'number', minWidth: 150 },
      ],
    }),
    [],
  );
  return <ListScreen config={config} />;
}
