import { useEffect, useMemo, useRef, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import EditNoteIcon from '@mui/icons-material/EditNote';
import FileDownloadIcon from '@mui/icons-material/FileDownload';
import MoneyOffIcon from '@mui/icons-material/MoneyOff';
import SendIcon from '@mui/icons-material/Send';
import SearchIcon from '@mui/icons-material/Search';
import BusinessIcon from '@mui/icons-material/Business';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import { errorMsg } from '../../api/client';
import { onPush } from '../../api/realtime';
import { PUSHES } from '../../api/gen/pushes';
import { isManager, leadsPeople } from '../../api/access';
import HandOutDialog from '../../common/HandOutDialog';
import { autoInviteToast } from '../../common/inviteWords';
import FormDialog from '../../form/FormDialog';
import ImportButton from '../../import/ImportButton';
import ListScreen from '../../list/ListScreen';
import type { ListConfig, ListContext, ListHandle, SelectOption } from '../../list/types';
import { ORDER_LISTS, orderApi, priceApi, type OrderKind, type OrderPage, type OrderRecord } from './api';
import CompanyDialog from './CompanyDialog';
import { export9279 } from './export9279';
import { orderHandOut } from './handOut';
import { orderColumns } from './orderColumns';
import { orderFilters } from './orderFilters';
import { companyNoteForm, orderForm } from './orderForms';
import { MFY_IMPORT_SPEC, R9279_IMPORT_SPEC } from './orderSheets';
import { STATUS_LABELS } from './statuses';

/**
 * An order list ('Mfy' /app/mfy, 'Đăng ký 9279' /app/dangky9279; spec 3 §2.15, §2.16): filters,
 * create/edit dialog, company/note modal, every inline edit and status dropdown after a confirm,
 * the countdown of the server's auto-cancel, 'Tra ĐTCT', export (hidden for priority 5), the 9279
 * upload (priority below 3). The reminders the server pushes are the shell's (./reminders.ts).
 */
function OrdersScreen({ kind }: { kind: OrderKind }) {
  const listRef = useRef<ListHandle>(null);
  const [dialog, setDialog] = useState<{ row: OrderRecord | null } | null>(null);
  const [noteRow, setNoteRow] = useState<OrderRecord | null>(null);
  const meta = ORDER_LISTS[kind];
  const calls = useMemo(() => orderApi(kind), [kind]);
  const form = useMemo(() => orderForm(kind), [kind]);
  const noteForm = useMemo(() => companyNoteForm(kind), [kind]);
  const handOut = useMemo(() => orderHandOut(calls, meta.testId), [calls, meta.testId]);
  const [companiesOpen, setCompaniesOpen] = useState(false);
  const [assignOpen, setAssignOpen] = useState(false);
  /** The price list's packages, the choices of the package cell. */
  const packagesRef = useRef<SelectOption[]>([]);
  useEffect(() => {
    let live = true;
    priceApi(meta.prices)
      .listNoLimit()
      .then((l) => {
        if (live) packagesRef.current = l.values.map((p) => ({ value: p.ten_goi_cuoc, label: p.ten_goi_cuoc }));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [meta.prices]);

  // The server pushes every change of this list (including its own auto-cancel): no polling. Its
  // reminders are shown by the shell on every screen (./reminders.ts).
  useEffect(
    () =>
      onPush(PUSHES.OrdersChanged, (p) => {
        if (p.kind === kind) listRef.current?.reload();
      }),
    [kind],
  );

  const config = useMemo<ListConfig<OrderRecord, OrderPage>>(() => {
    const mfy = kind === 'mfy';
    const columns = orderColumns(kind, calls, () => packagesRef.current);

    return {
      id: meta.testId,
      title: meta.title,
      endpoint: meta.endpoint,
      defaultPageSize: 20,
      mapResponse: (data) => {
        // Remember when the answer arrived: the countdown offsets the browser clock by the server's.
        if (data) data.__loadedAt = Date.now();
        return { rows: data?.values ?? [], count: Number(data?.count ?? 0) };
      },
      filters: orderFilters(kind, calls),
      searchButton: 'search',
      toolbar: [
        { key: 'create', label: 'Tạo bản ghi', icon: <AddIcon />, onClick: () => setDialog({ row: null }) },
        {
          key: 'dtct',
          label: 'Tra ĐTCT',
          icon: <SearchIcon />,
          variant: 'outlined',
          onClick: async () => {
            const phone = window.prompt('Nhập số điện thoại cần tra cứu');
            if (!phone?.trim()) return;
            try {
              const r = await calls.eligibility(phone.trim());
              window.alert(r.result === 'success' ? r.mes : 'Lỗi không xác định!');
            } catch (e) {
              window.alert(`[Lỗi] ${errorMsg(e) || 'Lỗi không xác định!'}`);
            }
          },
        },
        {
          key: 'companies',
          label: 'Công ty đối tác',
          icon: <BusinessIcon />,
          variant: 'outlined' as const,
          visible: (ctx: ListContext<OrderRecord>) => isManager(ctx.session.priority),
          onClick: () => setCompaniesOpen(true),
        },
        {
          key: 'assign',
          label: 'Chia đơn',
          icon: <GroupAddIcon />,
          variant: 'outlined' as const,
          visible: (ctx: ListContext<OrderRecord>) => isManager(ctx.session.priority),
          onClick: () => setAssignOpen(true),
        },
        ...(mfy
          ? []
          : [
              {
                key: 'export',
                label: 'Xuất Excel',
                icon: <FileDownloadIcon />,
                variant: 'outlined' as const,
                // Export is for priority below 5 (spec 3 §2.16, §6); the server refuses it for 5 too.
                visible: (ctx: ListContext<OrderRecord>) => leadsPeople(ctx.session.priority),
                onClick: (ctx: ListContext<OrderRecord>) =>
                  void export9279(ctx).catch((e) => ctx.notify(`[Lỗi] ${errorMsg(e) || (e as Error)?.message || ''}`.trim(), 'error')),
              },
            ]),
      ],
      toolbarExtra: (ctx) =>
        isManager(ctx.session.priority) ? (
          <ImportButton
            id={meta.testId}
            endpoint={calls.importEndpoint}
            spec={mfy ? MFY_IMPORT_SPEC : R9279_IMPORT_SPEC}
            label="Tải lên Excel"
            successText={(file, n) => `Tải file thành công: ${file} (${n} bản ghi)`}
            onDone={() => listRef.current?.reload()}
          />
        ) : null,
      // The 9279 sheet has the spec's own columns (spec 3 §9), not the table's: its own button below.
      export: mfy ? { fileName: meta.exportFile } : undefined,
      columns,
      rowActions: [
        {
          key: 'edit',
          label: 'Sửa',
          icon: <EditIcon fontSize="small" />,
          color: 'primary',
          visible: (r) => r.can_edit,
          run: (r) => setDialog({ row: r }),
        },
        {
          key: 'note',
          label: 'Công ty, ghi chú',
          icon: <EditNoteIcon fontSize="small" />,
          visible: (r) => r.can_edit,
          run: (r) => setNoteRow(r),
        },
        {
          key: 'clawback',
          label: 'Xóa truy thu',
          icon: <MoneyOffIcon fontSize="small" />,
          color: 'warning',
          visible: (r) => r.can_edit && r.truy_thu > 0,
          confirm: 'Xóa truy thu?',
          run: (r) => calls.clearClawback(r.id),
          successMsg: 'Xóa truy thu thành công',
          errorMsg: 'Xóa truy thu thất bại',
        },
        {
          key: 'invite',
          label: 'Mời tự động',
          icon: <SendIcon fontSize="small" />,
          color: 'info',
          confirm: 'Xác nhận mời tự động?',
          run: (r) => calls.invite(r.id),
          // The channel and the carrier's result in words, never the raw code.
          successMsg: (_r, res) => autoInviteToast((res as Parameters<typeof autoInviteToast>[0] | undefined) ?? {}),
          errorMsg: 'Mời tự động thất bại',
        },
        {
          key: 'delete',
          label: 'Xoá',
          icon: <DeleteIcon fontSize="small" />,
          color: 'error',
          visible: (r) => r.can_edit,
          confirm: { title: 'Xoá bản ghi', message: 'Xác nhận xoá bản ghi', danger: true },
          run: (r) => calls.remove(r.id),
          successMsg: 'Xoá bản ghi thành công',
          errorMsg: 'Xoá bản ghi thất bại',
        },
      ],
      history: {
        endpoint: (r) => calls.history(r.id),
        fieldLabels: {
          trang_thai: 'Trạng thái',
          trang_thai_yeu_cau: 'Trạng thái yêu cầu',
          trang_thai_thu_tien: 'Trạng thái thu tiền',
          trang_thai_duyet_thong_tin: 'Duyệt thông tin',
          so_dien_thoai: 'Số thuê bao',
          so_dien_thoai_chu: 'SĐT chủ',
          ma_goi: 'Gói cước',
          gia_ban_goi: 'Giá bán gói',
          doanh_thu: 'Doanh thu',
          chenh_lech: 'Chênh lệch',
          ti_le_doanh_thu_tinh_luong: 'Tỉ lệ lương',
          doanh_thu_tinh_luong: 'DT tính lương',
          truy_thu: 'Truy thu',
          username_nv: 'Nhân viên',
          cty: 'Công ty',
          note: 'Ghi chú',
          hinh_thuc: 'Hình thức',
          created_time: 'Ngày đơn',
          deleted: 'Xoá bản ghi',
        },
        valueLabels: Object.fromEntries(
          ['trang_thai', 'trang_thai_yeu_cau', 'trang_thai_thu_tien', 'trang_thai_duyet_thong_tin', 'hinh_thuc'].map((f) => [
            f,
            STATUS_LABELS,
          ]),
        ),
      },
    };
  }, [kind, meta, calls]);

  return (
    <>
      <ListScreen ref={listRef} config={config} />
      <FormDialog
        config={form}
        testIdPrefix={`${meta.testId}-form`}
        open={!!dialog}
        mode={dialog?.row ? 'edit' : 'create'}
        row={dialog?.row ?? null}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          listRef.current?.reload();
        }}
      />
      <CompanyDialog kind={kind} testId={meta.testId} open={companiesOpen} onClose={() => setCompaniesOpen(false)} />
      <HandOutDialog config={handOut} open={assignOpen} onClose={() => setAssignOpen(false)} onDone={() => listRef.current?.reload()} />
      <FormDialog
        config={noteForm}
        testIdPrefix={`${meta.testId}-note`}
        open={!!noteRow}
        mode="edit"
        row={noteRow}
        onClose={() => setNoteRow(null)}
        onSaved={() => {
          setNoteRow(null);
          listRef.current?.reload();
        }}
      />
    </>
  );
}

export const MfyOrders = () => <OrdersScreen kind="mfy" />;
export const Reg9279Orders = () => <OrdersScreen kind="9279" />;
