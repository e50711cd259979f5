import { useEffect, useMemo, useRef, useState } from 'react';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import DeleteIcon from '@mui/icons-material/Delete';
import DownloadIcon from '@mui/icons-material/Download';
import InfoIcon from '@mui/icons-material/Info';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import StopIcon from '@mui/icons-material/Stop';
import { emitRealtime, onPush, onRealtime } from '../../api/realtime';
import { formatNumber } from '../../common/format';
import ImportButton from '../../import/ImportButton';
import type { ImportSpec } from '../../import/sheet';
import ListScreen from '../../list/ListScreen';
import { writeExcel } from '../../list/exportExcel';
import type { ColumnDef, ListConfig, ListHandle, Row } from '../../list/types';
import { notify } from '../../store';
import { useAppSelector } from '../../store/hooks';
import { SCAN_SCREENS, scanApi, type ScanFile, type ScanInfo, type ScanKind } from './api';
import { PUSHES } from '../../api/gen/pushes';
import { processedFileName, SCAN_STATE_LABEL } from './rules';
import { exportColumns } from './scanExport';

/** Spec 3 §5 "Scan upload": the first column of the first sheet holds the phones (a header row is skipped). */
const scanImportSpec = (): ImportSpec => ({
  firstDataRow: 1,
  columns: [{ col: 0, field: 'PhoneNumber', parse: 'digits', label: 'Số điện thoại' }],
  skip: (r) => !String(r.PhoneNumber ?? '').replace(/\D/g, ''),
  // One scan per number (spec 3 §2.4): repeats of a phone in the file are dropped before upload.
  dedupeBy: (r) => String(r.PhoneNumber).slice(-9),
  finish: (r, fileName) => ({ PhoneNumber: r.PhoneNumber, FileName: fileName }),
});

/** Scanned/total and state of one file, moved by the pushes (no polling). */
function useLive(kind: ScanKind, row: ScanFile) {
  const [live, setLive] = useState({ scanned: row.so_da_quet, total: row.total_numbers, state: row.state, reason: row.reason });
  useEffect(
    () => setLive({ scanned: row.so_da_quet, total: row.total_numbers, state: row.state, reason: row.reason }),
    [row.so_da_quet, row.total_numbers, row.state, row.reason],
  );
  useEffect(
    () =>
      onPush(PUSHES.ScanProgress, (p) => {
        if (p.kind === kind && p.FileName === row.FileName)
          setLive({ scanned: p.scanned, total: p.total, state: p.state, reason: p.reason });
      }),
    [kind, row.FileName],
  );
  return live;
}

function LiveCount({ kind, row }: { kind: ScanKind; row: ScanFile }) {
  const live = useLive(kind, row);
  return (
    <span data-testid={`scan-count-${row.FileName}`} data-scanned={live.scanned} data-total={live.total}>
      {formatNumber(live.scanned)}/{formatNumber(live.total)}
    </span>
  );
}

function LiveState({ kind, row }: { kind: ScanKind; row: ScanFile }) {
  const live = useLive(kind, row);
  const color =
    live.state === 'running'
      ? 'info'
      : live.state === 'done'
        ? 'success'
        : live.state === 'failed'
          ? 'error'
          : live.state === 'stopped'
            ? 'warning'
            : 'default';
  return (
    <Chip
      size="small"
      color={color}
      label={live.reason ? `${SCAN_STATE_LABEL[live.state] ?? live.state}: ${live.reason}` : (SCAN_STATE_LABEL[live.state] ?? live.state)}
      data-testid={`scan-state-${row.FileName}`}
      data-state={live.state}
    />
  );
}

/**
 * A scan screen (spec 3 §2.4): upload, table of files paged by 20 with a live scanned/total, and
 * per file Info, Scan, Stop (socket commands of §7.2 with {token, FileName}), export DA-XU-LY-{file}
 * and delete after the warning that all scan data goes too.
 */
