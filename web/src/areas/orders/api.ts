/**
 * Typed calls of the orders service (spec 3 §7.7, §7.8). The server applies every rule (masking,
 * hidden columns, who may change what, the export ban, the auto-cancel) — these only carry them.
 */
import type { common_v1_common, orders_v1_orders } from '@cskh/proto';
import { ApiError } from '../../api/client';
import { BaodoService, KhrService, OrderService, PackagePriceService } from '../../api/gen/routes';

export type PackagePrice = orders_v1_orders.PackagePrice;
export type PriceList = orders_v1_orders.PriceList;
export type Ack = common_v1_common.Ack;

/** The two price lists (spec 3 §2.13, §2.14) and their export files (spec 3 §9). */
export type PriceKind = 'mfy' | '9279';
export const PRICE_LISTS: Record<PriceKind, { endpoint: string; title: string; exportFile: string; testId: string }> = {
  mfy: { endpoint: PackagePriceService.mfy.listPrices.url(), title: 'Giá gói mfy', exportFile: 'Gia-goi-mfy.xlsx', testId: 'giagoimfy' },
  '9279': {
    endpoint: PackagePriceService['9279'].listPrices.url(),
    title: 'Giá gói đăng ký 9279',
    exportFile: 'Gia-goi-dangky9279.xlsx',
    testId: 'giagoidangky9279',
  },
};

/** A price as the dialog sends it (the server checks all five fields again). */
export type PriceInput = Omit<orders_v1_orders.SavePriceRequest, 'id' | 'kind'>;

export const priceApi = (kind: PriceKind) => {
  const svc = PackagePriceService[kind];
  return {
    create: (p: PriceInput) => svc.createPrice(p),
    update: (id: string, p: PriceInput) => svc.updatePrice({ id, ...p }),
    remove: (id: string) => svc.deletePrice({ id }),
    /** Every package of the list (the order dialogs' package and sale-price choices). */
    listNoLimit: () => svc.listAllPrices(),
    findPackage: (name: string) => svc.findPackage({ name }),
    history: (id: string) => svc.priceHistory.url({ id }),
    importEndpoint: svc.importPrices,
  };
};

export type OrderRecord = orders_v1_orders.OrderRecord;
export type OrderList = orders_v1_orders.OrderList;
/** An order list's answer as the screen keeps it: with the moment it arrived (the countdown's offset). */
export type OrderPage = OrderList & { __loadedAt?: number };
export type StaffOptionList = common_v1_common.StaffOptionList;

/** The two order lists (spec 3 §2.15, §2.16) and their export files (spec 3 §9). */
export type OrderKind = 'mfy' | '9279';
export const ORDER_LISTS: Record<OrderKind, { endpoint: string; title: string; exportFile: string; testId: string; prices: PriceKind }> = {
  mfy: { endpoint: OrderService.mfy.listOrders.url(), title: 'Mfy', exportFile: 'Bao-cao-Mfy.xlsx', testId: 'mfy', prices: 'mfy' },
  '9279': {
    endpoint: OrderService['9279'].listOrders.url(),
    title: 'Đăng ký 9279',
    exportFile: 'Bao-cao-dang-ky-9279.xlsx',
    testId: 'dangky9279',
    prices: '9279',
  },
};

export type OrderInput = Omit<orders_v1_orders.SaveOrderRequest, 'id' | 'kind'>;

/** A call the other order list has and this one does not: refused as the server would (no such route). */
const notOnThisList = () => Promise.reject(new ApiError(404, 'NOT_FOUND', 'Chức năng này không có trên danh sách này'));

