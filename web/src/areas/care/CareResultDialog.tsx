import { useMemo } from 'react';
import TextField from '@mui/material/TextField';
import FormDialog from '../../form/FormDialog';
import type { FormConfig } from '../../form/types';
import { displayPhone } from '../../common/format';
import { CARE_RESULTS, careApi } from './api';

const needsPackage = (status: unknown) => status === 'APPROVED' || status === 'APPOINTMENT';

/** What the dialog sends: the result, and the package, time and note where they are asked. */
type CareResultValues = { status: string; package?: string; appointmentAt?: string; note?: string };

/**
 * 'Kết quả chăm sóc khách hàng' (spec 1 §2.10, §5): phone, result (first is the default), package
 * for APPROVED and APPOINTMENT, date-time for APPOINTMENT, a 3-row note; the same rules are the
 * server's (POST /api/v1/customer/{id}/care).
 */
export default function CareResultDialog({
  customer,
  onClose,
  onSaved,
}: {
  customer: { id: string; phone: string } | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const config = useMemo<FormConfig<unknown, CareResultValues>>(
    () => ({
      title: 'Kết quả chăm sóc khách hàng',
      maxWidth: 'sm',
      fields: [
        {
          key: 'phone',
          label: 'Số điện thoại',
          type: 'custom',
          render: ({ testId }) => (
            <TextField
              size="small"
              label="Số điện thoại"
              value={displayPhone(customer?.phone)}
              disabled
              slotProps={{ htmlInput: { 'data-testid': testId } }}
            />
          ),
        },
        {
          key: 'status',
          label: 'Kết quả',
          type: 'select',
          options: CARE_RESULTS,
          default: CARE_RESULTS[0].value,
          required: true,
          requiredMsg: 'Bạn phải chọn kết quả!',
        },
        {
          key: 'package',
          label: 'Gói cước',
          type: 'text',
          visible: (v) => needsPackage(v.status),
          required: true,
          requiredMsg: 'Bạn chưa nhập gói cước!',
        },
        {
          key: 'appointmentAt',
          label: 'Thời gian hẹn lại',
          // DD/MM/YYYY HH:mm on Vietnam's clock, as the server reads it.
          type: 'datetime',
          visible: (v) => v.status === 'APPOINTMENT',
          required: true,
          requiredMsg: 'Bạn chưa nhập thời gian hẹn lại!',
        },
        {
          key: 'note',
          label: 'Ghi chú',
          type: 'custom',
          required: (v) => v.status !== 'APPROVED',
          requiredMsg: 'Bạn chưa nhập ghi chú!',
          render: ({ value, setValue, testId, error }) => (
            <TextField
              size="small"
              label="Ghi chú"
              multiline
              rows={3}
              value={value ?? ''}
              error={error}
              onChange={(e) => setValue(e.target.value)}
              slotProps={{ htmlInput: { 'data-testid': testId } }}
            />
          ),
        },
      ],
      submitLabel: 'Xác nhận',
      submit: (v) =>
        careApi.recordCare(customer!.id, {
          status: v.status,
          package: needsPackage(v.status) ? String(v.package ?? '').trim() : '',
          appointmentAt: v.status === 'APPOINTMENT' ? String(v.appointmentAt ?? '') : '',
          note: String(v.note ?? '').trim(),
        }),
      successMsg: 'Thông tin chăm sóc khách hàng ghi nhận thành công.',
      errorMsg: 'Thông tin chăm sóc khách hàng ghi nhận không thành công. Vui lòng thử lại lần sau.',
    }),
    [customer],
  );
  return <FormDialog config={config} open={!!customer} mode="create" testIdPrefix="care-result" onClose={onClose} onSaved={onSaved} />;
}
