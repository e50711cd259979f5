import { useRef, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
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
import FileUploadIcon from '@mui/icons-material/FileUpload';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import type { Route } from '../api/route';
import { formatNumber } from '../common/format';
import { notify } from '../store';
import {
  chunk,
  expectedColumns,
  importErrorsLabel,
  localRowErrors,
  sheetCells,
  templateRows,
  IMPORT_CHUNK_SIZE,
  mapSheetRows,
  sendChunks,
  type ChunkReply,
  type ImportOutcome,
  type ImportSpec,
  type RowError,
  type SheetRow,
} from './sheet';

/** An import route: its rows go as the body, the file's name and the sheet row of rows[0] in the query string. */
export type ImportRoute = Pick<Route<unknown, ChunkReply>, 'send'>;

export interface ImportButtonProps {
  /** Test-id prefix: `<id>-import` (button), `-import-file`, `-import-preview`, `-import-progress`, `-import-errors` (dialog), `-import-errors-button`. */
  id: string;
  /** The import route of the generated client (api/gen/routes.ts): ≤ 200 rows a call, with file_name and first_row. */
  endpoint: ImportRoute;
  spec: ImportSpec;
  label?: string;
  /** Show the mapped rows before sending (page sizes 20/50/100, spec 3 §2.3). */
  preview?: boolean;
  chunkSize?: number;
  /** After the last chunk (e.g. reload the list). */
  onDone?: (outcome: ImportOutcome) => void;
  /** Success text (default: the file name and the number of records saved, spec 1 §2.8). */
  successText?: (fileName: string, saved: number) => string;
  /** Name of the template file offered beside the button (default: 'File mẫu - <label>'). */
  templateName?: string;
}

/** The expected columns, as a line above a preview or a list of refused rows. */
function ExpectedColumns({ id, spec }: { id: string; spec: ImportSpec }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid={`${id}-import-columns`}>
      Cột cần có (dữ liệu từ dòng {spec.firstDataRow ?? 2}): {expectedColumns(spec).join(' · ')}
    </Typography>
  );
}

/** Writes the template: the header row as the import reads it, and the example row if any. */
async function downloadTemplate(spec: ImportSpec, name: string) {
  const XLSX = await import('xlsx');
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(templateRows(spec)), 'Sheet1');
  XLSX.writeFile(wb, `${name}.xlsx`);
}

const defaultSuccess = (fileName: string, saved: number) => `${fileName}: đã lưu ${formatNumber(saved)} bản ghi`;

/** The first sheet of the chosen file as arrays of cells (xlsx loaded on first use). */
async function readFirstSheet(file: File): Promise<unknown[][]> {
  return sheetCells(await import('xlsx'), await file.arrayBuffer());
}

