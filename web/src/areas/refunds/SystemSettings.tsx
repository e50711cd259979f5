import { useMemo, useRef } from 'react';
import EditIcon from '@mui/icons-material/Edit';
import { useRecordDialog } from '../../form/useRecordDialog';
import ListScreen from '../../list/ListScreen';
import type { ListConfig, ListHandle } from '../../list/types';
import { CHANNEL_OPTIONS, SETTING, type Setting, settingHistory } from './api';
import { loadSettings, settingsForm } from './forms';
import { isManager } from '../../api/access';

/** What each key of spec 2 §3 means, in the staff's words: its name and what it changes (the key itself is never shown). */
const SETTING_MEANINGS: Record<string, { name: string; meaning: string }> = {
  kenh_hoan_tien: {
    name: 'Kênh hoàn tiền',
    meaning: 'Nơi gửi yêu cầu hoàn tiền và nạp tiền mới: không qua API (làm tay) hoặc qua một cổng nạp thẻ',
  },
  ti_le_chiet_khau: {
    name: 'Tỉ lệ chiết khấu trả trước (%)',
    meaning: 'Phần trăm được trừ khi tính số tiền khách chuyển khoản cho thuê bao trả trước (MC)',
  },
  ti_le_chiet_khau_tra_sau: {
    name: 'Tỉ lệ chiết khấu trả sau (%)',
    meaning: 'Phần trăm được trừ khi tính số tiền khách chuyển khoản cho thuê bao trả sau (MG)',
  },
  cong_nap_the: { name: 'Tên hiển thị của Cổng nạp thẻ', meaning: 'Tên đối tác hiện trong thông báo khi yêu cầu đi qua Cổng nạp thẻ' },
  cong_nap_the_1: {
    name: 'Tên hiển thị của Cổng nạp thẻ 1',
    meaning: 'Tên đối tác hiện trong thông báo khi yêu cầu đi qua Cổng nạp thẻ 1',
  },
};
/** A setting this screen does not know yet still gets words, never its key. */
const meaningOf = (key: string) => SETTING_MEANINGS[key] ?? { name: 'Cài đặt khác', meaning: '' };
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
        { field: 'key', headerName: 'Cài đặt', minWidth: 260, value: (r) => meaningOf(r.key).name },
        {
          field: 'value',
          headerName: 'Giá trị',
          minWidth: 200,
          value: (r) => (r.key === 'kenh_hoan_tien' ? channelLabel(r.value) : r.value),
        },
        { field: 'meaning', headerName: 'Ý nghĩa', minWidth: 360, value: (r) => meaningOf(r.key).meaning },
      ],
      history: {
        endpoint: (r) => settingHistory(r.key),
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
