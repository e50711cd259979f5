import { useEffect, useMemo, useRef, useState } from 'react';
import { Button, Chip, Link } from '@mui/material';
import ListScreen from '../../list/ListScreen';
import type { ColumnDef, ListConfig, ListContext, ListHandle } from '../../list/types';
import FormDialog from '../../form/FormDialog';
import type { FieldDef, FormConfig } from '../../form/types';
import ImportButton from '../../import/ImportButton';
import type { ImportSpec } from '../../import/sheet';
import { onPush } from '../../api/realtime';
import { PUSHES } from '../../api/gen/pushes';
import { failText } from '../../api/client';
import { notify } from '../../store';
import {
  ATTENDANCE_IMPORT,
  MANUAL_IMPORT,
  PAYROLL,
  payrollApi,
  payrollHistory,
  staffOptions,
  type PayrollList,
  type PayrollRow,
} from './api';
import { daysToSend, formatDays, payrollRowState, thisMonth } from './rules';
import { isBranchOrAbove, isManager } from '../../api/access';

/** The fifteen editable fields (spec 2 §3), in the manual sheet's order, with their labels. */
const EDITABLE: Array<[keyof PayrollRow & string, string]> = [
  ['ngayCongThucTe', 'Ngày công thực tế'],
  ['luongHocViec', 'Lương học việc'],
  ['hoaHongDichVu', 'Hoa hồng dịch vụ'],
  ['hoaHongSim', 'Hoa hồng sim'],
  ['thiDuaThang', 'Thi đua tháng'],
  ['thuongKhuyenKhich', 'Thưởng khuyến khích'],
  ['thuongLeTet', 'Thưởng lễ tết'],
  ['hoTroBaoHiemXaHoi', 'Hỗ trợ BHXH'],
  ['nhanKhac', 'Nhận khác'],
  ['baoHiemXaHoi', 'Bảo hiểm xã hội'],
  ['cheTaiSaiNoiQuyCongTy', 'Chế tài sai nội quy công ty'],
  ['cheTaiSaiNghiepVu', 'Chế tài sai nghiệp vụ'],
  ['cheTaiKhieuNai', 'Chế tài khiếu nại'],
  ['cheTaiKhac', 'Chế tài khác'],
  ['kyQuyTamUng', 'Ký quỹ tạm ứng'],
];

/** Every column of the sheet, in the spec's order ('1% - Max 150k' is the union fee's label). */
const AMOUNTS: Array<[keyof PayrollRow & string, string]> = [
  ['ngayCongThucTe', 'Ngày công thực tế'],
  ['luongCoBan', 'Lương cơ bản'],
  ['luongTheoNgayCong', 'Lương theo ngày công'],
  ['luongHocViec', 'Lương học việc'],
  ['chuyenCan', 'Chuyên cần'],
  ['tongLuongCoBan', 'Tổng lương cơ bản'],
  ['tongDoanhThuVasTinhLuong', 'Tổng doanh thu VAS tính lương'],
  ['tongDoanhThuGiaGoc', 'Tổng doanh thu giá gốc'],
  ['binhQuanDoanhThuTheoNgay', 'Bình quân doanh thu theo ngày'],
  ['hoaHongPhanTram', 'Hoa hồng (%)'],
  ['hoaHongThucTinh', 'Hoa hồng thực tính'],
  ['hoaHongDichVu', 'Hoa hồng dịch vụ'],
  ['hoaHongSim', 'Hoa hồng sim'],
  ['thiDuaThang', 'Thi đua tháng'],
  ['thuongKhuyenKhich', 'Thưởng khuyến khích'],
  ['thuongLeTet', 'Thưởng lễ tết'],
  ['hoTroBaoHiemXaHoi', 'Hỗ trợ BHXH'],
  ['nhanKhac', 'Nhận khác'],
  ['tongThuongPhuCap', 'Tổng thưởng phụ cấp'],
  ['tongLuongThang', 'Tổng lương tháng'],
  ['baoHiemXaHoi', 'Bảo hiểm xã hội'],
  ['phiCongDoan', '1% - Max 150k'],
  ['tongCheTai', 'Tổng chế tài'],
  ['truyThuSauChietKhau', 'Truy thu sau chiết khấu'],
  ['kyQuyTamUng', 'Ký quỹ tạm ứng'],
  ['tongKhauTru', 'Tổng khấu trừ'],
  ['luongThucNhan', 'Lương thực nhận'],
];

