import { EntitySchema } from 'typeorm';

/** userkenhmoigoi: which confirmation-code channel (ma_xac_nhan_1..4) a branch account may use. */
export interface InviteChannelRow {
  staff_username: string;
  kenh: string;
  active: boolean;
  updated_by: string;
  updated_at: Date;
}

export const InviteChannelEntity = new EntitySchema<InviteChannelRow>({
  name: 'InviteChannel',
  tableName: 'invite_channels',
  columns: {
    staff_username: { type: 'text', primary: true },
    kenh: { type: 'text', primary: true },
    active: { type: 'boolean', default: false },
    updated_by: { type: 'text', default: '' },
    updated_at: { type: 'timestamptz', updateDate: true },
  },
});
