import { useMemo, useRef } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DoneIcon from '@mui/icons-material/Done';
import UndoIcon from '@mui/icons-material/Undo';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import type { FormConfig } from '../../form/types';
import { useRecordDialog } from '../../form/useRecordDialog';
import ImportButton from '../../import/ImportButton';
import type { ImportSpec } from '../../import/sheet';
import ListScreen from '../../list/ListScreen';
import type { ListConfig, ListHandle } from '../../list/types';
import { formatNumber } from '../../common/format';
import { careApi, NEXT_DAY, NEXT_DAY_IMPORT, nextDayHistory, type NextDayRecord } from './api';
import { nextDayBalanceColor, nextDayStatusAction, nextDayStatusChip } from './invite-rules';
import { leadsPeople } from '../../api/access';

/** The sheet: phone, package, staff username (header in row 1). */
export const NEXT_DAY_IMPORT_SPEC: ImportSpec = {
  firstDataRow: 2,
  columns: [
    { col: 0, field: 'phone', parse: 'digits', label: 'Số điện thoại' },
    { col: 1, field: 'package', label: 'Gói cước' },
    { col: 2, field: 'username', label: 'Nhân viên' },
  ],
  skip: (r) => String(r.phone ?? '').trim() === '',
};

const form: FormConfig<NextDayRecord> = {
  title: (m) => (m === 'create' ? 'Tạo bản ghi' : 'Cập nhật bản ghi'),
  successMsg: (m) => (m === 'create' ? 'Tạo bản ghi thành công' : 'Cập nhật bản ghi thành công'),
  errorMsg: (m) => (m === 'create' ? 'Tạo bản ghi thất bại' : 'Cập nhật bản ghi thất bại'),
  submitLabel: 'Lưu',
  fields: [
    { key: 'phone', label: 'Số điện thoại', type: 'text', required: true, digitsOnly: true },
    { key: 'package', label: 'Gói cước', type: 'text', required: true },
    {
      key: 'username',
      label: 'Nhân viên',
      type: 'select',
      required: true,
      // Priority 5 records for themself (spec 3 §6); the server applies it too.
      visibleTo: (v: { priority: number }) => leadsPeople(v.priority),
      loadOptions: async () =>
        (await careApi.staff()).values.map((s) => ({ value: s.username, label: `${s.username} - ${s.fullname}`, testKey: s.username })),
    },
  ],
  submit: (v, ctx) => {
    const body = { phone: String(v.phone ?? ''), package: String(v.package ?? ''), username: String(v.username ?? '') };
    return ctx.row ? careApi.nextDay.update(ctx.row.id, body) : careApi.nextDay.create(body);
  },
};

/**
 * 'Mời gói hôm sau' (/app/moigoihomsau, spec 3 §2.17): phone search, create/edit (staff field not
 * for priority 5), 200-row import, balance / price with the share (red under 50), invite count and
 * status, created date; the server scopes the rows and keeps the audit trail.
 */
export default function NextDayInvite() {
  const listRef = useRef<ListHandle>(null);
  const dialog = useRecordDialog<NextDayRecord>(form, 'moigoihomsau-form', () => listRef.current?.reload());
  const { openCreate, openEdit } = dialog;
  const config = useMemo<ListConfig<NextDayRecord>>(
    () => ({
      id: 'moigoihomsau',
      title: 'Mời gói hôm sau',
      endpoint: NEXT_DAY,
      searchButton: 'search',
      filters: [{ key: 'phone', type: 'text', label: 'Số điện thoại', width: 200 }],
      toolbar: [{ key: 'create', label: 'Tạo bản ghi', icon: <AddIcon />, onClick: () => openCreate(), testId: 'moigoihomsau-create' }],
      toolbarExtra: () => (
        <ImportButton id="moigoihomsau" endpoint={NEXT_DAY_IMPORT} spec={NEXT_DAY_IMPORT_SPEC} onDone={() => listRef.current?.reload()} />
      ),
      columns: [
        { field: 'index', headerName: '#', kind: 'index' },
        { field: 'phone', headerName: 'Số điện thoại', kind: 'phone', minWidth: 130 },
        { field: 'package', headerName: 'Gói cước', minWidth: 100 },
        {
          field: 'tkc',
          headerName: 'TKC / Giá gói',
          minWidth: 200,
          value: (r) => `${formatNumber(r.tkc)} / ${formatNumber(r.gia_goi)} (${r.tkc_chia_phan_tram_gia_goi}%)`,
          render: (r) => (
            <Box
              component="span"
              sx={{ color: `${nextDayBalanceColor(r.tkc_chia_phan_tram_gia_goi)}.main` }}
              data-testid={`moigoihomsau-balance-${r.id}`}
            >
              {formatNumber(r.tkc)} / {formatNumber(r.gia_goi)} ({r.tkc_chia_phan_tram_gia_goi}%)
            </Box>
          ),
        },
        { field: 'username', headerName: 'Nhân viên', minWidth: 170, value: (r) => (r.username ? `${r.username} - ${r.ten_nv}` : '') },
        {
          field: 'status',
          headerName: 'Trạng thái',
          kind: 'chip',
          minWidth: 150,
          chip: (r) => nextDayStatusChip(r.status, Number(r.so_lan_moi)),
        },
        { field: 'createdAt', headerName: 'Ngày tạo', kind: 'datetime', minWidth: 160 },
        { field: 'actions', headerName: 'Thao tác', kind: 'actions', minWidth: 170, export: false },
      ],
      rowActions: [
        {
          key: 'status',
          label: (r) => nextDayStatusAction(r.status).label,
          icon: (r) => (nextDayStatusAction(r.status).to === 1 ? <DoneIcon fontSize="small" /> : <UndoIcon fontSize="small" />),
          color: 'success',
          confirm: (r) => nextDayStatusAction(r.status).confirm,
          run: (r) => (nextDayStatusAction(r.status).to === 1 ? careApi.nextDay.approve(r.id) : careApi.nextDay.setStatus(r.id, 0)),
          successMsg: (r) => nextDayStatusAction(r.status).done,
          errorMsg: 'Cập nhật trạng thái thất bại',
          testId: (r) => `moigoihomsau-status-${r.id}`,
        },
        { key: 'edit', label: 'Sửa', icon: <EditIcon fontSize="small" />, run: (r) => openEdit(r) },
        {
          key: 'delete',
          label: 'Xoá',
          icon: <DeleteIcon fontSize="small" />,
          color: 'error',
          confirm: 'Xác nhận xoá bản ghi',
          run: (r) => careApi.nextDay.remove(r.id),
          successMsg: 'Xoá thành công',
          errorMsg: 'Xoá không thành công',
        },
      ],
      history: {
        endpoint: (r) => nextDayHistory(r.id),
        fieldLabels: { phone: 'Số điện thoại', package: 'Gói cước', username: 'Nhân viên', status: 'Trạng thái', deleted: 'Xoá' },
        valueLabels: { status: { 0: 'Chưa mời', 1: 'Đã mời' } },
      },
    }),
    [openCreate, openEdit],
  );
  return (
    <>
      <ListScreen ref={listRef} config={config} />
      {dialog.dialog}
    </>
  );
}