function ScanScreen({ kind }: { kind: ScanKind }) {
  const meta = SCAN_SCREENS[kind];
  const calls = useMemo(() => scanApi(kind), [kind]);
  const listRef = useRef<ListHandle>(null);
  const token = useAppSelector((s) => s.auth.accessToken) ?? '';
  const [info, setInfo] = useState<ScanInfo | null>(null);
  const id = `scan-${kind}`;

  // The command replies: a refusal (another's file, finished file…) is shown with the server's msg.
  useEffect(() => {
    const offs = [meta.start, meta.stop].map((command) =>
      onRealtime(command.replyEvent, (r: { status?: number; msg?: string }) => {
        if (r && r.status !== 200) notify(`[Lỗi] ${r.msg ?? ''}`, 'error');
      }),
    );
    return () => offs.forEach((off) => off());
  }, [meta]);

  const config = useMemo<ListConfig<ScanFile>>(
    () => ({
      id,
      title: meta.title,
      endpoint: calls.base,
      defaultPageSize: 20,
      pageSizes: [20],
      rowId: (r) => r.id,
      toolbarExtra: () => (
        <ImportButton
          id={id}
          endpoint={calls.upload}
          spec={scanImportSpec()}
          label="Tải file"
          successText={(f, n) => `Tải file thành công: ${f} (${formatNumber(n)} số)`}
          onDone={() => listRef.current?.reload()}
        />
      ),
      columns: [
        { field: '__index', headerName: '#', kind: 'index' },
        { field: 'FileName', headerName: 'Tên file', flex: 1, minWidth: 200 },
        { field: 'so_da_quet', headerName: 'Đã quét/Tổng', minWidth: 140, render: (r) => <LiveCount kind={kind} row={r} /> },
        { field: 'state', headerName: 'Trạng thái', minWidth: 140, render: (r) => <LiveState kind={kind} row={r} /> },
        { field: 'ngay_upload', headerName: 'Ngày tải lên', kind: 'datetime', minWidth: 160 },
        { field: 'nguoi_upload', headerName: 'Người tải lên', minWidth: 140 },
        { field: 'actions', headerName: 'Thao tác', kind: 'actions', width: 220 },
      ],
      rowActions: [
        {
          key: 'info',
          label: 'Thông tin',
          icon: <InfoIcon fontSize="small" />,
          run: async (r) => setInfo(await calls.info(r.FileName)),
          reload: false,
        },
        {
          key: 'start',
          label: 'Quét',
          icon: <PlayArrowIcon fontSize="small" />,
          color: 'success',
          run: (r) => void emitRealtime(meta.start.event, { token, FileName: r.FileName }).then(() => notify('Bắt đầu quét', 'info')),
          reload: false,
        },
        {
          key: 'stop',
          label: 'Dừng',
          icon: <StopIcon fontSize="small" />,
          color: 'warning',
          run: (r) =>
            void emitRealtime(meta.stop.event, { token, FileName: r.FileName }).then(() => notify('Đã yêu cầu dừng quét', 'info')),
          reload: false,
        },
        {
          key: 'export',
          label: 'Xuất file',
          icon: <DownloadIcon fontSize="small" />,
          run: async (r) => {
            const all = await calls.all(r.FileName);
            await writeExcel(processedFileName(r.FileName), exportColumns(kind) as ColumnDef[], all.values as Row[]);
          },
          reload: false,
          errorMsg: 'Xuất file không thành công',
        },
        {
          key: 'delete',
          label: 'Xóa file',
          icon: <DeleteIcon fontSize="small" />,
          color: 'error',
          confirm: (r) => ({
            title: 'Xóa file',
            message: `Xóa file ${r.FileName}? Toàn bộ dữ liệu quét của file cũng bị xóa.`,
            danger: true,
          }),
          run: (r) => calls.remove(r.FileName),
          successMsg: (r) => `Đã xóa file ${r.FileName}`,
          errorMsg: (r) => `Xóa file ${r.FileName} không thành công`,
        },
      ],
    }),
    [id, meta, kind, calls, token],
  );

  return (
    <>
      <ListScreen ref={listRef} config={config} />
      <Dialog open={!!info} onClose={() => setInfo(null)} data-testid={`${id}-info`}>
        <DialogTitle>Thông tin file {info?.FileName}</DialogTitle>
        <DialogContent dividers>
          <Typography>Đã quét: {formatNumber(info?.so_da_quet ?? 0)}</Typography>
          <Typography>Tổng số: {formatNumber(info?.total_numbers ?? 0)}</Typography>
          <Typography>Người tải lên: {info?.nguoi_upload}</Typography>
          <Typography sx={{ mt: 1 }}>Gói đã quét:</Typography>
          {(info?.goi_da_quet ?? []).slice(0, 50).map((g) => (
            <Typography key={g.goi} variant="body2">
              {g.goi}: {formatNumber(g.count)}
            </Typography>
          ))}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setInfo(null)}>Đóng</Button>
        </DialogActions>
      </Dialog>
    </>
  );
}

export const QuetData = () => <ScanScreen kind="quetdata" />;
export const QuetDataKhongGoi = () => <ScanScreen kind="quetdatakhonggoi" />;
export const QuetDtct = () => <ScanScreen kind="quetdtct" />;
