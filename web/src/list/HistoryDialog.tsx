import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { api, errorMsg } from '../api/client';
import { formatNumber } from '../common/format';
import { HISTORY_EMPTY, HISTORY_PAGE_SIZES, historyLines, type AuditEntry } from './history';
import type { HistoryConfig, Row } from './types';

const valueCell = { whiteSpace: 'pre-wrap', wordBreak: 'break-word', maxWidth: 260 } as const;

/**
 * The audit trail of one row: who changed which field from what to what, and when, newest first,
 * paged by the server (10/25). Opened by the list's history row action.
 */
export default function HistoryDialog<R extends Row>({
  listId,
  config,
  row,
  onClose,
}: {
  listId: string;
  config: HistoryConfig<R>;
  row: R;
  onClose: () => void;
}) {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(HISTORY_PAGE_SIZES[0]);
  const [data, setData] = useState<{ values: AuditEntry[]; count: number } | null>(null);
  const [failure, setFailure] = useState('');
  const endpoint = config.endpoint(row);

  useEffect(() => {
    const ac = new AbortController();
    setFailure('');
    api
      .get<{ values?: AuditEntry[]; count?: number | string }>(endpoint, { page: page + 1, count: size }, { signal: ac.signal })
      .then((d) => {
        if (!ac.signal.aborted) setData({ values: d?.values ?? [], count: Number(d?.count ?? 0) || 0 });
      })
      .catch((e) => {
        if ((e as Error)?.name === 'AbortError' || ac.signal.aborted) return;
        setFailure(`[Lỗi] ${errorMsg(e) || (e as Error)?.message || ''}`.trim());
        setData({ values: [], count: 0 });
      });
    return () => ac.abort();
  }, [endpoint, page, size]);

  const lines = historyLines(data?.values ?? [], config);
  const title = config.title?.(row) ?? 'Lịch sử thay đổi';
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid={`${listId}-history-dialog`}>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent dividers>
        {data === null && <LinearProgress aria-label="Đang tải lịch sử" />}
        {failure && (
          <Alert severity="error" sx={{ mb: 1 }} data-testid={`${listId}-history-error`}>
            {failure}
          </Alert>
        )}
        {data !== null && !failure && data.count === 0 && (
          <Typography color="text.secondary" sx={{ py: 2, textAlign: 'center' }} data-testid={`${listId}-history-empty`}>
            {HISTORY_EMPTY}
          </Typography>
        )}
        {lines.length > 0 && (
          <TableContainer sx={{ maxHeight: 480 }}>
            <Table size="small" stickyHeader>
              <TableHead>
                <TableRow>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>Thời gian</TableCell>
                  <TableCell>Người thực hiện</TableCell>
                  <TableCell>Trường</TableCell>
                  <TableCell>Từ</TableCell>
                  <TableCell>Thành</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {lines.map((l) => (
                  <TableRow key={l.key} data-testid={`${listId}-history-row`} data-field={l.fieldName}>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>{l.time}</TableCell>
                    <TableCell>{l.who}</TableCell>
                    <TableCell>{l.field}</TableCell>
                    <TableCell sx={valueCell}>{l.from}</TableCell>
                    <TableCell sx={valueCell}>{l.to}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
        {data !== null && data.count > 0 && (
          <TablePagination
            component="div"
            count={data.count}
            page={page}
            onPageChange={(_, p) => setPage(p)}
            rowsPerPage={size}
            rowsPerPageOptions={HISTORY_PAGE_SIZES}
            labelRowsPerPage="Số dòng mỗi trang:"
            labelDisplayedRows={({ from, to, count }) => `${from}–${to} / ${formatNumber(count)}`}
            onRowsPerPageChange={(e) => {
              setSize(Number(e.target.value));
              setPage(0);
            }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid={`${listId}-history-close`}>
          Đóng
        </Button>
      </DialogActions>
    </Dialog>
  );
}
