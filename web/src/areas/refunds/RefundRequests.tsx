import { useEffect, useMemo, useRef, useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import SettingsIcon from '@mui/icons-material/Settings';
import AssignmentIndIcon from '@mui/icons-material/AssignmentInd';
import GroupAddIcon from '@mui/icons-material/GroupAdd';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { formatNumber, monthStart, today } from '../../common/format';
import HandOutDialog from '../../common/HandOutDialog';
import FormDialog from '../../form/FormDialog';
import { useRecordDialog } from '../../form/useRecordDialog';
import ImportButton from '../../import/ImportButton';
import ListScreen from '../../list/ListScreen';
import type { ListConfig, ListHandle } from '../../list/types';
import { notify } from '../../store';
import {
  ASSIGNED_LIST,
  HISTORY_FIELD_LABELS,
  historyValueLabels,
  REQUEST_IMPORT,
  REQUEST_LIST,
  TRADE_STATUS_FILTER,
  priceApi,
  type RefundPrice,
  type RefundRequest,
  requestHistory,
  type RefundRequestList,
  type RefundTotals,
} from './api';
import { loadSettings, markDialogOpened, packageRefundForm, requestHandOut, settingsForm, topUpForm } from './forms';
import { isManager } from '../../api/access';
import { REQUEST_IMPORT_SPEC, subscriberForm } from './requestTools';
import { requestColumns } from './requestColumns';
import { requestRowActions, showNotices } from './requestActions';

/**
 * 'Yêu cầu hoàn tiền' (/app/requestrefund, spec 2 §2.9): filters (transfer, partner status, text,
 * dates) with the four totals over the whole filter, the two creation dialogs with the partner's
 * notice, the channel settings, approvals after their confirm prompts, every inline edit the server
 * allows priority below 3 (each confirmed), the transfer note to copy, each row's history.
 */
export default function RefundRequests() {
  const listRef = useRef<ListHandle>(null);
  const [dialog, setDialogState] = useState<'refund' | 'topup' | 'settings' | 'assign' | null>(null);
  const [settings, setSettings] = useState<Record<string, string> | null>(null);
  /** 'Được giao cho tôi': the requests handed to the caller (GET assign) instead of the whole list. */
  const [mine, setMine] = useState(false);
  const setDialog = (d: 'refund' | 'topup' | 'settings' | 'assign' | null) => {
    if (d === 'refund' || d === 'topup') markDialogOpened();
    if (d === 'settings') {
      loadSettings().then(
        (row) => {
          setSettings(row);
          setDialogState('settings');
        },
        (e) => notify(`[Lỗi] ${e?.msg ?? e?.message ?? ''}`.trim(), 'error'),
      );
      return;
    }
    setDialogState(d);
  };
  const correction = useRecordDialog(subscriberForm, 'subscriber-form', () => listRef.current?.reload());
  const [packages, setPackages] = useState<RefundPrice[]>([]);
  useEffect(() => {
    // The package dropdown of the list (priority below 3); refused otherwise, then left empty.
    priceApi.all().then(
      (r) => setPackages(r.values ?? []),
      () => undefined,
    );
  }, []);

  const config = useMemo<ListConfig<RefundRequest, RefundRequestList>>(() => {
    return {
      id: 'requestrefund',
      title: mine ? 'Yêu cầu hoàn tiền được giao cho tôi' : 'Yêu cầu hoàn tiền',
      endpoint: mine ? ASSIGNED_LIST : REQUEST_LIST,
      filters: [
        {
          key: 'is_transfer',
          type: 'select',
          label: 'Chuyển khoản',
          options: [
            { value: '0', label: 'Tất cả' },
            { value: '1', label: 'Chưa chuyển khoản' },
            { value: '2', label: 'Đã chuyển khoản' },
          ],
          default: '0',
          width: 170,
        },
        {
          key: 'trang_thai_giao_dich_doi_tac',
          type: 'select',
          label: 'Trạng thái giao dịch',
          options: TRADE_STATUS_FILTER,
          allLabel: 'Tất cả',
          default: '',
          width: 210,
        },
        { key: 'message', type: 'text', label: 'Tìm kiếm', placeholder: 'SĐT, gói cước, nhân viên, lý do', width: 240 },
        { key: 'startDate', type: 'date', label: 'Từ ngày', default: () => monthStart() },
        { key: 'endDate', type: 'date', label: 'Đến ngày', default: () => today() },
      ],
      toolbar: [
        {
          key: 'refund',
          label: 'Hoàn tiền gói cước',
          icon: <AddIcon />,
          onClick: () => setDialog('refund'),
          testId: 'requestrefund-create-refund',
        },
        {
          key: 'topup',
          label: 'Nạp tiền chiết khấu',
          icon: <AddIcon />,
          onClick: () => setDialog('topup'),
          testId: 'requestrefund-create-topup',
        },
        {
          key: 'mine',
          label: mine ? 'Tất cả yêu cầu' : 'Được giao cho tôi',
          icon: <AssignmentIndIcon />,
          variant: 'outlined',
          onClick: () => setMine((m) => !m),
          testId: 'requestrefund-mine',
        },
        {
          key: 'assign',
          label: 'Phân chia',
          icon: <GroupAddIcon />,
          variant: 'outlined',
          visible: (ctx) => isManager(ctx.session.priority),
          onClick: () => setDialog('assign'),
          testId: 'requestrefund-assign',
        },
        {
          key: 'settings',
          label: 'Cài đặt',
          icon: <SettingsIcon />,
          variant: 'outlined',
          visible: (ctx) => ctx.session.has('requestrefund.doi-kenh-hoan-tien'),
          onClick: () => setDialog('settings'),
          testId: 'requestrefund-settings',
        },
      ],
      toolbarExtra: (ctx) =>
        isManager(ctx.session.priority) && (
          <ImportButton
            id="requestrefund"
            endpoint={REQUEST_IMPORT}
            spec={REQUEST_IMPORT_SPEC}
            label="Nhập Excel"
            onDone={() => ctx.reload()}
          />
        ),
      export: { fileName: 'YCHT.xlsx' },
      // The totals are the whole list's; the handed-out view has none.
      summary: mine
        ? undefined
        : (data) => {
            const raw = data?.raw;
            const item = (k: keyof RefundTotals, text: string) => (
              <Typography variant="body2" data-testid={`requestrefund-${k}`}>
                {text}: <b>{formatNumber(raw?.[k] ?? 0)}</b>
              </Typography>
            );
            return (
              <Stack direction="row" spacing={3} sx={{ mb: 1 }}>
                {item('tongHoanTien', 'Tổng hoàn tiền')}
                {item('tongHoanThem', 'Tổng hoàn thêm')}
                {item('tongNapTien', 'Tổng nạp tiền')}
                {raw?.tongTienSauChietKhau !== undefined && item('tongTienSauChietKhau', 'Tổng tiền sau chiết khấu')}
              </Stack>
            );
          },
      columns: requestColumns(packages),
      rowActions: requestRowActions(correction.openEdit),
      history: {
        endpoint: (r) => requestHistory(r.id),
        fieldLabels: HISTORY_FIELD_LABELS,
        valueLabels: historyValueLabels(),
      },
    };
  }, [packages, mine, correction]);

  const saved = (reply: unknown) => {
    setDialog(null);
    showNotices(reply);
    listRef.current?.reload();
  };
  return (
    <>
      <ListScreen ref={listRef} config={config} />
      {correction.dialog}
      <FormDialog
        config={packageRefundForm}
        testIdPrefix="refund-form"
        open={dialog === 'refund'}
        mode="create"
        onClose={() => setDialog(null)}
        onSaved={saved}
      />
      <FormDialog
        config={topUpForm}
        testIdPrefix="topup-form"
        open={dialog === 'topup'}
        mode="create"
        onClose={() => setDialog(null)}
        onSaved={saved}
      />
      <HandOutDialog
        config={requestHandOut}
        open={dialog === 'assign'}
        onClose={() => setDialog(null)}
        onDone={() => listRef.current?.reload()}
      />
      <FormDialog
        config={settingsForm}
        testIdPrefix="settings-form"
        open={dialog === 'settings'}
        mode="edit"
        row={settings}
        onClose={() => setDialog(null)}
        onSaved={() => setDialog(null)}
      />
    </>
  );
}
