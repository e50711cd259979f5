import { useEffect, useMemo, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
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
import { errorMsg } from '../../api/client';
import { formatNumber } from '../../common/format';
import { useSession } from '../../common/session';
import { notify } from '../../store';
import { careApi, type StaffOptionList, type Upload } from './api';
import { isBranch, isBranchOrAbove, isDataCoordinator, isLeader, isSales } from '../../api/access';
import { testIdProps } from '../../common/testId';

type Person = StaffOptionList['values'][number];
const priorityOf = (p: Person) => p.role?.priority ?? 99;

/** Branches with their leaders and salespeople under them, as the division table shows them. */
export function divisionRows(staff: Person[], me: string, show: { leaders: boolean; sales: boolean }) {
  const targets = staff.filter((p) => (isBranch(priorityOf(p)) || isLeader(priorityOf(p)) || isSales(priorityOf(p))) && p.username !== me);
  const branches = targets.filter((p) => isBranch(priorityOf(p)));
  const rows: Array<{ person: Person; level: number }> = [];
  const under = (branchId: string | null) => {
    const leaders = targets.filter((p) => isLeader(priorityOf(p)) && (branchId === null || p.brand_id === branchId));
    for (const l of leaders) {
      if (show.leaders) rows.push({ person: l, level: 1 });
      if (show.sales)
        for (const s of targets.filter((p) => isSales(priorityOf(p)) && p.group_id === l.id)) rows.push({ person: s, level: 2 });
    }
    if (show.sales)
      for (const s of targets.filter(
        (p) => isSales(priorityOf(p)) && (branchId === null || p.brand_id === branchId) && !leaders.some((l) => l.id === p.group_id),
      ))
        rows.push({ person: s, level: 2 });
  };
  if (branches.length === 0) under(null);
  for (const b of branches) {
    rows.push({ person: b, level: 0 });
    under(b.id);
  }
  return rows;
}

/**
 * Customer division (/sys/division, spec 3 §2.7 second paragraph, §6): pick an upload, see how
 * many the caller may divide, type quantities per branch and, drilling down, per leader and
 * salesperson; the server hands out exactly those quantities at once, or nothing.
 */
export default function Division() {
  const session = useSession();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [staff, setStaff] = useState<Person[]>([]);
  const [uploadId, setUploadId] = useState('');
  const [total, setTotal] = useState<number | null>(null);
  const [qty, setQty] = useState<Record<string, string>>({});
  const [show, setShow] = useState({ leaders: false, sales: false });
  const [busy, setBusy] = useState(false);
  const canDivide = isBranchOrAbove(session.priority) || isDataCoordinator(session.priority);

  useEffect(() => {
    careApi.uploads().then(
      (r) => setUploads(r.values),
      () => undefined,
    );
    careApi.staff().then(
      (r) => setStaff(r.values),
      () => undefined,
    );
  }, []);
  useEffect(() => {
    setTotal(null);
    if (uploadId)
      careApi.countAssignable(uploadId).then(
        (r) => setTotal(Number(r.total)),
        () => setTotal(0),
      );
  }, [uploadId]);

  const rows = useMemo(() => divisionRows(staff, session.username, show), [staff, session.username, show]);

  const save = async () => {
    if (!uploadId) return notify('Chưa chọn data chia', 'error');
    const items = Object.entries(qty)
      .map(([username, v]) => ({ username, count: Number(v || 0) }))
      .filter((i) => i.count > 0);
    if (items.length === 0) return notify('Chưa chọn data chia', 'error');
    setBusy(true);
    try {
      const r = await careApi.assign(uploadId, items);
      notify(r.msg || 'Phân chia thông tin khách hàng thành công.', 'success');
      setQty({});
      setTotal(Number((await careApi.countAssignable(uploadId)).total));
    } catch (e) {
      notify(`Phân chia dữ liệu thất bại. ${errorMsg(e) || 'Vui lòng thử lại lần sau.'}`, 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box data-testid="division" sx={{ p: 2 }}>
      <Typography variant="h6" sx={{ mb: 2 }}>
        Phân chia dữ liệu
      </Typography>
      <Stack direction="row" spacing={2} sx={{ mb: 2, alignItems: 'center', flexWrap: 'wrap' }} useFlexGap>
        <TextField
          select
          size="small"
          label="Danh sách đã tải lên"
          value={uploadId}
          onChange={(e) => setUploadId(e.target.value)}
          sx={{ minWidth: 320 }}
          slotProps={{ select: { SelectDisplayProps: testIdProps('division-upload') } }}
        >
          {uploads.map((u) => (
            <MenuItem key={u.id} value={u.id} data-testid={`division-upload-option-${u.filename}`}>
              {u.filename} ({u.created_by_fullname || u.created_by})
            </MenuItem>
          ))}
        </TextField>
        <Typography data-testid="division-total">Số lượng có thể chia: {total === null ? '—' : formatNumber(total)}</Typography>
        <Button variant="outlined" onClick={() => setShow((s) => ({ ...s, leaders: !s.leaders }))} data-testid="division-leaders">
          Danh sách trưởng nhóm
        </Button>
        <Button variant="outlined" onClick={() => setShow((s) => ({ ...s, sales: !s.sales }))} data-testid="division-sales">
          Danh sách nhân viên
        </Button>
        <Button variant="contained" disabled={busy || !canDivide} onClick={save} data-testid="division-save">
          Lưu
        </Button>
      </Stack>
      <Paper variant="outlined">
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>Nhân sự</TableCell>
              <TableCell width={180}>Số lượng</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map(({ person, level }) => (
              <TableRow key={person.username} data-testid={`division-row-${person.username}`}>
                {/* The hierarchy by indentation; the spec's dashes belong to pickers, not to table cells. */}
                <TableCell sx={{ pl: 2 + level * 3 }}>
                  {person.username} - {person.fullname}
                </TableCell>
                <TableCell>
                  {canDivide && (
                    <TextField
                      type="number"
                      size="small"
                      value={qty[person.username] ?? '0'}
                      onChange={(e) => setQty((q) => ({ ...q, [person.username]: e.target.value }))}
                      slotProps={{
                        htmlInput: {
                          min: 0,
                          'aria-label': `Số lượng chia cho ${person.username}`,
                          'data-testid': `division-qty-${person.username}`,
                        },
                      }}
                    />
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
    </Box>
  );
}
