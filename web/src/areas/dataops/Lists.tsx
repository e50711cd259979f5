import { useMemo, useRef, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import BlockIcon from '@mui/icons-material/Block';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Link from '@mui/material/Link';
import FormDialog from '../../form/FormDialog';
import type { FormConfig } from '../../form/types';
import ImportButton from '../../import/ImportButton';
import type { ImportSpec } from '../../import/sheet';
import ListScreen from '../../list/ListScreen';
import type { ListConfig, ListHandle } from '../../list/types';
import { notify } from '../../store';
import { displayPhone, formatDateTime } from '../../common/format';
import {
  BLACKLIST_BASE,
  BLACKLIST_IMPORT,
  blacklistApi,
  blacklistHistory,
  OTP_BASE,
  OTP_IMPORT,
  otpApi,
  otpHistory,
  type BlacklistEntry,
  type OtpRecord,
} from './api';
import { WORDS } from '../../common/words';

/** Spec 3 §5: blacklist and OTP imports are rows of phone_number, description (header row skipped). */
const PHONE_DESC_SPEC: ImportSpec = {
  firstDataRow: 2,
  columns: [
    { col: 0, field: 'phone_number', parse: 'digits', label: 'Số điện thoại' },
    { col: 1, field: 'description', label: 'Mô tả' },
  ],
};

/** What the blacklist's dialog sends (the route's request less its id). */
type BlacklistValues = { phone_number: string; description: string };

const blacklistForm: FormConfig<BlacklistEntry, BlacklistValues> = {
  title: (mode) => (mode === 'create' ? 'Thêm số vào danh sách đen' : 'Sửa số trong danh sách đen'),
  successMsg: (mode) => (mode === 'create' ? 'Thêm thành công' : 'Cập nhật thành công'),
  errorMsg: (mode) => (mode === 'create' ? 'Thêm không thành công' : 'Cập nhật không thành công'),
  submitLabel: 'Lưu',
  fields: [
    { key: 'phone_number', label: 'Số điện thoại', type: 'text', required: true },
    { key: 'description', label: 'Mô tả', type: 'text' },
  ],
  submit: (v, ctx) => {
    const body = { phone_number: v.phone_number, description: v.description ?? '' };
    return ctx.row ? blacklistApi.update(ctx.row.id, body) : blacklistApi.create(body);
  },
};

/** Blacklist (spec 3 §2.11): import, phone and description searches (Enter), create, refresh, edit, delete. */
export function Blacklist() {
  const listRef = useRef<ListHandle>(null);
  const [dialog, setDialog] = useState<{ row: BlacklistEntry | null } | null>(null);
  const config = useMemo<ListConfig<BlacklistEntry>>(
    () => ({
      id: 'blacklist',
      title: WORDS.blacklist,
      endpoint: BLACKLIST_BASE,
      defaultPageSize: 10,
      pageSizes: [10, 20, 50],
      rowId: (r) => r.id,
      filters: [
        { key: 'message', type: 'text', label: 'Số điện thoại', width: 200 },
        { key: 'description', type: 'text', label: 'Mô tả', width: 200 },
      ],
      toolbar: [{ key: 'create', label: 'Thêm mới', icon: <AddIcon />, onClick: () => setDialog({ row: null }) }],
      toolbarExtra: () => (
        <ImportButton
          id="blacklist"
          endpoint={BLACKLIST_IMPORT}
          spec={PHONE_DESC_SPEC}
          label="Nhập file"
          onDone={() => listRef.current?.reload()}
        />
      ),
      columns: [
        { field: '__index', headerName: '#', kind: 'index' },
        { field: 'phone_number', headerName: 'Số điện thoại', kind: 'phone', minWidth: 140 },
        { field: 'description', headerName: 'Mô tả', flex: 1, minWidth: 200 },
        { field: 'createdAt', headerName: 'Ngày nhập', kind: 'datetime', minWidth: 160 },
        { field: 'actions', headerName: 'Thao tác', kind: 'actions', width: 150 },
      ],
      rowActions: [
        { key: 'edit', label: 'Sửa', icon: <EditIcon fontSize="small" />, color: 'primary', run: (r) => setDialog({ row: r }) },
        {
          key: 'delete',
          label: 'Xoá',
          icon: <DeleteIcon fontSize="small" />,
          color: 'error',
          confirm: { title: 'Xoá bản ghi', message: 'Xác nhận xoá bản ghi', danger: true },
          run: (r) => blacklistApi.remove(r.id),
          successMsg: 'Xoá bản ghi thành công',
          errorMsg: 'Xoá bản ghi không thành công',
        },
      ],
      history: {
        endpoint: (r) => blacklistHistory(r.id),
        fieldLabels: { phone_number: 'Số điện thoại', description: 'Mô tả' },
      },
    }),
    [],
  );
  return (
    <>
      <ListScreen ref={listRef} config={config} />
      <FormDialog
        config={blacklistForm}
        testIdPrefix="blacklist-form"
        open={!!dialog}
        mode={dialog?.row ? 'edit' : 'create'}
        row={dialog?.row ?? null}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          listRef.current?.reload();
        }}
      />
    </>
  );
}