/**
 * The amounts shown at first, so the sheet fits a 1440-px screen with its actions: days worked and
 * what the month comes to. The other 21 are one click away ('Cột') and in every export.
 */
const SHOWN_AT_FIRST = new Set(['ngayCongThucTe', 'luongTheoNgayCong', 'tongLuongThang', 'tongKhauTru', 'luongThucNhan']);

/** The staff column of the payroll sheets: named so in the template, read under any of these headers. */
const USERNAME_COLUMN = { field: 'username', label: 'Tên đăng nhập', aliases: ['Username', 'Tài khoản', 'Mã nhân viên', 'Mã NV', 'User'] };

/**
 * Attendance sheet as the original app reads it: username in column B, check-in in E, check-out
 * in F, row 1 the header. A sheet whose header row names the three columns is read by its headers.
 */
const attendanceSpec = (month: string): ImportSpec => ({
  firstDataRow: 2,
  columns: [
    { col: 1, ...USERNAME_COLUMN },
    { col: 4, field: 'gioVao', parse: 'datetime', label: 'Giờ vào', aliases: ['Check in', 'Vào'] },
    { col: 5, field: 'gioRa', parse: 'datetime', label: 'Giờ ra', aliases: ['Check out', 'Ra'] },
  ],
  example: { username: 'nv.nguyenvana', gioVao: '03/11/2026 08:00:00', gioRa: '03/11/2026 17:30:00' },
  finish: (row) => ({ ...row, thangTinhLuong: month }),
});

/** Manual-data sheet: username then the fifteen editable fields in order (columns A…P). */
const manualSpec = (month: string): ImportSpec => ({
  firstDataRow: 2,
  columns: [
    { col: 0, ...USERNAME_COLUMN },
    ...EDITABLE.map(([field, label], i) => ({
      col: i + 1,
      field,
      label,
      parse: (v: unknown) => (v === null || v === undefined ? '' : String(v)),
    })),
  ],
  finish: (row) => ({ ...row, thangTinhLuong: month }),
});

/** Whether the month shown is closed (the list's answer, a PayrollList, says so). */
const monthClosed = (ctx: ListContext<PayrollRow>) => !!(ctx.data?.raw as PayrollList | null | undefined)?.da_chot;

