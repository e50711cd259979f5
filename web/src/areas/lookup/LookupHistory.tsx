import { useMemo, useRef } from 'react';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import Box from '@mui/material/Box';
import ListScreen from '../../list/ListScreen';
import type { ListConfig, ListHandle, ListResult } from '../../list/types';
import ImportButton from '../../import/ImportButton';
import { LOOKUP_LOG_IMPORT_SPEC } from './lookupLogImport';
import { staffPickerOptions } from '../../common/refdata';
import { usersApi } from '../accounts/api';
import { LOOKUP_LISTS, LOOKUP_LOG_IMPORT, type LookupLog, type LookupLogList, type NameCount } from './api';
import { formatNumber, monthStart, today } from '../../common/format';
import { LOOKUP_LABELS } from '../../api/lookups';
import { lookupPhone } from './ResultViews';

/** A lookup-log row (spec 3 §3). The server masks the phone (and phones in the content) by priority. */
export type LookupLogRow = LookupLog;

/** Counts by lookup name over the whole filter (data.countByName). */
function CountsPanel({ data }: { data: ListResult<LookupLogRow, LookupLogList> | null }) {
  const counts: NameCount[] = data?.raw?.countByName ?? [];
  return (
    <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="lstracuu-counts">
      <Typography variant="subtitle2" sx={{ mb: 1 }}>
        Số lượt tra cứu theo loại
      </Typography>
      <Box sx={{ maxWidth: 560 }}>
        <Table size="small" aria-label="Số lượt tra cứu theo loại">
          <TableHead>
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>Loại tra cứu</TableCell>
              <TableCell sx={{ fontWeight: 600 }} align="right">
                Số lượt
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {counts.length === 0 ? (
              <TableRow>
                <TableCell colSpan={2}>
                  <Typography variant="body2" color="text.secondary">
                    Không có dữ liệu
                  </Typography>
                </TableCell>
              </TableRow>
            ) : (
              counts.map((c) => (
                <TableRow key={c.ten_tra_cuu} data-testid="lstracuu-count" data-name={c.ten_tra_cuu}>
                  <TableCell>{c.ten_tra_cuu}</TableCell>
                  <TableCell align="right" data-testid="lstracuu-count-value">
                    {formatNumber(c.count)}
                  </TableCell>
                </TableRow>
              ))
            )}
            <TableRow>
              <TableCell sx={{ fontWeight: 600 }}>Tổng</TableCell>
              <TableCell align="right" sx={{ fontWeight: 600 }} data-testid="lstracuu-count-total">
                {formatNumber(data?.count ?? 0)}
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </Box>
    </Paper>
  );
}

/**
 * Lookup history (/sys/lstracuu, 'Lịch sử tra cứu', spec 3 §2.12): staff picker, content search,
 * dates; counts by lookup name; the history table (staff, phone, lookup, content, time); export
 * (every row, getAll=true) hidden for priority 5.
 */
export default function LookupHistory() {
  const listRef = useRef<ListHandle>(null);
  const config = useMemo<ListConfig<LookupLogRow, LookupLogList>>(
    () => ({
      id: 'lstracuu',
      title: 'Lịch sử tra cứu',
      endpoint: LOOKUP_LISTS.lookupLog,
      filters: [
        {
          key: 'username',
          type: 'staff',
          label: 'Nhân viên',
          allLabel: 'Tất cả nhân viên',
          loadOptions: () => usersApi.allStaff().then(staffPickerOptions),
          width: 280,
        },
        { key: 'noi_dung', type: 'text', label: 'Nội dung', placeholder: 'Tìm trong nội dung', width: 220 },
        {
          key: 'ten_tra_cuu',
          type: 'select',
          label: 'Loại tra cứu',
          allLabel: 'Tất cả',
          options: LOOKUP_LABELS.map((l) => ({ value: l, label: l })),
          width: 260,
        },
        { key: 'startDate', type: 'date', label: 'Từ ngày', default: () => monthStart() },
        { key: 'endDate', type: 'date', label: 'Đến ngày', default: () => today() },
      ],
      export: { fileName: 'LICH-SU-TRA-CUU.xlsx', query: { getAll: true } },
      toolbarExtra: () => (
        <ImportButton
          id="lstracuu"
          endpoint={LOOKUP_LOG_IMPORT}
          spec={LOOKUP_LOG_IMPORT_SPEC}
          preview
          onDone={() => listRef.current?.reload()}
        />
      ),
      summary: (data) => <CountsPanel data={data} />,
      columns: [
        { field: 'index', headerName: '#', kind: 'index' },
        { field: 'username', headerName: 'Nhân viên', minWidth: 180, value: (r) => [r.username, r.full_name].filter(Boolean).join(' - ') },
        { field: 'so_dien_thoai', headerName: 'Số điện thoại', minWidth: 130, value: (r) => lookupPhone(r.so_dien_thoai) },
        { field: 'ten_tra_cuu', headerName: 'Loại tra cứu', minWidth: 220 },
        {
          field: 'noi_dung',
          headerName: 'Nội dung',
          flex: 2,
          minWidth: 260,
          render: (r) => (
            <Box component="span" sx={{ whiteSpace: 'pre-line', lineHeight: 1.5 }}>
              {r.noi_dung}
            </Box>
          ),
        },
        { field: 'createdAt', headerName: 'Thời gian', kind: 'datetime', minWidth: 170 },
      ],
    }),
    [],
  );
  return <ListScreen ref={listRef} config={config} />;
}
