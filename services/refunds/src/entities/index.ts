import { EntitySchema } from 'typeorm';

/** Schemas of the refunds tables (the SQL migrations create them; the handlers use plain SQL). */
export const SettingEntity = new EntitySchema<{ key: string; value: string; updated_by: string; updated_at: Date }>({
  name: 'RefundSetting',
  tableName: 'setting',
  columns: {
    key: { type: 'text', primary: true },
    value: { type: 'text' },
    updated_by: { type: 'text', default: '' },
    updated_at: { type: 'timestamptz' },
  },
});

const price = { type: 'bigint' } as const;
export const RefundPriceEntity = new EntitySchema<Record<string, unknown>>({
  name: 'RefundPrice',
  tableName: 'refund_price',
  columns: {
    id: { type: 'uuid', primary: true, generated: 'uuid' },
    ten_goi_cuoc: { type: 'text' },
    gia_gia_han: price,
    gia_nang_cap: price,
    gia_nang_cap_t2: price,
    gia_nang_cap_t3: price,
    gia_nang_cap_ht0: price,
    gia_nang_cap_ht1: price,
    gia_nang_cap_ht2: price,
    gia_nang_cap_ht3: price,
    gia_nang_cap_ht4: price,
    gia_nang_cap_g1: price,
    gia_nang_cap_g2: price,
    gia_nang_cap_g3: price,
    gia_goi: price,
    updated_by: { type: 'text', default: '' },
    created_at: { type: 'timestamptz', createDate: true },
    updated_at: { type: 'timestamptz', updateDate: true },
  },
});
