import { useMemo } from 'react';
import ListScreen from '../../list/ListScreen';
import type { ListConfig } from '../../list/types';
import { monthStart, today } from '../../common/format';
import { cancelLookup, last9, requestLookup } from '../../api/lookups';
import { lookupPhone } from './ResultViews';
import { PHONE_REQUIRED } from './texts';
import { LOOKUP_LISTS, type Message999 as Message999Reply, type Messages999List } from './api';

/** A 999 message (spec 1 §3) with a row id for the grid. */
export type Message999 = Message999Reply & { _rid: string };

export const DIRECTIONS = [
  { value: 'I', label: 'I - Tin nhắn đến (input)' },
  { value: 'O', label: 'O - Tin nhắn đi (output)' },
];

const SOCKET_KEY = 'messages999';

/**
 * One page of 999 messages over the realtime socket (`traCuuTinNhan999` → `traKetQuaTinNhan999`,
 * spec 1 §7); a newer page request (or leaving) drops the pending one.
 */
/** A page of messages over the socket: the `traKetQua…` reply's data is the REST route's answer (Messages999List). */
export function loadMessages999(params: Record<string, unknown>, signal: AbortSignal): Promise<Messages999List> {
  cancelLookup(SOCKET_KEY);
  signal.addEventListener('abort', () => cancelLookup(SOCKET_KEY));
  const phone = String(params.phone ?? '');
  return requestLookup({
    key: SOCKET_KEY,
    kind: '999',
    data: {
      isdn: last9(phone) || phone,
      huong_ket_qua: params.huong_ket_qua ?? '',
      startDate: params.startDate ?? '',
      endDate: params.endDate ?? '',
      page: params.page,
      count: params.count,
    },
  }) as Promise<Messages999List>;
}

/**
 * Message centre ('Trung tâm tin nhắn', spec 1 §2.13): the 999 messages of one subscriber,
 * filtered by direction I/O, phone and dates, paged on the server. Pages arrive over the socket
 * (the REST reading GET /api/v1/lookup/messages999 answers the same); errors show the server msg.
 */
export default function MessageCentre() {
  const config = useMemo<ListConfig<Message999, Messages999List>>(
    () => ({
      id: 'messages999',
      title: 'Trung tâm tin nhắn',
      endpoint: LOOKUP_LISTS.messages999,
      manualLoad: true,
      load: loadMessages999,
      rowId: (r) => r._rid,
      mapResponse: (data) => {
        const values = data?.values ?? [];
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
        {
          field: 'ISDN',
          headerName: 'Số thuê bao',
          minWidth: 130,
          render: (r) => lookupPhone(r.ISDN),
          export: { value: (r) => lookupPhone(r.ISDN) },
        },
        {
          field: 'ActionType',
          headerName: 'Hướng',

          kind: 'chip',
          minWidth: 120,
          chip: (r) => ({
            label: r.ActionType === 'I' ? 'I - Đến' : r.ActionType === 'O' ? 'O - Đi' : r.ActionType,
            color: r.ActionType === 'I' ? 'info' : 'success',
          }),
        },
        { field: 'NumberService', headerName: 'Đầu số', minWidth: 110 },
        { field: 'SystemSource', headerName: 'Nguồn', minWidth: 120 },
        { field: 'SMSSyntax', headerName: 'Cú pháp', minWidth: 130 },
        { field: 'SMSContent', headerName: 'Nội dung', flex: 2, minWidth: 220 },
        { field: 'ActionTime', headerName: 'Thời gian', kind: 'datetime', minWidth: 170 },
      ],
    }),
    [],
  );
  return <ListScreen config={config} />;
}
