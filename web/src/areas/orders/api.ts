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
  '9279': {
    endpoint: '/api/v1/giagoidangky9279',
    title: 'Giá gói đăng ký 9279',
    exportFile: 'Gia-goi-dangky9279.xlsx',
    testId: 'giagoidangky9279',
  },
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

export type OrderRecord = orders_v1_orders.OrderRecord;
export type OrderList = orders_v1_orders.OrderList;
export type StaffOptionList = common_v1_common.StaffOptionList;

/** The two order lists (spec 3 §2.15, §2.16) and their export files (spec 3 §9). */
export type OrderKind = 'mfy' | '9279';
export const ORDER_LISTS: Record<OrderKind, { endpoint: string; title: string; exportFile: string; testId: string; prices: PriceKind }> = {
  mfy: { endpoint: '/api/v1/mfy', title: 'Mfy', exportFile: 'Bao-cao-Mfy.xlsx', testId: 'mfy', prices: 'mfy' },
  '9279': {
    endpoint: '/api/v1/dangky9279',
    title: 'Đăng ký 9279',
    exportFile: 'Bao-cao-dang-ky-9279.xlsx',
    testId: 'dangky9279',
    prices: '9279',
  },
};

export interface OrderInput {
  so_dien_thoai: string;
  ma_goi: string;
  gia_ban_goi: string | number;
  username_nv?: string;
  so_dien_thoai_chu?: string;
  hinh_thuc?: string;
  cty?: string;
  note?: string;
}

export const orderApi = (kind: OrderKind) => {
  const base = ORDER_LISTS[kind].endpoint;
  const id = (v: string) => encodeURIComponent(v);
  return {
    create: (o: OrderInput) => api.post<OrderRecord>(base, o),
    update: (orderId: string, o: Partial<OrderInput>) => api.put<OrderRecord>(`${base}/${id(orderId)}`, o),
    remove: (orderId: string) => api.del<Ack>(`${base}/${id(orderId)}`),
    companyNote: (orderId: string, body: { cty?: string; note?: string }) => api.put<OrderRecord>(`${base}/${id(orderId)}/update`, body),
    setStatus: (orderId: string, trang_thai: string) => api.put<OrderRecord>(`${base}/setTrangThai/${id(orderId)}`, { trang_thai }),
    setCollection: (orderId: string, trang_thai_thu_tien: string) =>
      api.put<OrderRecord>(`${base}/setTrangThaiThuTien/${id(orderId)}`, { trang_thai_thu_tien }),
    setInfoApproval: (orderId: string, trang_thai_duyet_thong_tin: string) =>
      api.put<OrderRecord>(`${base}/setTrangThaiDuyetThongTin/${id(orderId)}`, { trang_thai_duyet_thong_tin }),
    clearClawback: (orderId: string) => api.put<OrderRecord>(`${base}/xoaTruyThu/${id(orderId)}`, {}),
    packageCode: (orderId: string, package_code: string) =>
      api.post<OrderRecord>(`${base}/updatePackageCode`, { id: orderId, package_code }),
    tier: (orderId: string, gia_ban_goi: string | number) => api.post<OrderRecord>(`${base}/updateGiaBanGoi`, { id: orderId, gia_ban_goi }),
    ownerPhone: (orderId: string, so_dien_thoai_chu: string) =>
      api.post<OrderRecord>(`${base}/updateSoDienThoaiChu`, { id: orderId, so_dien_thoai_chu }),
    difference: (orderId: string, chenh_lech: string | number) =>
      api.post<OrderRecord>(`${base}/updateChenhLech`, { id: orderId, chenh_lech }),
    revenue: (orderId: string, doanh_thu: string | number) => api.post<OrderRecord>(`${base}/updateDoanhThu`, { id: orderId, doanh_thu }),
    salaryRatio: (orderId: string, ti_le_doanh_thu_tinh_luong: string | number) =>
      api.post<OrderRecord>(`${base}/updateTiLeDoanhThuTinhLuong`, { id: orderId, ti_le_doanh_thu_tinh_luong }),
    form: (orderId: string, hinh_thuc: string) => api.put<OrderRecord>(`${base}/setHinhThuc/${id(orderId)}`, { hinh_thuc }),
    createdTime: (orderId: string, created_time: string) => api.put<OrderRecord>(`${base}/setCreatedTime/${id(orderId)}`, { created_time }),
    invite: (orderId: string) => api.post<orders_v1_orders.InviteReply>(`${base}/moiTuDong`, { id: orderId }),
    eligibility: (phone: string) => api.post<orders_v1_orders.EligibilityReply>(`${base}/traCuuDoiTuong`, { phone }),
    employees: () => api.get<StaffOptionList>(`${base}/employees`),
    importEndpoint: `${base}/import`,
    /** The managed partner companies: managers only. */
    companies: () => api.get<orders_v1_orders.CompanyList>(`${base}/cty`),
    addCompany: (name: string) => api.post<orders_v1_orders.Company>(`${base}/cty`, { name }),
    removeCompany: (companyId: string) => api.del<Ack>(`${base}/cty/${id(companyId)}`),
    /** The upload's pool and its hand-out: managers only. */
    countAssignable: () => api.get<orders_v1_orders.CountReply>(`${base}/count-assign`),
    assign: (items: Array<{ username: string; count: number }>) => api.post<orders_v1_orders.AssignReply>(`${base}/assign`, items),
  };
};
/** The calls of one order list. */
export type OrderApi = ReturnType<typeof orderApi>;

