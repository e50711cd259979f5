import { useEffect, useMemo, useRef, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import EditNoteIcon from '@mui/icons-material/EditNote';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import MoneyOffIcon from '@mui/icons-material/MoneyOff';
import SendIcon from '@mui/icons-material/Send';
import SearchIcon from '@mui/icons-material/Search';
import BusinessIcon from '@mui/icons-material/Business';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import Chip from '@mui/material/Chip';
import { errorMsg } from '../../api/client';
import { onRealtime } from '../../api/realtime';
import { AUTO_USER, formatNumber, today, whoLabel } from '../../common/format';
import FormDialog from '../../form/FormDialog';
import type { FormConfig, FormOption } from '../../form/types';
import ImportButton from '../../import/ImportButton';
import type { ImportSpec } from '../../import/sheet';
import ListScreen from '../../list/ListScreen';
import { hiddenAtFirst } from '../../list/columns';
import type { ColumnDef, ListConfig, ListContext, ListHandle, SelectOption } from '../../list/types';
import { ORDER_LISTS, orderApi, priceApi, type OrderKind, type OrderRecord } from './api';
import Countdown from './Countdown';
import CompanyDialog from './CompanyDialog';
import AssignDialog from './AssignDialog';
import { autoInviteToast } from '../../common/inviteWords';
import { export9279 } from './export9279';
import {
  COLLECTION_OPTIONS,
  INFO_APPROVAL_OPTIONS,
  infoApprovalPrompt,
  FORM_OPTIONS,
  label,
  MFY_REQUEST_OPTIONS,
  MFY_STATUS_OPTIONS,
  R9279_REQUEST_OPTIONS,
  R9279_STATUS_OPTIONS,
  SETTABLE_COLLECTION_OPTIONS,
  STATUS_LABELS,
  statusColor,
  TIER_OPTIONS,
} from './statuses';
import { isManager, leadsPeople } from '../../api/access';

/** The 9279 upload (spec 3 §5): company, phone, package code, staff, kind, revenue, tier, created date, note. */
export const R9279_IMPORT_SPEC: ImportSpec = {
  firstDataRow: 2,
  columns: [
    { col: 0, field: 'cty', label: 'Công ty' },
    { col: 1, field: 'so_dien_thoai', parse: 'digits', label: 'Số thuê bao' },
    { col: 2, field: 'ma_goi', label: 'Mã gói' },
    { col: 3, field: 'username_nv', label: 'Nhân viên (để trống: chia sau)' },
    { col: 4, field: 'hinh_thuc', label: 'Hình thức' },
    { col: 5, field: 'doanh_thu', parse: 'digits', label: 'Doanh thu' },
    { col: 6, field: 'gia_ban_goi', label: 'Loại giá' },
    { col: 7, field: 'created_time', parse: 'date', label: 'Ngày tạo' },
    { col: 8, field: 'note', label: 'Ghi chú' },
  ],
  // Rows without a phone are dropped (the server checks the rest again).
  skip: (r) => !String(r.so_dien_thoai ?? '').trim(),
};

/**
 * The mfy upload: the 9279 columns without the kind. A row without staff joins the
 * pool that 'Chia đơn' hands out; the company must be on the managed list (the server checks).
 */
export const MFY_IMPORT_SPEC: ImportSpec = {
  firstDataRow: 2,
  columns: [
    { col: 0, field: 'cty', label: 'Công ty' },
    { col: 1, field: 'so_dien_thoai', parse: 'digits', label: 'Số thuê bao' },
    { col: 2, field: 'ma_goi', label: 'Mã gói' },
    { col: 3, field: 'username_nv', label: 'Nhân viên (để trống: chia sau)' },
    { col: 4, field: 'doanh_thu', parse: 'digits', label: 'Doanh thu' },
    { col: 5, field: 'gia_ban_goi', label: 'Loại giá' },
    { col: 6, field: 'created_time', parse: 'date', label: 'Ngày tạo' },
    { col: 7, field: 'note', label: 'Ghi chú' },
  ],
  skip: (r) => !String(r.so_dien_thoai ?? '').trim(),
};

/** The create/edit dialog (spec 3 §5 "Order dialog"): phone, package, tier (T1/T2 with amounts); employee below priority 5; owner phone below 3. */
function orderForm(kind: OrderKind): FormConfig<OrderRecord> {
  const calls = orderApi(kind);
  const prices = priceApi(ORDER_LISTS[kind].prices);
  return {
    title: (mode) => (mode === 'create' ? 'Tạo đơn' : 'Cập nhật đơn'),
    successMsg: (mode) => (mode === 'create' ? 'Tạo đơn thành công' : 'Cập nhật đơn thành công'),
    errorMsg: (mode) => (mode === 'create' ? 'Xảy ra lỗi hoặc sđt đã được mời trước đó!' : 'Cập nhật đơn thất bại'),
    submitLabel: 'Lưu',
    fields: [
      { key: 'so_dien_thoai', label: 'Số thuê bao', type: 'text', required: true, digitsOnly: true, initial: () => '', modes: ['create'] },
      {
        key: 'ma_goi',
        label: 'Gói cước',
        type: 'select',
        required: true,
        loadOptions: async () =>
          (await prices.listNoLimit()).values.map((p) => ({ value: p.ten_goi_cuoc, label: p.ten_goi_cuoc, data: p })),
      },
      {
        key: 'gia_ban_goi',
        label: 'Giá bán gói',
        type: 'select',
        required: true,
        initial: (r) => String(r.gia_ban_goi),
        options: (v, ctx) => {
          const p = ctx.options.ma_goi?.find((o) => o.value === v.ma_goi)?.data;
          const amount = (t: number) => (p ? ` - ${Number(p[`gia_t${t}`]).toLocaleString('en-US')}` : '');
          return [1, 2].map((t) => ({ value: String(t), label: `T${t}${amount(t)}`, testKey: `T${t}` }));
        },
      },
      ...(kind === '9279'
        ? [
            {
              key: 'hinh_thuc',
              label: 'Hình thức',
              type: 'select' as const,
              required: true,
              options: FORM_OPTIONS.map((o) => ({ ...o })) as FormOption[],
            },
          ]
        : []),
      {
        key: 'username_nv',
        label: 'Nhân viên',
        type: 'select',
        required: true,
        visibleTo: (v) => leadsPeople(v.priority),
        loadOptions: async () =>
          (await calls.employees()).values.map((s) => ({ value: s.username, label: `${s.username} - ${s.fullname}`, testKey: s.username })),
      },
      {
        key: 'so_dien_thoai_chu',
        label: 'Số điện thoại chủ',
        type: 'text',
        digitsOnly: true,
        visibleTo: (v) => isManager(v.priority),
        omitBlank: true,
      },
    ],
    submit: (v, ctx) => {
      const body = { ...v, gia_ban_goi: String(v.gia_ban_goi ?? '') } as Parameters<typeof calls.create>[0];
      return ctx.row ? calls.update(ctx.row.id, body) : calls.create(body);
    },
  };
}

function companyNoteForm(kind: OrderKind): FormConfig<OrderRecord> {
  const calls = orderApi(kind);
  return {
    title: 'Cập nhật công ty, ghi chú',
    successMsg: 'Cập nhật thành công',
    errorMsg: 'Cập nhật thất bại',
    submitLabel: 'Lưu',
    fields: [
      {
        // Chosen from the managers' list, not typed; the server refuses any other.
        key: 'cty',
        label: 'Công ty',
        type: 'select',
        loadOptions: async (_v, ctx) => {
          const listed = (await calls.companies()).values.map((c) => ({ value: c.name, label: c.name, testKey: c.name }));
          const current = ctx.row?.cty;
          return current && !listed.some((o) => o.value === current)
            ? [{ value: current, label: `${current} (đã xoá khỏi danh sách)` }, ...listed]
            : listed;
        },
      },
      { key: 'note', label: 'Ghi chú', type: 'text' },
    ],
    submit: (v, ctx) => calls.companyNote(ctx.row?.id ?? '', { cty: v.cty ?? '', note: v.note ?? '' }),
  };
}

/**
 * An inline change made after a confirm dialog (spec 3 §4: "every manual status change is made
 * from a dropdown after a confirm dialog"); cancelling puts the value back.
 */
function confirmed<R>(text: (r: R, v: any) => string, run: (r: R, v: any) => Promise<unknown>, done: string) {
  return async (r: R, v: any, ctx: ListContext<R>) => {
    if (!(await ctx.confirm({ title: 'Xác nhận', message: text(r, v) }))) {
      ctx.reload();
      return;
    }
    await run(r, v);
    ctx.notify(done, 'success');
  };
}

const chip = (v: string) => ({ label: label(v), color: statusColor(v) });

/**
 * An order list ('Mfy' /app/mfy, 'Đăng ký 9279' /app/dangky9279; spec 3 §2.15, §2.16): filters,
 * create/edit dialog, company/note modal, every inline edit and status dropdown after a confirm,
 * the countdown of the server's auto-cancel, 'Tra ĐTCT', export (hidden for priority 5), the 9279
 * upload (priority below 3). The reminders the server pushes are the shell's (./reminders.ts).
 */
/**
 * Columns shown only when asked for ('Cột'): the rest, the ones staff work with every day, fit a
 * 1440-px screen with the row actions in view. Exports keep every column.
 */
const HIDDEN_AT_FIRST = new Set([
  'so_dien_thoai_chu',
  'gia_ban_goi',
  'ti_le_doanh_thu',
  'ti_le_doanh_thu_tinh_luong',
  'doanh_thu_tinh_luong',
  'truy_thu',
  'ten_nv',
  'username_thay_doi_trang_thai',
  'note',
  'cty',
  'chenh_lech',
  'created_at',
  // Collection is the accountant's: its filter stays, the column is one click away.
  'trang_thai_thu_tien',
  // 9279: the order's own date and its form.
  'created_time',
  'hinh_thuc',
]);

function OrdersScreen({ kind }: { kind: OrderKind }) {
  const listRef = useRef<ListHandle>(null);
  const [dialog, setDialog] = useState<{ row: OrderRecord | null } | null>(null);
  const [noteRow, setNoteRow] = useState<OrderRecord | null>(null);
  const meta = ORDER_LISTS[kind];
  const calls = useMemo(() => orderApi(kind), [kind]);
  const form = useMemo(() => orderForm(kind), [kind]);
  const noteForm = useMemo(() => companyNoteForm(kind), [kind]);
  const [companiesOpen, setCompaniesOpen] = useState(false);
  const [assignOpen, setAssignOpen] = useState(false);
  /** The price list's packages, the choices of the package cell. */
  const packagesRef = useRef<SelectOption[]>([]);
  useEffect(() => {
    let live = true;
    priceApi(meta.prices)
      .listNoLimit()
      .then((l) => {
        if (live) packagesRef.current = l.values.map((p) => ({ value: p.ten_goi_cuoc, label: p.ten_goi_cuoc }));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [meta.prices]);

  // The server pushes every change of this list (including its own auto-cancel): no polling. Its
  // reminders are shown by the shell on every screen (./reminders.ts).
  useEffect(
    () =>
      onRealtime('ordersChanged', (p) => {
        if (p?.kind === kind) listRef.current?.reload();
      }),
    [kind],
  );

  const config = useMemo<ListConfig<OrderRecord>>(() => {
    const mfy = kind === 'mfy';
    const ifManager = (ctx: ListContext<OrderRecord>) => isManager(ctx.session.priority);
    const serverOffset = (ctx: ListContext<OrderRecord>) => {
      const st = ctx.data?.raw?.server_time;
      return st ? Date.parse(st) - (ctx.data?.raw?.__loadedAt ?? Date.now()) : 0;
    };
    const money = (
      field: 'doanh_thu' | 'chenh_lech',
      headerName: string,
      run: (id: string, v: string) => Promise<unknown>,
    ): ColumnDef<OrderRecord> => ({
      field,
      headerName,
      kind: 'number',
      minWidth: 110,
      edit: {
        // Shown 70,000 like the read-only amounts; typed as digits.
        type: 'number',
        ignoreBlank: true,
        canEdit: (r) => r.can_edit,
        save: confirmed(
          (r, v) => `Xác nhận cập nhật ${headerName.toLowerCase()} thành ${formatNumber(v)}?`,
          (r, v) => run(r.id, String(v).trim()),
          'Cập nhật thành công',
        ),
        errorMsg: 'Cập nhật thất bại',
      },
    });
    const columns: ColumnDef<OrderRecord>[] = hiddenAtFirst<OrderRecord>(HIDDEN_AT_FIRST, [
      { field: '__index', headerName: '#', kind: 'index' },
      {
        field: 'so_dien_thoai_chu',
        headerName: 'SĐT chủ',
        minWidth: 130,
        visible: ifManager,
        edit: {
          type: 'text',
          ignoreBlank: true,
          canEdit: (r) => r.can_edit,
          save: confirmed(
            (_r, v) => `Xác nhận cập nhật số điện thoại chủ ${v}?`,
            (r, v) => calls.ownerPhone(r.id, String(v).trim()),
            'Cập nhật thành công',
          ),
          errorMsg: 'Cập nhật thất bại',
        },
      },
      ...(mfy ? [] : [{ field: 'cty', headerName: 'Công ty đối tác', minWidth: 130, visible: ifManager } as ColumnDef<OrderRecord>]),
      ...(mfy
        ? []
        : [
            {
              field: 'hinh_thuc',
              headerName: 'Hình thức',
              minWidth: 120,
              options: FORM_OPTIONS,
              edit: {
                type: 'select',
                canEdit: (r) => r.can_edit,
                save: confirmed(
                  (_r, v) => `Xác nhận đổi hình thức thành ${label(v)}?`,
                  (r, v) => calls.form(r.id, v),
                  'Cập nhật thành công',
                ),
                errorMsg: 'Cập nhật thất bại',
              },
            } as ColumnDef<OrderRecord>,
          ]),
      { field: 'so_dien_thoai', headerName: 'Số thuê bao', kind: 'phone', minWidth: 120 },
      {
        field: 'ma_goi',
        headerName: 'Gói cước',
        minWidth: 110,
        edit: {
          // One of the price list's packages, not free text; the server checks it too.
          type: 'select',
          options: (r) => {
            const listed = packagesRef.current;
            return listed.some((o) => o.value === r.ma_goi) ? listed : [{ value: r.ma_goi, label: r.ma_goi }, ...listed];
          },
          canEdit: (r) => r.can_edit,
          save: confirmed(
            (_r, v) => `Xác nhận đổi gói cước thành ${v}?`,
            (r, v) => calls.packageCode(r.id, String(v).trim()),
            'Cập nhật thành công',
          ),
          errorMsg: 'Cập nhật thất bại',
        },
      },
      {
        field: 'gia_ban_goi',
        headerName: 'Giá bán gói',
        minWidth: 100,
        options: TIER_OPTIONS,
        edit: {
          type: 'select',
          canEdit: (r) => r.can_edit,
          save: confirmed(
            (_r, v) => `Xác nhận đổi giá bán gói thành T${v}?`,
            (r, v) => calls.tier(r.id, v),
            'Cập nhật thành công',
          ),
          errorMsg: 'Cập nhật thất bại',
        },
      },
      {
        field: 'trang_thai_yeu_cau',
        headerName: 'Trạng thái yêu cầu',
        kind: 'chip',
        minWidth: 130,
        chip: (r) => chip(r.trang_thai_yeu_cau),
        export: { value: (r) => label(r.trang_thai_yeu_cau) },
      },
      {
        field: 'trang_thai',
        headerName: 'Trạng thái',
        minWidth: 140,
        options: mfy ? MFY_STATUS_OPTIONS : R9279_STATUS_OPTIONS,
        render: (r) =>
          (r.can_set_status ? undefined : (
            <Chip size="small" data-testid={`${meta.testId}-status-${r.id}`} data-status={r.trang_thai} {...chip(r.trang_thai)} />
          )) ?? label(r.trang_thai),
        edit: {
          type: 'select',
          canEdit: (r) => r.can_set_status,
          save: confirmed(
            (_r, v) => `Xác nhận đổi trạng thái thành ${label(v)}?`,
            (r, v) => calls.setStatus(r.id, v),
            'Cập nhật trạng thái thành công',
          ),
          errorMsg: 'Cập nhật trạng thái thất bại',
        },
        export: { value: (r) => label(r.trang_thai) },
      },
      {
        field: 'han_huy',
        headerName: 'Tự huỷ sau',
        minWidth: 90,
        export: false,
        render: (r, ctx) => (
          <Countdown deadline={r.han_huy} serverOffsetMs={serverOffset(ctx)} testId={`${meta.testId}-countdown-${r.id}`} />
        ),
      },
      {
        field: 'trang_thai_thu_tien',
        headerName: 'Thu tiền',
        minWidth: 120,
        options: COLLECTION_OPTIONS,
        edit: {
          type: 'select',
          options: SETTABLE_COLLECTION_OPTIONS,
          canEdit: (r) => r.can_set_collection,
          save: confirmed(
            (_r, v) => `Xác nhận đổi trạng thái thu tiền thành ${label(v)}?`,
            (r, v) => calls.setCollection(r.id, v),
            'Cập nhật thành công',
          ),
          errorMsg: 'Cập nhật thất bại',
        },
        export: { value: (r) => label(r.trang_thai_thu_tien) },
      },
      {
        // 'Duyệt thông tin' (spec 3 §4): a select for managers, a chip for the rest.
        field: 'trang_thai_duyet_thong_tin',
        headerName: 'Duyệt thông tin',
        description: 'trang_thai_duyet_thong_tin',
        minWidth: 130,
        options: INFO_APPROVAL_OPTIONS,
        render: (r) => (
          <Chip
            size="small"
            data-testid={`${meta.testId}-info-approval-${r.id}`}
            data-status={r.trang_thai_duyet_thong_tin}
            {...chip(r.trang_thai_duyet_thong_tin)}
          />
        ),
        edit: {
          type: 'select',
          canEdit: (r) => r.can_set_status,
          save: confirmed(
            (_r, v) => infoApprovalPrompt(v),
            (r, v) => calls.setInfoApproval(r.id, v),
            'Cập nhật thành công',
          ),
          errorMsg: 'Cập nhật thất bại',
        },
        export: { value: (r) => label(r.trang_thai_duyet_thong_tin) },
      },
      ...(mfy
        ? [money('doanh_thu', 'Doanh thu', calls.revenue)]
        : [{ field: 'doanh_thu', headerName: 'Doanh thu', kind: 'number', minWidth: 110 } as ColumnDef<OrderRecord>]),
      money('chenh_lech', 'Chênh lệch', calls.difference),
      { field: 'ti_le_doanh_thu', headerName: 'Tỉ lệ DT', kind: 'number', minWidth: 90 },
      {
        field: 'ti_le_doanh_thu_tinh_luong',
        headerName: 'Tỉ lệ lương',
        minWidth: 110,
        value: (r) => (r.ti_le_doanh_thu_tinh_luong < 0 ? '' : r.ti_le_doanh_thu_tinh_luong),
        edit: mfy
          ? {
              type: 'text',
              ignoreBlank: true,
              canEdit: (r) => r.can_edit,
              save: confirmed(
                (_r, v) => `Xác nhận cập nhật tỉ lệ doanh thu tính lương thành ${v}?`,
                (r, v) => calls.salaryRatio(r.id, String(v).trim()),
                'Cập nhật thành công',
              ),
              errorMsg: 'Cập nhật thất bại',
            }
          : undefined,
      },
      { field: 'doanh_thu_tinh_luong', headerName: 'DT tính lương', kind: 'number', minWidth: 120 },
      { field: 'truy_thu', headerName: 'Truy thu', kind: 'number', minWidth: 100 },
      { field: 'username_nv', headerName: 'Nhân viên', minWidth: 110 },
      { field: 'ten_nv', headerName: 'Tên nhân viên', minWidth: 140 },
      {
        field: 'username_thay_doi_trang_thai',
        headerName: 'Người cập nhật trạng thái',
        minWidth: 140,
        visible: ifManager,
        value: (r) => whoLabel(r.username_thay_doi_trang_thai),
        render: (r) => (
          <span style={{ color: r.username_thay_doi_trang_thai === AUTO_USER ? 'grey' : undefined }}>
            {whoLabel(r.username_thay_doi_trang_thai)}
          </span>
        ),
      },
      { field: 'created_at', headerName: 'Ngày tạo', kind: 'datetime', minWidth: 160 },
      ...(mfy
        ? []
        : [
            {
              field: 'created_time',
              headerName: 'Ngày đơn',
              kind: 'datetime',
              minWidth: 170,
              edit: {
                type: 'datetime',
                canEdit: (r) => r.can_edit,
                save: confirmed(
                  (_r, v) => `Xác nhận đổi ngày đơn thành ${v}?`,
                  (r, v) => calls.createdTime(r.id, String(v)),
                  'Cập nhật thành công',
                ),
                errorMsg: 'Cập nhật thất bại',
              },
            } as ColumnDef<OrderRecord>,
          ]),
      { field: 'note', headerName: 'Ghi chú', minWidth: 140, visible: ifManager },
      ...(mfy ? [{ field: 'cty', headerName: 'Công ty', minWidth: 120, visible: ifManager } as ColumnDef<OrderRecord>] : []),
      { field: 'actions', headerName: 'Chức năng', kind: 'actions', minWidth: 150, export: false },
    ]);

    return {
      id: meta.testId,
      title: meta.title,
      endpoint: meta.endpoint,
      defaultPageSize: 20,
      mapResponse: (data) => {
        // Remember when the answer arrived: the countdown offsets the browser clock by the server's.
        if (data) data.__loadedAt = Date.now();
        return { rows: data?.values ?? [], count: Number(data?.count ?? 0) };
      },
      filters: [
        { key: 'phone', type: 'text', label: 'Số thuê bao', placeholder: 'Tìm số thuê bao', width: 180 },
        { key: 'startDate', type: 'date', label: 'Từ ngày', default: () => today() },
        { key: 'endDate', type: 'date', label: 'Đến ngày', default: () => today() },
        {
          key: 'trang_thai_yeu_cau',
          type: 'select',
          label: 'Trạng thái yêu cầu',
          allLabel: 'Tất cả',
          options: mfy ? MFY_REQUEST_OPTIONS : R9279_REQUEST_OPTIONS,
          width: 190,
        },
        {
          key: 'trang_thai',
          type: 'select',
          label: 'Trạng thái',
          allLabel: 'Tất cả',
          options: mfy ? MFY_STATUS_OPTIONS : R9279_STATUS_OPTIONS,
          width: 190,
        },
        { key: 'trang_thai_thu_tien', type: 'select', label: 'Thu tiền', allLabel: 'Tất cả', options: COLLECTION_OPTIONS, width: 170 },
        ...(mfy
          ? []
          : ([
              { key: 'username_nv', type: 'text', label: 'Nhân viên', width: 150, visible: ifManager },
              {
                key: 'hinh_thuc',
                type: 'select',
                label: 'Hình thức',
                allLabel: 'Tất cả',
                options: FORM_OPTIONS,
                width: 150,
                visible: ifManager,
              },
              { key: 'ma_goi', type: 'text', label: 'Mã gói', width: 130, visible: ifManager },
              {
                key: 'gia_ban_goi',
                type: 'select',
                label: 'Loại giá',
                allLabel: 'Tất cả',
                options: TIER_OPTIONS,
                width: 120,
                visible: ifManager,
              },
              {
                key: 'cty',
                type: 'select',
                label: 'Công ty',
                allLabel: 'Tất cả',
                width: 170,
                visible: ifManager,
                loadOptions: async (ctx: ListContext<OrderRecord>) =>
                  isManager(ctx.session.priority) ? (await calls.companies()).values.map((c) => ({ value: c.name, label: c.name })) : [],
              },
              { key: 'note', type: 'text', label: 'Ghi chú', width: 150, visible: ifManager },
            ] as ListConfig<OrderRecord>['filters'] & object)),
      ],
      searchButton: 'search',
      toolbar: [
        { key: 'create', label: 'Tạo bản ghi', icon: <AddIcon />, onClick: () => setDialog({ row: null }) },
        {
          key: 'dtct',
          label: 'Tra ĐTCT',
          icon: <SearchIcon />,
          variant: 'outlined',
          onClick: async () => {
            const phone = window.prompt('Nhập số điện thoại cần tra cứu');
            if (!phone?.trim()) return;
            try {
              const r = await calls.eligibility(phone.trim());
              window.alert(r.result === 'success' ? r.mes : 'Lỗi không xác định!');
            } catch (e) {
              window.alert(`[Lỗi] ${errorMsg(e) || 'Lỗi không xác định!'}`);
            }
          },
        },
        {
          key: 'companies',
          label: 'Công ty đối tác',
          icon: <BusinessIcon />,
          variant: 'outlined' as const,
          visible: (ctx: ListContext<OrderRecord>) => isManager(ctx.session.priority),
          onClick: () => setCompaniesOpen(true),
        },
        {
          key: 'assign',
          label: 'Chia đơn',
          icon: <GroupAddIcon />,
          variant: 'outlined' as const,
          visible: (ctx: ListContext<OrderRecord>) => isManager(ctx.session.priority),
          onClick: () => setAssignOpen(true),
        },
        ...(mfy
          ? []
          : [
              {
                key: 'export',
                label: 'Xuất Excel',
                icon: <FileDownloadIcon />,
                variant: 'outlined' as const,
                // Export is for priority below 5 (spec 3 §2.16, §6); the server refuses it for 5 too.
                visible: (ctx: ListContext<OrderRecord>) => leadsPeople(ctx.session.priority),
                onClick: (ctx: ListContext<OrderRecord>) =>
                  void export9279(ctx).catch((e) => ctx.notify(`[Lỗi] ${errorMsg(e) || (e as Error)?.message || ''}`.trim(), 'error')),
              },
            ]),
      ],
      toolbarExtra: (ctx) =>
        isManager(ctx.session.priority) ? (
          <ImportButton
            id={meta.testId}
            endpoint={calls.importEndpoint}
            spec={mfy ? MFY_IMPORT_SPEC : R9279_IMPORT_SPEC}
            label="Tải lên Excel"
            successText={(file, n) => `Tải file thành công: ${file} (${n} bản ghi)`}
            onDone={() => listRef.current?.reload()}
          />
        ) : null,
      // The 9279 sheet has the spec's own columns (spec 3 §9), not the table's: its own button below.
      export: mfy ? { fileName: meta.exportFile } : undefined,
      columns,
      rowActions: [
        {
          key: 'edit',
          label: 'Sửa',
          icon: <EditIcon fontSize="small" />,
          color: 'primary',
          visible: (r) => r.can_edit,
          run: (r) => setDialog({ row: r }),
        },
        {
          key: 'note',
          label: 'Công ty, ghi chú',
          icon: <EditNoteIcon fontSize="small" />,
          visible: (r) => r.can_edit,
          run: (r) => setNoteRow(r),
        },
        {
          key: 'clawback',
          label: 'Xóa truy thu',
          icon: <MoneyOffIcon fontSize="small" />,
          color: 'warning',
          visible: (r) => r.can_edit && r.truy_thu > 0,
          confirm: 'Xóa truy thu?',
          run: (r) => calls.clearClawback(r.id),
          successMsg: 'Xóa truy thu thành công',
          errorMsg: 'Xóa truy thu thất bại',
        },
        {
          key: 'invite',
          label: 'Mời tự động',
          icon: <SendIcon fontSize="small" />,
          color: 'info',
          confirm: 'Xác nhận mời tự động?',
          run: (r) => calls.invite(r.id),
          // The channel and the carrier's result in words, never the raw code.
          successMsg: (_r, res: any) => autoInviteToast(res ?? {}),
          errorMsg: 'Mời tự động thất bại',
        },
        {
          key: 'delete',
          label: 'Xoá',
          icon: <DeleteIcon fontSize="small" />,
          color: 'error',
          visible: (r) => r.can_edit,
          confirm: { title: 'Xoá bản ghi', message: 'Xác nhận xoá bản ghi', danger: true },
          run: (r) => calls.remove(r.id),
          successMsg: 'Xoá bản ghi thành công',
          errorMsg: 'Xoá bản ghi thất bại',
        },
      ],
      history: {
        endpoint: (r) => `${meta.endpoint}/${encodeURIComponent(r.id)}/history`,
        fieldLabels: {
          trang_thai: 'Trạng thái',
          trang_thai_yeu_cau: 'Trạng thái yêu cầu',
          trang_thai_thu_tien: 'Trạng thái thu tiền',
          trang_thai_duyet_thong_tin: 'Duyệt thông tin',
          so_dien_thoai: 'Số thuê bao',
          so_dien_thoai_chu: 'SĐT chủ',
          ma_goi: 'Gói cước',
          gia_ban_goi: 'Giá bán gói',
          doanh_thu: 'Doanh thu',
          chenh_lech: 'Chênh lệch',
          ti_le_doanh_thu_tinh_luong: 'Tỉ lệ lương',
          doanh_thu_tinh_luong: 'DT tính lương',
          truy_thu: 'Truy thu',
          username_nv: 'Nhân viên',
          cty: 'Công ty',
          note: 'Ghi chú',
          hinh_thuc: 'Hình thức',
          created_time: 'Ngày đơn',
          deleted: 'Xoá bản ghi',
        },
        valueLabels: Object.fromEntries(
          ['trang_thai', 'trang_thai_yeu_cau', 'trang_thai_thu_tien', 'trang_thai_duyet_thong_tin', 'hinh_thuc'].map((f) => [
            f,
            STATUS_LABELS,
          ]),
        ),
      },
    };
  }, [kind, meta, calls]);

  return (
    <>
      <ListScreen ref={listRef} config={config} />
      <FormDialog
        config={form}
        testIdPrefix={`${meta.testId}-form`}
        open={!!dialog}
        mode={dialog?.row ? 'edit' : 'create'}
        row={dialog?.row ?? null}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          listRef.current?.reload();
        }}
      />
      <CompanyDialog kind={kind} testId={meta.testId} open={companiesOpen} onClose={() => setCompaniesOpen(false)} />
      <AssignDialog
        kind={kind}
        testId={meta.testId}
        open={assignOpen}
        onClose={() => setAssignOpen(false)}
        onDone={() => listRef.current?.reload()}
      />
      <FormDialog
        config={noteForm}
        testIdPrefix={`${meta.testId}-note`}
        open={!!noteRow}
        mode="edit"
        row={noteRow}
        onClose={() => setNoteRow(null)}
        onSaved={() => {
          setNoteRow(null);
          listRef.current?.reload();
        }}
      />
    </>
  );
}

export const MfyOrders = () => <OrdersScreen kind="mfy" />;
export const Reg9279Orders = () => <OrdersScreen kind="9279" />;
