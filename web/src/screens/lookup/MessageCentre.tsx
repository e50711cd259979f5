import { useMemo } from 'react';
import ListScreen from '../../list/ListScreen';
import type { ListConfig } from '../../list/types';
import { monthStart, today } from '../../common/format';
import { lookupPhone } from './ResultViews';
import { PHONE_REQUIRED } from './texts';

/** A 999 message (spec 1 §3). */
export interface Message999 {
  ISDN: string;
  ActionType: string;
  NumberService: string;
  SystemSource: string;
  SMSSyntax: string;
  SMSContent: string;
  ActionTime: string;
  _rid: string;
}

export const DIRECTIONS = [
  { value: 'I', label: 'I - Tin nhắn đến (input)' },
  { value: 'O', label: 'O - Tin nhắn đi (output)' },
];

/**
 * Message centre ('Trung tâm tin nhắn', spec 1 §2.13): the 999 messages of one subscriber,
 * filtered by direction I/O, phone and dates, paged on the server (GET /api/v1/lookup/messages999).
 */
export default function MessageCentre() {
  const config = useMemo<ListConfig<Message999>>(
    () => ({
      id: 'messages999',
      title: 'Trung tâm tin nhắn',
      endpoint: '/api/v1/lookup/messages999',
      manualLoad: true,
      rowId: (r) => r._rid,
      mapResponse: (data) => {
        const values: Message999[] = Array.isArray(data?.values) ? data.values : [];
        return { rows: values.map((m, i) => ({ ...m, _rid: `${i}` })), count: Number(data?.count ?? values.length) || 0 };
      },
      filters: [
        { key: 'phone', type: 'text', label: 'Số điện thoại', requiredMsg: PHONE_REQUIRED, width: 200 },
        { key: 'huong_ket_qua', type: 'select', label: 'Hướng', allLabel: 'Tất cả', options: DIRECTIONS, autoApply: false, width: 220 },
        { key: 'startDate', type: 'date', label: 'Từ ngày', default: () => monthStart() },
        { key: 'endDate', type: 'date', label: 'Đến ngày', default: () => today() },
      ],
      columns: [
        { field: 'index', headerName: '#', kind: 'index' },
        { field: 'ISDN', headerName: 'Số thuê bao', description: 'ISDN', minWidth: 130, render: (r) => lookupPhone(r.ISDN), export: { value: (r) => lookupPhone(r.ISDN) } },
        {
          field: 'ActionType',
          headerName: 'Hướng',
          description: 'ActionType',
          kind: 'chip',
          minWidth: 120,
          chip: (r) => ({ label: r.ActionType === 'I' ? 'I - Đến' : r.ActionType === 'O' ? 'O - Đi' : r.ActionType, color: r.ActionType === 'I' ? 'info' : 'success' }),
        },
        { field: 'NumberService', headerName: 'Đầu số', description: 'NumberService', minWidth: 110 },
        { field: 'SystemSource', headerName: 'Nguồn', description: 'SystemSource', minWidth: 120 },
        { field: 'SMSSyntax', headerName: 'Cú pháp', description: 'SMSSyntax', minWidth: 130 },
        { field: 'SMSContent', headerName: 'Nội dung', description: 'SMSContent', flex: 2, minWidth: 220 },
        { field: 'ActionTime', headerName: 'Thời gian', description: 'ActionTime', kind: 'datetime', minWidth: 170 },
      ],
    }),
    [],
  );
  return <ListScreen config={config} />;
}