const otpForm: FormConfig<OtpRecord, { phone_number: string; str_mes: string; otp?: string }> = {
  title: (mode) => (mode === 'create' ? 'Thêm OTP 1414' : 'Sửa OTP 1414'),
  successMsg: (mode) => (mode === 'create' ? 'Thêm thành công' : 'Cập nhật thành công'),
  errorMsg: (mode) => (mode === 'create' ? 'Thêm không thành công' : 'Cập nhật không thành công'),
  submitLabel: 'Lưu',
  fields: [
    { key: 'phone_number', label: 'Số điện thoại', type: 'text', required: true },
    { key: 'str_mes', label: 'Nội dung tin nhắn', type: 'text', required: true },
    { key: 'otp', label: 'OTP (để trống: đọc từ tin nhắn)', type: 'text', omitBlank: true },
  ],
  submit: (v, ctx) => {
    const body = { phone_number: v.phone_number, str_mes: v.str_mes, otp: v.otp ?? '' };
    return ctx.row ? otpApi.update(ctx.row.id, body) : otpApi.create(body);
  },
};

/**
 * The OTP 1414 screen's blacklist dialog (spec 3 §2.18, §7.10: this screen's API and import carry the
 * blacklist's fields — phone_number, description): 'Chặn số' on a message opens the blacklist's
 * own dialog with the number and the message as its description; saving puts the number in the
 * blacklist (care then refuses inviting it). Only for holders of the blacklist's code; the
 * server's blacklist route checks it too.
 */
const blockForm = (row: OtpRecord | null): FormConfig<BlacklistEntry, BlacklistValues> => ({
  ...blacklistForm,
  title: () => 'Thêm số vào danh sách đen',
  successMsg: () => 'Đã thêm số vào danh sách đen',
  errorMsg: () => 'Thêm vào danh sách đen không thành công',
  submitLabel: 'Chặn số',
  fields: [
    {
      key: 'phone_number',
      label: 'Số điện thoại',
      type: 'text',
      required: true,
      default: () => (row ? displayPhone(row.phone_number) : ''),
    },
    {
      key: 'description',
      label: 'Mô tả',
      type: 'text',
      default: () => (row ? `Nhắn 1414 lúc ${formatDateTime(row.datetime)}: ${row.str_mes}`.slice(0, 2000) : ''),
    },
  ],
  submit: (v) => blacklistApi.create({ phone_number: v.phone_number, description: v.description ?? '' }),
});

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    notify(`Đã copy: ${text}`, 'success');
  } catch {
    notify('Lỗi không thể copy', 'error');
  }
}