/** 'Tính lương' (/app/tinhluong, spec 2 §2.7): the month's sheet computed by the server. */
export default function Payroll() {
  const listRef = useRef<ListHandle>(null);
  const [editing, setEditing] = useState<PayrollRow | null>(null);

  // The server pushes when rows were recalculated: refresh without polling.
  useEffect(() => onPush(PUSHES.PayrollRecalculated, () => listRef.current?.reload()), []);

  const config = useMemo<ListConfig<PayrollRow, PayrollList>>(
    () => ({
      id: 'tinhluong',
      title: 'Tính lương',
      endpoint: PAYROLL,
      rowId: (r) => r.username,
      searchButton: 'search',
      filters: [
        { key: 'username', type: 'staff', label: 'Nhân viên', allLabel: 'Tất cả', width: 260, loadOptions: () => staffOptions() },
        { key: 'startDate', type: 'month', label: 'Tháng', width: 150, default: () => thisMonth() },
      ],
      export: { fileName: 'Doi-soat-doanh-thu-tinh-luong.xlsx' },
      toolbarExtra: (ctx) => {
        const m = String(ctx.filters.startDate || thisMonth());
        // A closed month takes no import (the server refuses them too): offered once the sheet says it is open.
        const open = !!ctx.data && !ctx.data.raw?.da_chot;
        return (
          <>
            {isBranchOrAbove(ctx.session.priority) && open && (
              <>
                <ImportButton
                  id="tinhluong-chamcong"
                  endpoint={ATTENDANCE_IMPORT}
                  spec={attendanceSpec(m)}
                  label="Nhập file chấm công"
                  onDone={() => ctx.reload()}
                />
                <ImportButton
                  id="tinhluong-nhaptay"
                  endpoint={MANUAL_IMPORT}
                  spec={manualSpec(m)}
                  label="Nhập dữ liệu nhập tay"
                  onDone={() => ctx.reload()}
                />
              </>
            )}
            {isManager(ctx.session.priority) && !ctx.data?.raw?.da_chot && (
              <Button
                size="small"
                variant="outlined"
                color="error"
                data-testid="tinhluong-close-month"
                onClick={async () => {
                  if (!(await ctx.confirm(`Chốt bảng lương tháng ${m}? Sau khi chốt không thể thay đổi.`))) return;
                  try {
                    await payrollApi.closeMonth(m);
                    ctx.notify(`Đã chốt bảng lương tháng ${m}`, 'success');
                    ctx.reload();
                  } catch (e) {
                    ctx.notify(failText('[Lỗi]', e), 'error');
                  }
                }}
              >
                Chốt tháng
              </Button>
            )}
            {ctx.data?.raw?.da_chot && <Chip size="small" color="default" label={`Tháng ${m} đã chốt`} data-testid="tinhluong-closed" />}
          </>
        );
      },
      columns: [
        { field: 'index', headerName: '#', kind: 'index' },
        {
          field: 'username',
          headerName: 'Tên đăng nhập',
          minWidth: 130,
          render: (r, ctx) =>
            isBranchOrAbove(ctx.session.priority) && r.can_edit ? (
              <Link component="button" data-testid={`tinhluong-edit-${r.username}`} onClick={() => setEditing(r)}>
                {r.username}
              </Link>
            ) : (
              r.username
            ),
        },
        { field: 'fullname', headerName: 'Họ tên', minWidth: 140 },
        // The month is the filter's: one click away ('Cột'), in every export.
        { field: 'thangTinhLuong', headerName: 'Tháng', minWidth: 90, hidden: true },
        {
          field: 'dang_tinh_toan',
          headerName: 'Trạng thái',
          minWidth: 140,
          render: (r, ctx) => {
            const closed = monthClosed(ctx);
            const label = payrollRowState(r.dang_tinh_toan, closed);
            return r.dang_tinh_toan ? (
              <Chip size="small" color="warning" label={label} data-testid={`tinhluong-calculating-${r.username}`} />
            ) : (
              <Chip size="small" color={closed ? 'default' : 'success'} label={label} data-testid={`tinhluong-state-${r.username}`} />
            );
          },
          export: false,
        },
        ...AMOUNTS.map(([field, headerName]): ColumnDef<PayrollRow> => ({
          field,
          headerName,
          kind: 'number',
          minWidth: 115,
          hidden: !SHOWN_AT_FIRST.has(field),
          // Days may be halves: shown as the export holds them (the number format would round 21.5 to 22).
          ...(field === 'ngayCongThucTe' ? { render: (r: PayrollRow) => formatDays(r.ngayCongThucTe) } : {}),
        })),
      ],
      history: {
        endpoint: (r) => payrollHistory(r.id),
        fieldLabels: Object.fromEntries(EDITABLE),
        visible: (_r, ctx) => isBranchOrAbove(ctx.session.priority),
      },
    }),
    [],
  );

  const form = useMemo<FormConfig<PayrollRow> | null>(() => {
    if (!editing) return null;
    const m = editing.thangTinhLuong || thisMonth();
    // Days are typed as text: a number field keeps digits only and would turn 21,5 into 215.
    const fields: FieldDef<PayrollRow>[] = EDITABLE.map(([key, label]) =>
      key === 'ngayCongThucTe'
        ? { key, label, type: 'text', initial: (r) => formatDays(r.ngayCongThucTe) }
        : { key, label, type: 'money', initial: (r) => r[key] },
    );
    return {
      title: `Cập nhật người dùng ${editing.username} (${m})`,
      fields,
      submitLabel: 'Cập nhật',
      successMsg: `Đã cập nhật NV ${editing.username} trên bảng lương tháng ${m}`,
      errorMsg: 'Chỉnh sửa không thành công',
      maxWidth: 'md',
      submit: (values) =>
        payrollApi.updatePayroll({
          ...values,
          ngayCongThucTe: daysToSend(values.ngayCongThucTe),
          username: editing.username,
          thangTinhLuong: m,
        }),
    };
  }, [editing]);

  useEffect(() => {
    // The dialog loads the row fresh (findTinhLuong) so it edits the latest values.
    if (!editing?.id) return;
    payrollApi.findPayroll(editing.username, editing.thangTinhLuong).then(
      (fresh) => fresh.id === editing.id && JSON.stringify(fresh) !== JSON.stringify(editing) && setEditing(fresh),
      (e) => notify(failText('Chỉnh sửa không thành công', e), 'error'),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fetches once per opened record; setEditing(fresh) changes `editing` and must not fetch again
  }, [editing?.id]);

  return (
    <>
      <ListScreen ref={listRef} config={config} />
      {form && editing && (
        <FormDialog
          config={form}
          testIdPrefix="tinhluong-form"
          open
          mode="edit"
          row={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            listRef.current?.reload();
          }}
        />
      )}
    </>
  );
}