export const orderApi = (kind: OrderKind) => {
  const svc = OrderService[kind];
  return {
    create: (o: OrderInput) => svc.createOrder(o),
    update: (id: string, o: Partial<OrderInput>) => svc.updateOrder({ id, ...o }),
    remove: (id: string) => svc.deleteOrder({ id }),
    companyNote: (id: string, body: { cty?: string; note?: string }) => svc.updateCompanyNote({ id, ...body }),
    setStatus: (id: string, trang_thai: string) => svc.setStatus({ id, trang_thai }),
    setCollection: (id: string, trang_thai_thu_tien: string) => svc.setCollectionStatus({ id, trang_thai_thu_tien }),
    setInfoApproval: (id: string, trang_thai_duyet_thong_tin: string) => svc.setInfoApproval({ id, trang_thai_duyet_thong_tin }),
    clearClawback: (id: string) => svc.clearClawback({ id }),
    packageCode: (id: string, package_code: string) => svc.updatePackageCode({ id, package_code }),
    tier: (id: string, gia_ban_goi: string | number) => svc.updateSaleTier.send({ id, gia_ban_goi }),
    ownerPhone: (id: string, so_dien_thoai_chu: string) => svc.updateOwnerPhone({ id, so_dien_thoai_chu }),
    difference: (id: string, chenh_lech: string | number) => svc.updateDifference.send({ id, chenh_lech }),
    revenue: (id: string, doanh_thu: string | number) =>
      'updateRevenue' in svc ? svc.updateRevenue.send({ id, doanh_thu }) : notOnThisList(),
    salaryRatio: (id: string, ti_le_doanh_thu_tinh_luong: string | number) =>
      'updateSalaryRatio' in svc ? svc.updateSalaryRatio.send({ id, ti_le_doanh_thu_tinh_luong }) : notOnThisList(),
    form: (id: string, hinh_thuc: string) => ('setOrderType' in svc ? svc.setOrderType.send({ id, hinh_thuc }) : notOnThisList()),
    createdTime: (id: string, created_time: string) =>
      'setCreatedTime' in svc ? svc.setCreatedTime({ id, created_time }) : notOnThisList(),
    invite: (id: string) => svc.inviteAutomatically({ id }),
    eligibility: (phone: string) => svc.lookUpEligibility({ phone }),
    employees: () => svc.listEmployees(),
    history: (id: string) => svc.orderHistory.url({ id }),
    importEndpoint: svc.importOrders,
    /** The managed partner companies: managers only. */
    companies: () => svc.listCompanies(),
    addCompany: (name: string) => svc.addCompany({ name }),
    removeCompany: (id: string) => svc.deleteCompany({ id }),
    /** The upload's pool and its hand-out: managers only. */
    countAssignable: () => svc.countAssignable(),
    assign: (items: Array<{ username: string; count: number }>) => svc.assign({ items }),
  };
};
/** The calls of one order list. */
export type OrderApi = ReturnType<typeof orderApi>;

export type KhrRecord = orders_v1_orders.KhrRecord;
export type BaodoRecord = orders_v1_orders.BaodoRecord;

/** Private customers (spec 3 §7.4) and red reports (§7.5). */
export const KHR_LIST = KhrService.listKhr.url();
export const KHR_IMPORT = KhrService.importKhr;
export const khrHistory = (id: string) => KhrService.khrHistory.url({ id });
export const BAODO_LIST = BaodoService.listBaodo.url();
export const BAODO_IMPORT = BaodoService.importBaodo;
export const baodoHistory = (id: string) => BaodoService.baodoHistory.url({ id });
/** Red report channels (spec 3 §9). */
export const RED_CHANNELS = ['9084 (3)', '9084 (4)', '9084 (CU_PHAP_3)'] as const;

/** A private customer as the dialog sends it. */
export type KhrInput = Partial<Omit<orders_v1_orders.SaveKhrRequest, 'id'>>;

export const khrApi = {
  create: (b: KhrInput) => KhrService.createKhr(b),
  update: (id: string, b: KhrInput) => KhrService.updateKhr({ id, ...b }),
  decide: (id: string, trang_thai: '1' | '2') => KhrService.approveKhr.send({ id, trang_thai }),
  remove: (id: string) => KhrService.deleteKhr({ id }),
};

/** A red report as the dialog sends it (the form's values; the server checks them). */
export type BaodoInput = Partial<Omit<orders_v1_orders.SaveBaodoRequest, 'id'>>;

export const baodoApi = {
  create: (b: BaodoInput) => BaodoService.createBaodo(b),
  update: (id: string, b: BaodoInput) => BaodoService.updateBaodo({ id, ...b }),
  decide: (id: string, trang_thai_duyet: '1' | '2') => BaodoService.approveBaodo.send({ id, trang_thai_duyet }),
  setResult: (id: string, trang_thai: string) => BaodoService.setBaodoResult({ id, trang_thai }),
  remove: (id: string) => BaodoService.deleteBaodo({ id }),
};