function PreviewDialog({
  id,
  spec,
  rows,
  onCancel,
  onSend,
}: {
  id: string;
  spec: ImportSpec;
  rows: SheetRow[];
  onCancel: () => void;
  onSend: (chosen: SheetRow[]) => void;
}) {
  const [page, setPage] = useState(0);
  const [size, setSize] = useState(20);
  // Every row is chosen at first (spec 3 §2.3: preview, select-all, save the chosen rows); the
  // header box chooses or clears all rows of every page.
  const [chosen, setChosen] = useState<ReadonlySet<number>>(() => new Set(rows.map((r) => r.rowNumber)));
  const all = chosen.size === rows.length;
  const toggle = (n: number) =>
    setChosen((c) => {
      const next = new Set(c);
      if (!next.delete(n)) next.add(n);
      return next;
    });
  return (
    <Dialog open onClose={onCancel} maxWidth="lg" fullWidth data-testid={`${id}-import-preview`}>
      <DialogTitle>
        Xem trước dữ liệu nhập ({formatNumber(rows.length)} dòng, đã chọn {formatNumber(chosen.size)})
      </DialogTitle>
      <DialogContent dividers>
        <ExpectedColumns id={id} spec={spec} />
        <TableContainer sx={{ maxHeight: 480 }}>
          <Table size="small" stickyHeader>
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={all}
                    indeterminate={chosen.size > 0 && !all}
                    onChange={() => setChosen(all ? new Set() : new Set(rows.map((r) => r.rowNumber)))}
                    slotProps={{ input: { 'aria-label': 'Chọn tất cả', 'data-testid': `${id}-import-select-all` } as object }}
                  />
                </TableCell>
                <TableCell>Dòng</TableCell>
                {spec.columns.map((c) => (
                  <TableCell key={c.field}>{c.label}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.slice(page * size, page * size + size).map((r) => (
                <TableRow key={r.rowNumber} selected={chosen.has(r.rowNumber)}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={chosen.has(r.rowNumber)}
                      onChange={() => toggle(r.rowNumber)}
                      slotProps={{
                        input: { 'aria-label': `Chọn dòng ${r.rowNumber}`, 'data-testid': `${id}-import-select-${r.rowNumber}` } as object,
                      }}
                    />
                  </TableCell>
                  <TableCell>{r.rowNumber}</TableCell>
                  {spec.columns.map((c) => (
                    <TableCell key={c.field} sx={{ whiteSpace: 'pre-line' }}>
                      {String(r.data[c.field] ?? '')}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
        <TablePagination
          component="div"
          count={rows.length}
          page={page}
          onPageChange={(_, p) => setPage(p)}
          rowsPerPage={size}
          rowsPerPageOptions={[20, 50, 100]}
          onRowsPerPageChange={(e) => {
            setSize(Number(e.target.value));
            setPage(0);
          }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Hủy</Button>
        <Button
          variant="contained"
          disabled={chosen.size === 0}
          onClick={() => onSend(rows.filter((r) => chosen.has(r.rowNumber)))}
          data-testid={`${id}-import-send`}
        >
          Nhập dữ liệu
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function RowErrorsDialog({ id, spec, errors, onClose }: { id: string; spec: ImportSpec; errors: RowError[]; onClose: () => void }) {
  return (
    <Dialog open onClose={onClose} maxWidth="md" fullWidth data-testid={`${id}-import-errors`}>
      <DialogTitle>Các dòng nhập lỗi ({formatNumber(errors.length)})</DialogTitle>
      <DialogContent dividers>
        <ExpectedColumns id={id} spec={spec} />
        <TableContainer sx={{ maxHeight: 480 }}>
          <Table size="small" stickyHeader>
            <TableHead>
              <TableRow>
                <TableCell>Dòng</TableCell>
                <TableCell>Lỗi</TableCell>
                <TableCell>Dữ liệu</TableCell>
                <TableCell>File</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {errors.map((e, i) => (
                <TableRow key={i} data-testid={`${id}-import-error-row`} data-row={e.row}>
                  <TableCell>{e.row}</TableCell>
                  <TableCell>{e.error_type}</TableCell>
                  <TableCell sx={{ wordBreak: 'break-word', fontSize: 12 }} data-testid={`${id}-import-error-data`}>
                    {e.error_data}
                  </TableCell>
                  <TableCell>{e.error_file}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid={`${id}-import-errors-close`}>
          Đóng
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * 'Nhập Excel': reads the first sheet, maps its columns, optionally previews, sends 200-row chunks
 * with a progress bar, sums `data.saved`, lists the refused rows (again from the 'Lỗi nhập (n)'
 * button until an import without refusals), and offers to send again the chunks that got no
 * answer (safe: the servers dedupe re-sent rows).
 */
export default function ImportButton({
  id,
  endpoint,
  spec,
  label = 'Nhập Excel',
  preview = false,
  chunkSize = IMPORT_CHUNK_SIZE,
  onDone,
  successText = defaultSuccess,
  templateName,
}: ImportButtonProps) {
  const input = useRef<HTMLInputElement>(null);
  const [fileName, setFileName] = useState('');
  const [rows, setRows] = useState<SheetRow[] | null>(null);
  const [progress, setProgress] = useState<{ done: number; total: number; failed: SheetRow[][]; failMsg: string } | null>(null);
  // The last import's refused rows: the dialog opens by itself after the import, and the
  // 'Lỗi nhập (n)' button reopens it while they exist (spec 1 §2.8).
  const [errors, setErrors] = useState<RowError[]>([]);
  const [errorsOpen, setErrorsOpen] = useState(false);
  const showErrors = (errs: RowError[]) => {
    setErrors(errs);
    setErrorsOpen(errs.length > 0);
  };
  const [busy, setBusy] = useState(false);
  // Rows the sheet's own cells refuse (never sent): reported with the server's refusals.
  const refusedHere = useRef<RowError[]>([]);
  // What a 'Gửi lại' carries over from the first pass: file name, refused rows, rows saved.
  const retryState = useRef<{ name: string; errors: RowError[]; saved: number }>({ name: '', errors: [], saved: 0 });

  const send = async (chunks: SheetRow[][], name: string, carried: RowError[] = refusedHere.current, savedBefore = 0) => {
    const total = chunks.reduce((n, c) => n + c.length, 0);
    setBusy(true);
    setProgress({ done: 0, total, failed: [], failMsg: '' });
    const outcome = await sendChunks(
      chunks,
      (body, firstRow) => endpoint.send({ rows: body, file_name: name, first_row: firstRow }),
      (done) => setProgress((p) => (p ? { ...p, done } : p)),
      name,
    );
    setBusy(false);
    const saved = savedBefore + outcome.saved;
    const allErrors = [...carried, ...outcome.errors];
    if (outcome.failed.length) {
      // Keep the dialog open with a 'Gửi lại' button for the chunks that got no answer.
      setProgress({ done: total, total, failed: outcome.failed, failMsg: outcome.failMsg });
      retryState.current = { name, errors: allErrors, saved };
      return;
    }
    setProgress(null);
    notify(successText(name, saved), allErrors.length ? 'warning' : 'success');
    showErrors(allErrors);
    onDone?.({ saved, errors: allErrors, failed: [], failMsg: '' });
  };

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      const cells = await readFirstSheet(file);
      const all = mapSheetRows(cells, spec, file.name);
      refusedHere.current = localRowErrors(all, file.name);
      const mapped = all.filter((r) => !r.problems?.length);
      if (mapped.length === 0) {
        // Nothing read: most often the data is in other columns than the template's, so name them.
        const expected = `Cột cần có: ${expectedColumns(spec).join(' · ')}`;
        notify(
          refusedHere.current.length
            ? `${file.name}: không có dòng nào đọc được`
            : `Không có dòng dữ liệu nào để nhập. ${expected} (dữ liệu từ dòng ${spec.firstDataRow ?? 2})`,
          'warning',
        );
        showErrors(refusedHere.current);
        return;
      }
      setFileName(file.name);
      if (preview) setRows(mapped);
      else await send(chunk(mapped, chunkSize), file.name);
    } catch (e) {
      console.error('import', e);
      notify(`[Lỗi] Không đọc được file ${file.name}`, 'error');
    } finally {
      if (input.current) input.current.value = '';
    }
  };

  const pct = progress && progress.total ? Math.round((progress.done / progress.total) * 100) : 0;
  return (
    <>
      <Button
        variant="outlined"
        startIcon={<FileUploadIcon />}
        onClick={() => input.current?.click()}
        disabled={busy}
        data-testid={`${id}-import`}
      >
        {label}
      </Button>
      <Button
        variant="text"
        startIcon={<FileDownloadIcon />}
        onClick={() => void downloadTemplate(spec, templateName ?? `File mẫu - ${label}`)}
        title={`Cột cần có: ${expectedColumns(spec).join(' · ')}`}
        data-testid={`${id}-import-template`}
      >
        File mẫu
      </Button>
      {errors.length > 0 && (
        <Button
          variant="outlined"
          color="error"
          startIcon={<ErrorOutlineIcon />}
          onClick={() => setErrorsOpen(true)}
          data-testid={`${id}-import-errors-button`}
        >
          {importErrorsLabel(errors.length)}
        </Button>
      )}
      <input
        ref={input}
        type="file"
        hidden
        accept=".xlsx,.xls,.csv"
        data-testid={`${id}-import-file`}
        onChange={(e) => void onFile(e.target.files?.[0])}
      />
      {rows && (
        <PreviewDialog
          id={id}
          spec={spec}
          rows={rows}
          onCancel={() => setRows(null)}
          onSend={(chosenRows) => {
            setRows(null);
            void send(chunk(chosenRows, chunkSize), fileName);
          }}
        />
      )}
      {progress && (
        <Dialog open maxWidth="xs" fullWidth data-testid={`${id}-import-progress`}>
          <DialogTitle>Nhập dữ liệu: {fileName}</DialogTitle>
          <DialogContent>
            <LinearProgress variant="determinate" value={pct} aria-label="Tiến độ nhập" sx={{ height: 8, borderRadius: 1 }} />
            <Typography variant="body2" sx={{ mt: 1 }}>
              {formatNumber(progress.done)} / {formatNumber(progress.total)} dòng
            </Typography>
            {progress.failed.length > 0 && (
              <Box sx={{ mt: 1 }}>
                <Typography color="error" variant="body2" data-testid={`${id}-import-failed`}>
                  {formatNumber(progress.failed.reduce((n, c) => n + c.length, 0))} dòng chưa gửi được
                  {progress.failMsg ? `: ${progress.failMsg}` : ''}
                </Typography>
              </Box>
            )}
          </DialogContent>
          {progress.failed.length > 0 && (
            <DialogActions>
              <Button
                onClick={() => {
                  const { name, errors: errs, saved } = retryState.current;
                  setProgress(null);
                  notify(successText(name, saved), 'warning');
                  showErrors(errs);
                  onDone?.({ saved, errors: errs, failed: progress.failed, failMsg: progress.failMsg });
                }}
              >
                Đóng
              </Button>
              <Button
                variant="contained"
                data-testid={`${id}-import-resend`}
                onClick={() => {
                  const { name, errors: errs, saved } = retryState.current;
                  void send(progress.failed, name, errs, saved);
                }}
              >
                Gửi lại
              </Button>
            </DialogActions>
          )}
        </Dialog>
      )}
      {errorsOpen && errors.length > 0 && <RowErrorsDialog id={id} spec={spec} errors={errors} onClose={() => setErrorsOpen(false)} />}
    </>
  );
}
