import { useMemo } from 'react';
import Link from '@mui/material/Link';
import ListScreen from '../../list/ListScreen';
import type { ListConfig } from '../../list/types';
import { displayPhone, monthStart, today } from '../../common/format';
import { staffPickerOptions, type StaffOption } from '../../common/refdata';
import { notify } from '../../store';
import { CARE_HISTORY, CARE_RESULTS, careApi, careRecordHistory, type CareHistoryRecord } from './api';
import { leadsPeople } from '../../api/access';

/** Copies the phone as shown ('Đã copy: …' / 'Lỗi không thể copy', spec 1 §8). */
async function copyPhone(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    notify(`Đã copy: ${text}`, 'success');
  } catch {
    notify('Lỗi không thể copy', 'error');
  }
}

/**
 * 'Nhật ký CSKH' (/app/care-history, spec 1 §2.9): filters (staff, care dates, appointment dates,
 * phone, result), staff column below priority 5, phones masked by the server, click-to-copy,
 * inline result / appointment / note (own records above priority 2; blank notes ignored), the
 * row's change history, export NHAT-KY-CSKH.xlsx (hidden for priority 5, refused by the server).
 */
/** The select's entry that clears a care result (the cell then shows nothing). */
const BLANK_RESULT = 'Để trống (xoá kết quả)';

export default function CareHistory() {
  const config = useMemo<ListConfig<CareHistoryRecord>>(
    () => ({
      id: 'carehistory',
      title: 'Nhật ký CSKH',
      endpoint: CARE_HISTORY,
      searchButton: 'search',
      filters: [
        {
          key: 'username',
          type: 'staff',
          label: 'Nhân viên',
          allLabel: 'Tất cả',
          width: 260,
          visible: (ctx) => leadsPeople(ctx.session.priority),
          loadOptions: async () => staffPickerOptions((await careApi.staff()).values as unknown as StaffOption[]),
        },
        { key: 'startDate', type: 'date', label: 'Chăm sóc từ ngày', default: () => monthStart() },
        { key: 'endDate', type: 'date', label: 'Đến ngày', default: () => today() },
        { key: 'startDateHen', type: 'date', label: 'Hẹn từ ngày' },
        { key: 'endDateHen', type: 'date', label: 'Hẹn đến ngày' },
        { key: 'phone', type: 'text', label: 'Số điện thoại', width: 160 },
        { key: 'status', type: 'select', label: 'Kết quả', allLabel: 'Tất cả', options: CARE_RESULTS, width: 180 },
      ],
      export: { fileName: 'NHAT-KY-CSKH.xlsx', query: { getAll: 'true' } },
      columns: [
        { field: 'index', headerName: '#', kind: 'index' },
        {
          field: 'username',
          headerName: 'Nhân viên',
          minWidth: 180,
          visible: (ctx) => leadsPeople(ctx.session.priority),
          value: (r) => `${r.username} - ${r.fullname}`,
        },
        {
          field: 'phone',
          headerName: 'Thuê bao',
          minWidth: 140,
          value: (r) => displayPhone(r.phone),
          render: (r) => (
            <Link
              component="button"
              underline="hover"
              onClick={() => copyPhone(displayPhone(r.phone))}
              data-testid={`carehistory-phone-${r.id}`}
            >
              {displayPhone(r.phone)}
            </Link>
          ),
        },
        { field: 'package', headerName: 'Gói cước', minWidth: 110 },
        {
          field: 'status',
          headerName: 'Kết quả',
          minWidth: 170,
          options: CARE_RESULTS,
          edit: {
            type: 'select',
            // The spec's blank result (spec 1 §4): a result set by mistake can be cleared; the history keeps the change.
            options: [{ value: '', label: BLANK_RESULT }, ...CARE_RESULTS],
            canEdit: (r) => !!r.can_edit,
            save: (r, v) => careApi.setStatus(r.id, String(v ?? '')),
            successMsg: 'Cập nhật kết quả thành công',
            errorMsg: 'Cập nhật kết quả không thành công',
          },
        },
        {
          field: 'appointmentAt',
          headerName: 'Thời gian hẹn',
          kind: 'datetime',
          minWidth: 200,
          edit: {
            type: 'datetime',
            canEdit: (r) => !!r.can_edit,
            save: (r, v) => careApi.setAppointmentAt(r.id, String(v ?? '')),
            successMsg: 'Cập nhật thời gian hẹn thành công',
            errorMsg: 'Cập nhật thời gian hẹn không thành công',
          },
        },
        {
          field: 'note',
          headerName: 'Ghi chú',
          flex: 1,
          minWidth: 200,
          edit: {
            type: 'text',
            ignoreBlank: true,
            canEdit: (r) => !!r.can_edit,
            save: (r, v) => careApi.setNote(r.id, String(v ?? '')),
            successMsg: 'Cập nhật ghi chú thành công',
            errorMsg: 'Cập nhật ghi chú không thành công',
          },
        },
        { field: 'careAt', headerName: 'Thời gian chăm sóc', kind: 'datetime', minWidth: 170 },
      ],
      history: {
        endpoint: (r) => careRecordHistory(r.id),
        fieldLabels: { status: 'Kết quả', appointment_at: 'Thời gian hẹn', note: 'Ghi chú' },
        valueLabels: { status: Object.fromEntries(CARE_RESULTS.map((r) => [r.value, r.label])) },
      },
    }),
    [],
  );
  return <ListScreen config={config} />;
}
