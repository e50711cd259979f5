import { useMemo } from 'react';
import ListScreen from '../../list/ListScreen';
import type { ListConfig } from '../../list/types';
import { usersApi } from '../accounts/api';
import { LOOKUP_LISTS, lookupApi, type Registration9084 as Registration9084Message, type Registrations9084List } from './api';
import { staffPickerOptions } from '../../common/refdata';
import { monthStart, today } from '../../common/format';
import { lookupPhone } from './ResultViews';

/** A registration message (9084, spec 1 §3) with a row id for the grid. */
export type Registration9084 = Registration9084Message & { _rid: string };

/**
 * Registration results ('Kết quả đăng ký', spec 1 §2.14): registration messages filtered by staff
 * (picker with leaders and salespeople indented), phone, dates and channel (only the channels
 * the server allows this user). Special-account rows arrive unattributed for priority 3 or more.
 */
export default function RegistrationResults() {
  const config = useMemo<ListConfig<Registration9084, Registrations9084List>>(
    () => ({
      id: 'registrations9084',
      title: 'Kết quả đăng ký',
      endpoint: LOOKUP_LISTS.registrations9084,
      rowId: (r) => r._rid,
      mapResponse: (data) => {
        const values = data?.values ?? [];
        return { rows: values.map((m, i) => ({ ...m, _rid: `${i}` })), count: Number(data?.count ?? values.length) || 0 };
      },
      filters: [
        {
          key: 'username',
          type: 'staff',
          label: 'Nhân viên',
          allLabel: 'Tất cả nhân viên',
          loadOptions: () => usersApi.allStaff().then(staffPickerOptions),
          width: 280,
        },
        { key: 'message', type: 'text', label: 'Số điện thoại', width: 180 },
        { key: 'startDate', type: 'date', label: 'Từ ngày', default: () => monthStart() },
        { key: 'endDate', type: 'date', label: 'Đến ngày', default: () => today() },
        {
          key: 'subagent',
          type: 'select',
          label: 'Kênh',
          allLabel: 'Tất cả kênh',
          loadOptions: lookupApi.registrationChannels,
          width: 160,
        },
      ],
      columns: [
        { field: 'index', headerName: '#', kind: 'index' },
        { field: 'SubAgent', headerName: 'Kênh', minWidth: 100, value: (r) => String(r.SubAgent ?? '').toUpperCase() },
        {
          field: 'NumberPhone',
          headerName: 'Số thuê bao',
          minWidth: 140,
          render: (r) => lookupPhone(r.NumberPhone),
          export: { value: (r) => lookupPhone(r.NumberPhone) },
        },
        { field: 'PackageCode', headerName: 'Gói cước', minWidth: 120 },
        { field: 'Price', headerName: 'Giá', kind: 'number', minWidth: 100 },
        { field: 'Time', headerName: 'Thời gian', kind: 'datetime', minWidth: 170 },
        {
          field: 'Status',
          headerName: 'Trạng thái',

          kind: 'chip',
          minWidth: 120,
          chip: (r) => (Number(r.Status) === 1 ? { label: 'Thành công', color: 'success' } : { label: 'Thất bại', color: 'error' }),
        },
        { field: 'Result', headerName: 'Kết quả', flex: 2, minWidth: 180 },
        {
          field: 'username_nv',
          headerName: 'Nhân viên',
          minWidth: 180,
          value: (r) => [r.username_nv, r.ten_nv].filter(Boolean).join(' - '),
        },
      ],
    }),
    [],
  );
  return <ListScreen config={config} />;
}