export type KhrRecord = orders_v1_orders.KhrRecord;
export type BaodoRecord = orders_v1_orders.BaodoRecord;

/** Private customers (spec 3 §7.4) and red reports (§7.5). */
export const KHR_LIST = '/api/v1/khr';
export const BAODO_LIST = '/api/v1/baodo';
/** Red report channels (spec 3 §9). */
export const RED_CHANNELS = ['9084 (3)', '9084 (4)', '9084 (CU_PHAP_3)'] as const;

export const khrApi = {
  create: (b: { so_dien_thoai: string; ngay_thanh_cong: string; username_nv?: string }) => api.post<KhrRecord>(KHR_LIST, b),
  update: (id: string, b: { so_dien_thoai: string; ngay_thanh_cong: string; username_nv?: string }) =>
    api.put<KhrRecord>(`${KHR_LIST}/${encodeURIComponent(id)}`, b),
  decide: (id: string, trang_thai: '1' | '2') => api.put<KhrRecord>(`${KHR_LIST}/approve/${encodeURIComponent(id)}`, { trang_thai }),
  remove: (id: string) => api.del<Ack>(`${KHR_LIST}/${encodeURIComponent(id)}`),
};

export interface BaodoInput {
  so_dien_thoai: string;
  ngay_thanh_cong: string;
  username_nv?: string;
  ly_do?: string;
  ten_goi_cuoc: string;
  kenh: string;
}

export const baodoApi = {
  create: (b: BaodoInput) => api.post<BaodoRecord>(BAODO_LIST, b),
  update: (id: string, b: BaodoInput) => api.put<BaodoRecord>(`${BAODO_LIST}/${encodeURIComponent(id)}`, b),
  decide: (id: string, trang_thai_duyet: '1' | '2') =>
    api.put<BaodoRecord>(`${BAODO_LIST}/approve/${encodeURIComponent(id)}`, { trang_thai_duyet }),
  setResult: (id: string, trang_thai: string) =>
    api.put<BaodoRecord>(`${BAODO_LIST}/setTrangThai/${encodeURIComponent(id)}`, { trang_thai }),
  remove: (id: string) => api.del<Ack>(`${BAODO_LIST}/${encodeURIComponent(id)}`),
};
