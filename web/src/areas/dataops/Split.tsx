import { useEffect, useMemo, useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import BlockIcon from '@mui/icons-material/Block';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import DeleteIcon from '@mui/icons-material/Delete';
import InfoIcon from '@mui/icons-material/Info';
import { WORDS } from '../../common/words';
import { errorMsg } from '../../api/client';
import { formatNumber, vnNow } from '../../common/format';
import { useSession } from '../../common/session';
import ImportButton from '../../import/ImportButton';
import type { ImportSpec } from '../../import/sheet';
import ListScreen from '../../list/ListScreen';
import type { ListConfig, ListHandle } from '../../list/types';
import { notify } from '../../store';
import { SPLIT_BASE, SPLIT_IMPORT, splitApi, type DataTarget, type SplitFile } from './api';
import { evenSplit, offeredDates, sectionIncomplete, sectionOnly, sectionsFor, showsRemaining, splitTree } from './rules';
import { isBranchOrAbove, isDataCoordinator, PRIORITY } from '../../api/access';

/** Data-split import rows (spec 3 §3), columns in that order; header row skipped. */
const SPLIT_SPEC: ImportSpec = {
  firstDataRow: 2,
  columns: [
    { col: 0, field: 'so_dien_thoai', parse: 'digits', label: 'Số điện thoại' },
    { col: 1, field: 'loai_thue_bao', label: 'Loại thuê bao' },
    { col: 2, field: 'goi_cuoc', label: 'Gói cước' },
    { col: 3, field: 'ngay_dang_ky', label: 'Ngày đăng ký' },
    { col: 4, field: 'ngay_het_han', label: 'Ngày hết hạn' },
    { col: 5, field: 'chu_ky_hien_tai', label: 'Chu kỳ hiện tại' },
    { col: 6, field: 'trang_thai', label: 'Trạng thái' },
    { col: 7, field: 'goi_co_the_dang_ky', label: 'Gói có thể đăng ký' },
    { col: 8, field: 'so_chu_ky_mien_phi_con_lai', label: 'Số chu kỳ miễn phí còn lại' },
  ],
  finish: (r, fileName) => ({ ...r, FileName: fileName }),
  // Duplicates by phone plus package are dropped before upload (spec 3 §5); the server drops them too.
  dedupeBy: (r) =>
    `${String(r.so_dien_thoai).slice(-9)}|${String(r.goi_cuoc ?? '')
      .trim()
      .toUpperCase()}`,
};

/** 'Tải lên chia data', spec 'Upload chia data' (spec 3 §2.5): files with used/total, activate/stop taking numbers, delete with the warning. */
export function SplitUpload() {
  const listRef = useRef<ListHandle>(null);
  const config = useMemo<ListConfig<SplitFile>>(
    () => ({
      id: 'uploadchiadata',
      title: WORDS.splitUpload,
      endpoint: SPLIT_BASE,
      defaultPageSize: 20,
      rowId: (r) => r.id,
      toolbarExtra: () => (
        <ImportButton
          id="uploadchiadata"
          endpoint={SPLIT_IMPORT}
          spec={SPLIT_SPEC}
          label="Tải file"
          successText={(f, n) => `Tải file thành công: ${f} (${formatNumber(n)} số)`}
          onDone={() => listRef.current?.reload()}
        />
      ),
      columns: [
        { field: '__index', headerName: '#', kind: 'index' },
        { field: 'FileName', headerName: 'Tên file', flex: 1, minWidth: 200 },
        {
          field: 'tong_da_dung',
          headerName: 'Đã dùng/Tổng',
          minWidth: 130,
          render: (r) => <span data-testid={`split-used-${r.FileName}`}>{`${formatNumber(r.tong_da_dung)}/${formatNumber(r.tong)}`}</span>,
        },
        { field: 'is_activated', headerName: 'Lấy số', minWidth: 120, render: (r) => (r.is_activated ? 'Đang kích hoạt' : 'Đã dừng') },
        { field: 'ngay_upload', headerName: 'Ngày tải lên', kind: 'datetime', minWidth: 160 },
        { field: 'nguoi_upload', headerName: 'Người tải lên', minWidth: 140 },
        { field: 'actions', headerName: 'Thao tác', kind: 'actions', width: 170 },
      ],
      rowActions: [
        {
          key: 'info',
          label: 'Thông tin',
          icon: <InfoIcon fontSize="small" />,
          run: async (r) => {
            const i = await splitApi.info(r.FileName);
            notify(
              `${i.FileName}: đã dùng ${formatNumber(i.tong_da_dung)}/${formatNumber(i.tong)}, chưa chia ${formatNumber(i.con_lai_chua_chia)}`,
              'info',
            );
          },
          reload: false,
        },
        {
          key: 'activate',
          label: (r) => (r.is_activated ? 'Dừng lấy số' : 'Kích hoạt lấy số'),
          icon: (r) => (r.is_activated ? <BlockIcon fontSize="small" /> : <CheckCircleIcon fontSize="small" />),
          run: (r) => splitApi.activate(r.FileName, r.is_activated ? 0 : 1),
          successMsg: (_r, res) => (res as { msg?: string })?.msg ?? '',
        },
        {
          key: 'delete',
          label: 'Xóa file',
          icon: <DeleteIcon fontSize="small" />,
          color: 'error',
          confirm: (r) => ({
            title: 'Xóa file',
            message: `Xóa file ${r.FileName}? Sau khi xóa sẽ không lấy được dữ liệu nữa.`,
            danger: true,
          }),
          run: (r) => splitApi.remove(r.FileName),
          successMsg: (r) => `Đã xóa file ${r.FileName}`,
          errorMsg: (r) => `Xóa file ${r.FileName} không thành công`,
        },
      ],
    }),
    [],
  );
  return <ListScreen ref={listRef} config={config} />;
}

const SECTION_TITLE = { branch: 'Theo chi nhánh', leader: 'Theo trưởng nhóm', sale: 'Theo nhân viên' } as const;
const SECTION_PRIORITY = { branch: PRIORITY.branch, leader: PRIORITY.leader, sale: PRIORITY.sales } as const;
type SectionKey = keyof typeof SECTION_TITLE;
interface SectionState {
  username: string;
  files: string[];
  dates: string[];
}

/** What an empty file list means on the permission and split screens: where files come from, and who puts them there. */
function NoSplitFiles() {
  return (
    <Alert severity="info" data-testid="split-no-files">
      Chưa có file chia data nào. Người có quyền &apos;{WORDS.splitUpload}&apos; (quản trị viên) tải file lên ở màn hình &apos;
      {WORDS.splitUpload}&apos; và bấm &apos;Kích hoạt lấy số&apos;; sau đó file hiện ở đây để phân quyền và chia số lượng.
    </Alert>
  );
}

/** Phan quyen data (spec 3 §2.6, §6): sections by role, -99 placeholder, __ALL, file and date checklists. */
export function DataPermission() {
  const session = useSession();
  const me = session.user?.username ?? '';
  const [targets, setTargets] = useState<DataTarget[]>([]);
  const [files, setFiles] = useState<SplitFile[] | null>(null);
  const [ownDates, setOwnDates] = useState<string[]>([]);
  const [state, setState] = useState<Record<SectionKey, SectionState>>({
    branch: { username: '-99', files: [], dates: [] },
    leader: { username: '-99', files: [], dates: [] },
    sale: { username: '-99', files: [], dates: [] },
  });
  useEffect(() => {
    splitApi.targets().then(
      (r) => setTargets(r.values),
      () => undefined,
    );
    splitApi.all().then(
      (r) => setFiles(r.values),
      () => undefined,
    );
    if (me)
      splitApi.optionsOfUser(me).then(
        (r) => setOwnDates(r.ngay),
        () => undefined,
      );
  }, [me]);
  // The section whose chosen person's grants are still loading: its boxes and save wait for them,
  // so what the user ticks meanwhile is not overwritten by the answer, nor saved without it.
  const [loading, setLoading] = useState<Partial<Record<SectionKey, boolean>>>({});
  // Each pick's number per section: only the latest pick's answer counts (two picks of the same
  // person are two loads, and the first answer must not open the boxes while the second is due).
  const picks = useRef<Record<SectionKey, number>>({ branch: 0, leader: 0, sale: 0 });
  const dates = offeredDates(session.priority, vnNow().format('YYYY-MM-DD'), ownDates);
  const set = (k: SectionKey, v: Partial<SectionState>) => setState((s) => ({ ...s, [k]: { ...s[k], ...v } }));
  const pick = async (k: SectionKey, username: string) => {
    const mine = ++picks.current[k];
    const latest = () => picks.current[k] === mine;
    set(k, { username, files: [], dates: [] });
    if (username === '-99' || username === '__ALL') {
      setLoading((l) => ({ ...l, [k]: false }));
      return;
    }
    setLoading((l) => ({ ...l, [k]: true }));
    try {
      const o = await splitApi.optionsOfUser(username);
      if (latest()) set(k, { files: o.files, dates: o.ngay });
    } catch (e) {
      if (latest()) notify(`[Lỗi] ${errorMsg(e)}`, 'error');
    } finally {
      // An answer to an earlier pick changes nothing: the latest pick owns the section.
      if (latest()) setLoading((l) => ({ ...l, [k]: false }));
    }
  };
  const toggle = (list: string[], v: string) => (list.includes(v) ? list.filter((x) => x !== v) : [...list, v]);
  // Each section saves only itself (spec 3 §2.6: a Save button per section); the others go as the placeholder.
  const save = async (k: SectionKey) => {
    const missing = sectionIncomplete(state[k]);
    if (missing) return notify(missing, 'error');
    try {
      const r = await splitApi.savePermissions(sectionOnly(k, state[k]));
      notify(r.msg || 'Đã lưu cài đặt phân quyền!', 'success');
    } catch (e) {
      notify(`[Lỗi] ${errorMsg(e)}`, 'error');
    }
  };
  return (
    <Stack spacing={2} sx={{ p: 2 }} data-testid="phanquyendata">
      {files?.length === 0 && <NoSplitFiles />}
      {sectionsFor(session.priority).map((k) => (
        <Paper key={k} sx={{ p: 2 }} data-testid={`perm-section-${k}`}>
          <Typography variant="h6">{SECTION_TITLE[k]}</Typography>
          <TextField
            select
            size="small"
            label="Tài khoản"
            value={state[k].username}
            onChange={(e) => void pick(k, e.target.value)}
            sx={{ minWidth: 320, my: 1 }}
            slotProps={{ htmlInput: { 'data-testid': `perm-${k}-user` } }}
          >
            <MenuItem value="-99">-- Chọn --</MenuItem>
            <MenuItem value="__ALL">Tất cả</MenuItem>
            {targets
              .filter((t) => t.priority === SECTION_PRIORITY[k])
              .map((t) => (
                <MenuItem key={t.username} value={t.username}>{`${t.username} - ${t.fullname}`}</MenuItem>
              ))}
          </TextField>
          <Typography variant="subtitle2">File</Typography>
          <Box>
            {(files ?? []).map((f) => (
              <FormControlLabel
                key={f.FileName}
                control={
                  <Checkbox
                    size="small"
                    checked={state[k].files.includes(f.FileName)}
                    disabled={loading[k]}
                    onChange={() => set(k, { files: toggle(state[k].files, f.FileName) })}
                  />
                }
                label={showsRemaining(session.priority, k) ? `${f.FileName} (còn ${formatNumber(f.tong - f.tong_da_dung)})` : f.FileName}
              />
            ))}
          </Box>
          <Typography variant="subtitle2">Ngày</Typography>
          <Box>
            {dates.map((d) => (
              <FormControlLabel
                key={d}
                control={
                  <Checkbox
                    size="small"
                    checked={state[k].dates.includes(d)}
                    disabled={loading[k]}
                    onChange={() => set(k, { dates: toggle(state[k].dates, d) })}
                  />
                }
                label={d.split('-').reverse().join('/')}
              />
            ))}
          </Box>
          <Box sx={{ mt: 1 }}>
            <Button variant="contained" onClick={() => void save(k)} disabled={loading[k]} data-testid={`perm-save-${k}`}>
              Lưu {SECTION_TITLE[k].toLowerCase()}
            </Button>
          </Box>
        </Paper>
      ))}
    </Stack>
  );
}

/** Chia data (spec 3 §2.7): choose a file, its total, quantities per branch with leader/salesman drill-down, even split, save. */
export function DataSplit() {
  const session = useSession();
  const [files, setFiles] = useState<SplitFile[] | null>(null);
  const [file, setFile] = useState<SplitFile | null>(null);
  const [targets, setTargets] = useState<DataTarget[]>([]);
  const [qty, setQty] = useState<Record<string, number>>({});
  const [left, setLeft] = useState(0);
  const [show, setShow] = useState<{ leader: boolean; sale: boolean }>({ leader: false, sale: false });
  useEffect(() => {
    splitApi.all().then(
      (r) => setFiles(r.values),
      () => undefined,
    );
    splitApi.targets().then(
      (r) => setTargets(r.values),
      () => undefined,
    );
  }, []);
  const choose = async (f: SplitFile | null) => {
    setFile(f);
    setQty({});
    if (!f) return;
    const o = await splitApi.optionsOfFile(f.FileName).catch(() => null);
    if (o) {
      setQty(Object.fromEntries(o.values.map((v) => [v.username, v.quantity])));
      setLeft(o.con_lai);
    }
  };
  // Leaders and salespeople nested under their branch (the buttons open each level).
  const rows = splitTree(targets, show);
  const visible = rows.map((r) => r.target);
  const canEdit = isBranchOrAbove(session.priority) || isDataCoordinator(session.priority);
  const save = async () => {
    if (!file) return notify('Chưa chọn file để chia data', 'error');
    try {
      const r = await splitApi.saveQuantities(
        file.FileName,
        Object.entries(qty).map(([username, quantity]) => ({ username, quantity: Number(quantity) || 0 })),
      );
      notify(r.msg || 'Đã lưu cài đặt', 'success');
      void choose(file);
    } catch (e) {
      notify(`[Lỗi] ${errorMsg(e)}`, 'error');
    }
  };
  return (
    <Stack spacing={2} sx={{ p: 2 }} data-testid="chiadata">
      {files?.length === 0 && <NoSplitFiles />}
      <Autocomplete
        options={files ?? []}
        getOptionLabel={(f) => f.FileName}
        value={file}
        onChange={(_e, f) => void choose(f)}
        renderInput={(p) => (
          <TextField
            {...p}
            label="Chọn file"
            size="small"
            slotProps={{ ...p.slotProps, htmlInput: { ...p.slotProps.htmlInput, 'data-testid': 'split-file' } }}
          />
        )}
        sx={{ maxWidth: 420 }}
      />
      <Typography data-testid="split-total">
        Tổng số: {formatNumber(file?.tong ?? 0)} — chưa chia: {formatNumber(file ? left : 0)}
      </Typography>
      <Stack direction="row" spacing={1}>
        <Button
          variant={show.leader ? 'contained' : 'outlined'}
          aria-pressed={show.leader}
          onClick={() => setShow((s) => ({ ...s, leader: !s.leader }))}
        >
          Danh sách trưởng nhóm
        </Button>
        <Button
          variant={show.sale ? 'contained' : 'outlined'}
          aria-pressed={show.sale}
          onClick={() => setShow((s) => ({ ...s, sale: !s.sale }))}
        >
          Danh sách nhân viên
        </Button>
        <Button
          variant="outlined"
          disabled={!file || visible.length === 0}
          onClick={() =>
            setQty((q) => ({ ...q, ...Object.fromEntries(visible.map((t) => [t.username, evenSplit(file?.tong ?? 0, visible.length)])) }))
          }
          data-testid="split-even"
        >
          Chia đều
        </Button>
      </Stack>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>Tài khoản</TableCell>
            <TableCell>Họ tên</TableCell>
            <TableCell>Số lượng</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map(({ target: t, depth }) => (
            <TableRow key={t.username} data-testid={`split-row-${t.username}`} data-depth={depth}>
              <TableCell sx={{ pl: 2 + depth * 3, fontWeight: depth === 0 ? 600 : undefined }}>{t.username}</TableCell>
              <TableCell>{t.fullname}</TableCell>
              <TableCell>
                {canEdit && (
                  <TextField
                    type="number"
                    size="small"
                    value={qty[t.username] ?? 0}
                    onChange={(e) => setQty((q) => ({ ...q, [t.username]: Math.max(0, Math.floor(Number(e.target.value) || 0)) }))}
                    slotProps={{
                      htmlInput: { min: 0, 'aria-label': `Số lượng chia cho ${t.username}`, 'data-testid': `split-qty-${t.username}` },
                    }}
                  />
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Box>
        <Button variant="contained" onClick={() => void save()} data-testid="split-save">
          Lưu
        </Button>
      </Box>
    </Stack>
  );
}