/** OTP 1414 (spec 3 §2.18): OTP, time and message; click an OTP to copy it; refresh; import; edit, delete. */
export function Otp1414() {
  const listRef = useRef<ListHandle>(null);
  const [dialog, setDialog] = useState<{ row: OtpRecord | null } | null>(null);
  const [blocking, setBlocking] = useState<OtpRecord | null>(null);
  const blockConfig = useMemo(() => blockForm(blocking), [blocking]);
  const config = useMemo<ListConfig<OtpRecord>>(
    () => ({
      id: 'mes1414otp',
      title: 'Tra cứu OTP 1414',
      endpoint: OTP_BASE,
      defaultPageSize: 10,
      pageSizes: [10, 20, 50],
      rowId: (r) => r.id,
      filters: [{ key: 'message', type: 'text', label: 'Nội dung', width: 200 }],
      toolbar: [{ key: 'create', label: 'Thêm mới', icon: <AddIcon />, onClick: () => setDialog({ row: null }) }],
      toolbarExtra: () => (
        <ImportButton
          id="mes1414otp"
          endpoint={OTP_IMPORT}
          spec={PHONE_DESC_SPEC}
          label="Nhập file"
          onDone={() => listRef.current?.reload()}
        />
      ),
      columns: [
        { field: '__index', headerName: '#', kind: 'index' },
        {
          field: 'otp',
          headerName: 'OTP',
          minWidth: 110,
          render: (r) => (
            <Link component="button" onClick={() => void copy(r.otp)} data-testid={`otp-copy-${r.id}`}>
              {r.otp}
            </Link>
          ),
        },
        { field: 'datetime', headerName: 'Thời gian', kind: 'datetime', minWidth: 160 },
        { field: 'str_mes', headerName: 'Nội dung tin nhắn', flex: 1, minWidth: 240 },
        {
          field: 'blacklisted',
          headerName: 'Danh sách đen',
          minWidth: 120,
          value: (r) => (r.blacklisted ? 'Đã chặn' : ''),
          render: (r) => (r.blacklisted ? <span data-testid={`otp-blocked-${r.id}`}>Đã chặn</span> : ''),
        },
        { field: 'actions', headerName: 'Thao tác', kind: 'actions', width: 180 },
      ],
      rowActions: [
        {
          key: 'block',
          label: 'Chặn số (thêm vào danh sách đen)',
          icon: <BlockIcon fontSize="small" />,
          color: 'warning',
          visible: (r, ctx) => !r.blacklisted && ctx.session.has('blacklist'),
          run: (r) => setBlocking(r),
        },
        { key: 'edit', label: 'Sửa', icon: <EditIcon fontSize="small" />, color: 'primary', run: (r) => setDialog({ row: r }) },
        {
          key: 'delete',
          label: 'Xoá',
          icon: <DeleteIcon fontSize="small" />,
          color: 'error',
          confirm: { title: 'Xoá bản ghi', message: 'Xác nhận xoá bản ghi', danger: true },
          run: (r) => otpApi.remove(r.id),
          successMsg: 'Xoá bản ghi thành công',
          errorMsg: 'Xoá bản ghi không thành công',
        },
      ],
      history: {
        endpoint: (r) => otpHistory(r.id),
        fieldLabels: { otp: 'OTP', str_mes: 'Nội dung', phone_number: 'Số điện thoại' },
      },
    }),
    [],
  );
  return (
    <>
      <ListScreen ref={listRef} config={config} />
      <FormDialog
        config={otpForm}
        testIdPrefix="mes1414otp-form"
        open={!!dialog}
        mode={dialog?.row ? 'edit' : 'create'}
        row={dialog?.row ?? null}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          listRef.current?.reload();
        }}
      />
      <FormDialog
        config={blockConfig}
        testIdPrefix="mes1414otp-block"
        open={!!blocking}
        mode="create"
        // The message the dialog starts from (its fields' defaults read it).
        row={blocking as unknown as BlacklistEntry | null}
        onClose={() => setBlocking(null)}
        onSaved={() => {
          setBlocking(null);
          listRef.current?.reload();
        }}
      />
    </>
  );
}
