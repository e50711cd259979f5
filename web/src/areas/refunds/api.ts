/**
 * Typed calls of the refunds service (spec 2 §7 "Refund extras", "Settings"; spec 3 §7.7). The
 * server computes every amount and applies every rule; these only carry them.
 */
import type { common_v1_common, refunds_v1_refunds } from '@cskh/proto';
import { api } from '../../api/client';

export type RefundPrice = refunds_v1_refunds.RefundPrice;
export type RefundPriceInput = Omit<refunds_v1_refunds.RefundPriceInput, 'id'>;
export type Setting = refunds_v1_refunds.Setting;
export type Ack = common_v1_common.Ack;

export const PRICE_LIST = '/api/v1/giahoantien';
export const PRICE_IMPORT = '/api/v1/giahoantien/import';
export const SETTING = '/api/v1/setting';

/** The thirteen prices of the refund price list with their labels, in the sheet's column order. */
export const PRICE_FIELDS: ReadonlyArray<{ key: keyof RefundPriceInput; label: string }> = [
  { key: 'gia_gia_han', label: 'Giá gia hạn' },
  { key: 'gia_nang_cap', label: 'Giá nâng cấp T1' },
  { key: 'gia_nang_cap_t2', label: 'Giá nâng cấp T2' },
  { key: 'gia_nang_cap_t3', label: 'Giá nâng cấp T3' },
  { key: 'gia_nang_cap_ht0', label: 'Giá nâng cấp HT0' },
  { key: 'gia_nang_cap_ht1', label: 'Giá nâng cấp HT1' },
  { key: 'gia_nang_cap_ht2', label: 'Giá nâng cấp HT2' },
  { key: 'gia_nang_cap_ht3', label: 'Giá nâng cấp HT3' },
  { key: 'gia_nang_cap_ht4', label: 'Giá nâng cấp HT4' },
  { key: 'gia_nang_cap_g1', label: 'Giá nâng cấp G1' },
  { key: 'gia_nang_cap_g2', label: 'Giá nâng cấp G2' },
  { key: 'gia_nang_cap_g3', label: 'Giá nâng cấp G3' },
  { key: 'gia_goi', label: 'Giá gói' },
];

/** kenh_hoan_tien (spec 2 §9). */
export const CHANNEL_OPTIONS = [
  { value: 'khong_qua_api', label: 'Không qua API' },
  { value: 'cong_nap_the', label: 'Cổng nạp thẻ' },
  { value: 'cong_nap_the_1', label: 'Cổng nạp thẻ 1' },
];

const id = (s: string) => encodeURIComponent(s);

export const priceApi = {
  create: (body: RefundPriceInput) => api.post<RefundPrice>(PRICE_LIST, body),
  update: (rowId: string, body: RefundPriceInput) => api.put<RefundPrice>(`${PRICE_LIST}/${id(rowId)}`, body),
  remove: (rowId: string) => api.del<Ack>(`${PRICE_LIST}/${id(rowId)}`),
  findPackage: (name: string) => api.get<RefundPrice>(`${PRICE_LIST}/findPackage/${id(name)}`),
  all: () => api.get<{ values: RefundPrice[]; count: number }>(`${PRICE_LIST}/listNoLimit`),
};

export const settingApi = {
  all: () => api.get<{ values: Setting[] }>(SETTING),
  get: (key: string) => api.get<Setting>(`${SETTING}/${id(key)}`),
  update: (key: string, value: string) => api.put<Setting>(`${SETTING}/${id(key)}`, { value }),
};
