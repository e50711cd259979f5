import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { displayPhone } from '../../common/format';
import type { FormConfig } from '../../form/types';
import type { ImportSpec } from '../../import/sheet';
import { notify } from '../../store';
import { phoneToCopy, requestApi, type RefundRequest } from './api';
import { NUMBER_TYPES } from './forms';

/**
 * The request list's row tools besides its inline edits: the phone cell with its copy button, the
 * subscriber correction dialog (PUT /{id}) and the Excel import's columns.
 */

/** Copies a phone's last 9 digits with the spec's toasts ('Đã copy: …' / 'Lỗi không thể copy', spec 2 §5, §8). */
async function copyPhone(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    notify(`Đã copy: ${text}`, 'success');
  } catch {
    notify('Lỗi không thể copy', 'error');
  }
}

/** The number as shown, with a copy button when the server sent it whole (priority below 3). */
export function PhoneCell({ row }: { row: RefundRequest }) {
  const copy = phoneToCopy(row.number_phone);
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
      {displayPhone(row.number_phone)}
      {copy && (
        <Tooltip title="Copy số điện thoại">
          <IconButton
            size="small"
            aria-label="Copy số điện thoại"
            data-testid={`requestrefund-copy-phone-${row.id}`}
            onClick={(e) => {
              e.stopPropagation();
              void copyPhone(copy);
            }}
          >
            <ContentCopyIcon sx={{ fontSize: 16 }} />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}

/**
 * 'Sửa số thuê bao': a wrong phone keeps the customer's bank transfer from settling a top-up. The
 * row's number (9 digits, as managers get it) and type are the starting values; the server applies
 * the create rules and refuses once a card gateway or a bank transfer used the number.
 */
export const subscriberForm: FormConfig<RefundRequest, { number_phone: string; number_type: string }> = {
  title: 'Sửa số thuê bao',
  submitLabel: 'Lưu',
  successMsg: 'Đã sửa số thuê bao',
  errorMsg: 'Sửa số thuê bao không thành công',
  fields: [
    { key: 'number_phone', label: 'Số điện thoại', type: 'text', required: true, digitsOnly: true },
    { key: 'number_type', label: 'Loại thuê bao', type: 'select', required: true, options: NUMBER_TYPES },
  ],
  submit: (v, ctx) => requestApi.correctSubscriber(ctx.row!.id, { number_phone: v.number_phone, number_type: Number(v.number_type) }),
};

/**
 * The request import's columns (row 1 is the header): the staff member (blank = the importer), the
 * subscriber, the package, the request and method in the list's words, the amounts and reason.
 */
export const REQUEST_IMPORT_SPEC: ImportSpec = {
  firstDataRow: 2,
  columns: [
    { col: 0, field: 'staff_username', label: 'Nhân viên' },
    { col: 1, field: 'number_phone', label: 'Số điện thoại' },
    { col: 2, field: 'number_type', label: 'Loại thuê bao (MC/MG)' },
    { col: 3, field: 'package_code', label: 'Gói cước' },
    { col: 4, field: 'request_type', label: 'Yêu cầu' },
    { col: 5, field: 'request_method', label: 'Hình thức' },
    { col: 6, field: 'refund_price', parse: 'number', label: 'Số tiền nạp' },
    { col: 7, field: 'other_refund', parse: 'number', label: 'Hoàn thêm' },
    { col: 8, field: 'other_reason', label: 'Lý do hoàn thêm' },
  ],
  example: {
    staff_username: '',
    number_phone: '0912345678',
    number_type: 'MC',
    package_code: 'MXH100',
    request_type: 'Hoàn trước',
    request_method: 'Gia hạn',
    other_refund: 0,
  },
};
