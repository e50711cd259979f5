import { useState } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { errorMsg } from '../../api/client';
import { channelsApi, type ChannelAssignment } from './api';
import { notify } from '../../store';
import { testIdProps } from '../../common/testId';

export const INVITE_CHANNELS = [
  { name: 'ma_xac_nhan_1', text: 'Mã xác nhận 1' },
  { name: 'ma_xac_nhan_2', text: 'Mã xác nhận 2' },
  { name: 'ma_xac_nhan_3', text: 'Mã xác nhận 3' },
  { name: 'ma_xac_nhan_4', text: 'Mã xác nhận 4' },
];

export type { ChannelAssignment };

export const channelKey = (username: string, kenh: string) => `${username}|${kenh}`;

/**
 * 'Kênh mời gói' cell: one checkbox per confirmation-code channel for a staff member of role
 * priority 3. Ticking selects the channel (chonKenh), unticking cancels it (huyChonKenh).
 */
export default function InviteChannels({
  username,
  active,
  onChanged,
}: {
  username: string;
  active: Map<string, boolean>;
  onChanged: (key: string, value: boolean) => void;
}) {
  const [busy, setBusy] = useState<string | null>(null);
  const toggle = async (ch: (typeof INVITE_CHANNELS)[number], on: boolean) => {
    const key = channelKey(username, ch.name);
    setBusy(ch.name);
    onChanged(key, on);
    const verb = on ? 'Chọn kênh' : 'Hủy chọn kênh';
    try {
      const reply = await channelsApi.choose(username, ch.name, ch.text, on);
      notify(reply?.msg || `${verb} ${ch.text} cho tài khoản ${username} thành công`, 'success');
      if (reply?.channel && typeof reply.channel.active === 'boolean') onChanged(key, reply.channel.active);
    } catch (e) {
      onChanged(key, !on);
      const msg = errorMsg(e);
      notify(`${verb} ${ch.text} cho tài khoản ${username} không thành công${msg ? `: ${msg}` : ''}`, 'error');
    } finally {
      setBusy(null);
    }
  };
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', columnGap: 1 }} data-testid={`channels-${username}`}>
      {INVITE_CHANNELS.map((ch) => (
        <FormControlLabel
          key={ch.name}
          sx={{ m: 0, '& .MuiFormControlLabel-label': { fontSize: 13, whiteSpace: 'nowrap' } }}
          label={ch.text}
          control={
            <Checkbox
              size="small"
              sx={{ p: 0.5 }}
              disabled={busy === ch.name}
              checked={!!active.get(channelKey(username, ch.name))}
              onChange={(e) => void toggle(ch, e.target.checked)}
              slotProps={{ input: testIdProps(`channel-${username}-${ch.name}`) }}
            />
          }
        />
      ))}
    </Box>
  );
}
