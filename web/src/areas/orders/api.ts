/**
 * Typed calls of the orders service (spec 3 §7.7, §7.8). The server applies every rule (masking,
 * hidden columns, who may change what, the export ban, the auto-cancel) — these only carry them.
 */
import type { common_v1_common, orders_v1_orders } from '@cskh/proto';
import { api } from '../../api/client';

export type PackagePrice = orders_v1_orders.PackagePrice;
export type PriceList = orders_v1_orders.PriceList;
export type Ack = common_v1_common.Ack;

/** The two price lists (spec 3 §2.13, §2.14) and their export files (spec 3 §9). */
export type PriceKind = 'mfy' | '9279';
export const PRICE_LISTS: Record<PriceKind, { endpoint: string; title: string; exportFile: string; testId: string }> = {
  mfy: { endpoint: '/api/v1/giagoimfy', title: 'Giá gói mfy', exportFile: 'Gia-goi-mfy.xlsx', testId: 'giagoimfy' },
  '9279': { endpoint: '/api/v1/giagoidangky9279', title: 'Giá gói đăng ký 9279', exportFile: 'Gia-goi-dangky9279.xlsx', testId: 'giagoidangky9279' },
};

/** A price as the dialog sends it (the server checks all five fields again). */
export interface PriceInput {
  ten_goi_cuoc: string;
  phi_thu_hoi: string | number;
  gia_t1: string | number;
  gia_t2: string | number;
  gia_t3: string | number;
}

export const priceApi = (kind: PriceKind) => {
  const base = PRICE_LISTS[kind].endpoint;
  return {
    create: (p: PriceInput) => api.post<PackagePrice>(base, p),
    update: (id: string, p: PriceInput) => api.put<PackagePrice>(`${base}/${encodeURIComponent(id)}`, p),
    remove: (id: string) => api.del<Ack>(`${base}/${encodeURIComponent(id)}`),
    /** Every package of the list (the order dialogs' package and sale-price choices). */
    listNoLimit: () => api.get<PriceList>(`${base}/listNoLimit`),
    findPackage: (name: string) => api.get<PackagePrice>(`${base}/findPackage/${encodeURIComponent(name)}`),
    importEndpoint: `${base}/import`,
  };
};
