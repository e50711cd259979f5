import { useMemo, useRef } from 'react';
import EditIcon from '@mui/icons-material/Edit';
import { useRecordDialog } from '../../form/useRecordDialog';
import ListScreen from '../../list/ListScreen';
import type { ListConfig, ListHandle } from '../../list/types';
import { CHANNEL_OPTIONS, SETTING, type Setting } from './api';
import { loadSettings, settingsForm } from './forms';
import { isManager } from '../../api/access';

/** What each key of spec 2 §3 means, in the staff's words. */
const SETTING_LABELS: Record<string, string> = {
  kenh_hoan_tien: 'Kênh hoàn tiền',
  ti_le_chiet_khau: 'Tỉ lệ chiết khấu trả trước (%)',
  ti_le_chiet_khau_tra_sau: 'Tỉ lệ chiết khấu trả sau (%)',
  cong_nap_the: 'Cổng nạp thẻ',
  cong_nap_the_1: 'Cổng nạp thẻ 1',
};
const channelLabel = (v: string) => CHANNEL_OPTIONS.find((o) => o.value === v)?.label ?? v;

/**
 * 'Cài đặt' (/sys/settings, spec 1 §2.4 and spec 2 §2.11): the system's key/value settings as the
 * refund screens use them — the refund channel and the two discount rates — each with its change
 * history, changed through the same 'Cài đặt' dialog as inside the refund screens (the original
 * page was a template with no behaviour; here it is the one place an administrator sees them all).
 */
export default function SystemSettings() {
  const listRef = useRef<ListHandle>(null);
  const form = useRecordDialog<Record<string, string>>(settingsForm, 'system-settings-form', () => listRef.current?.reload());
  const config = useMemo<ListConfig<Setting>>(
    () => ({
      id: 'system-settings',
      title: 'Cài đặt',
      endpoint: SETTING,
      rowId: (r) => r.key,
      searchButton: 'refresh',
      toolbar: [
        {
          key: 'edit',
          label: 'Cập nhật cài đặt',
          icon: <EditIcon />,
          variant: 'contained',
          visible: (ctx) => ctx.session.has('settings', 'requestrefund.doi-kenh-hoan-tien'),
          onClick: () => void loadSettings().then((row) => form.openEdit(row)),
        },
      ],
      columns: [
        { field: '__index', headerName: '#', kind: 'index' },
        { field: 'key', headerName: 'Cài đặt', minWidth: 260, value: (r) => SETTING_LABELS[r.key] ?? r.key },
        {
          field: 'value',
          headerName: 'Giá trị',
          minWidth: 200,
          value: (r) => (r.key === 'kenh_hoan_tien' ? channelLabel(r.value) : r.value),
        },
        { field: 'code', headerName: 'Mã', minWidth: 200, value: (r) => r.key },
      ],
      history: {
        endpoint: (r) => `${SETTING}/${encodeURIComponent(r.key)}/history`,
        fieldLabels: { value: 'Giá trị' },
        visible: (_r, ctx) => isManager(ctx.session.priority),
      },
    }),
    [form],
  );
  return (
    <>
      <ListScreen ref={listRef} config={config} />
      {form.dialog}
    </>
  );
}
