/**
 * Typed calls of the refunds service (spec 2 §7 "Refund extras", "Settings"; spec 3 §7.7). The
 * server computes every amount and applies every rule; these only carry them.
 */
import type { common_v1_common, refunds_v1_refunds } from '@cskh/proto';
import { RefundsService as Refunds } from '../../api/gen/routes';
import { isManager } from '../../api/access';

export type RefundPrice = refunds_v1_refunds.RefundPrice;
export type RefundPriceInput = Omit<refunds_v1_refunds.RefundPriceInput, 'id'>;
export type Setting = refunds_v1_refunds.Setting;
export type Ack = common_v1_common.Ack;

export const PRICE_LIST = Refunds.listPrices.url();
export const PRICE_IMPORT = Refunds.importPrices;
export const priceHistory = (id: string) => Refunds.priceHistory.url({ id });
export const SETTING = Refunds.listSettings.url();
export const settingHistory = (key: string) => Refunds.settingHistory.url({ id: key });

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

export const priceApi = {
  create: (body: RefundPriceInput) => Refunds.createPrice(body),
  update: (rowId: string, body: RefundPriceInput) => Refunds.updatePrice({ id: rowId, ...body }),
  remove: (rowId: string) => Refunds.deletePrice({ id: rowId }),
  findPackage: (name: string) => Refunds.findPackage({ name }),
  all: () => Refunds.listAllPrices(),
};

export const settingApi = {
  all: () => Refunds.listSettings(),
  get: (key: string) => Refunds.getSetting({ key }),
  update: (key: string, value: string) => Refunds.updateSetting({ key, value }),
};

export type RefundRequest = refunds_v1_refunds.RefundRequest;
/** A request list's answer: the page, and the totals over the whole filter. */
export type RefundRequestList = refunds_v1_refunds.RefundRequestList;
export type RefundTotals = Pick<RefundRequestList, 'tongHoanTien' | 'tongHoanThem' | 'tongNapTien' | 'tongTienSauChietKhau'>;
export type CreateReply = refunds_v1_refunds.CreateReply;

export const REQUEST_LIST = Refunds.listRequests.url();
export const REQUEST_IMPORT = Refunds.importRequests;
export const requestHistory = (id: string) => Refunds.requestHistory.url({ id });

/** request_type (spec 2 §4); the creation dialog offers 1, 2, 4, the inline editor all but 3. */
export const REQUEST_TYPES = [
  { value: 1, label: 'Hoàn trước' },
  { value: 2, label: 'Hoàn sau' },
  { value: 3, label: 'Không hoàn' },
  { value: 4, label: 'Hoàn thêm' },
  { value: 5, label: 'Nạp tiền' },
];

/** request_method with the price-list field each one reads (spec 2 §4, §5). */
export const REQUEST_METHODS: ReadonlyArray<{ value: number; label: string; price: keyof RefundPrice }> = [
  { value: 1, label: 'Gia hạn', price: 'gia_gia_han' },
  { value: 2, label: 'Nâng cấp T1', price: 'gia_nang_cap' },
  { value: 3, label: 'Nâng cấp T2', price: 'gia_nang_cap_t2' },
  { value: 4, label: 'Nâng cấp T3', price: 'gia_nang_cap_t3' },
  { value: 5, label: 'Nâng cấp HT0', price: 'gia_nang_cap_ht0' },
  { value: 6, label: 'Nâng cấp HT1', price: 'gia_nang_cap_ht1' },
  { value: 7, label: 'Nâng cấp HT2', price: 'gia_nang_cap_ht2' },
  { value: 8, label: 'Nâng cấp HT3', price: 'gia_nang_cap_ht3' },
  { value: 9, label: 'Nâng cấp HT4', price: 'gia_nang_cap_ht4' },
  { value: 10, label: 'Nâng cấp G1', price: 'gia_nang_cap_g1' },
  { value: 11, label: 'Nâng cấp G2', price: 'gia_nang_cap_g2' },
  { value: 12, label: 'Nâng cấp G3', price: 'gia_nang_cap_g3' },
];
/** The method column's words: a top-up has no method of its own (stored 0), it is a discount top-up. */
export const METHOD_LABELS = [{ value: 0, label: 'Nạp tiền chiết khấu' }, ...REQUEST_METHODS.map(({ value, label }) => ({ value, label }))];
/** The creation dialog's methods: renewal and G1–G3. */
export const DIALOG_METHODS = [1, 10, 11, 12];

/** Partner transaction status filter values (spec 2 §4). */
export const TRADE_STATUS_FILTER = [
  { value: 'hoan_thanh', label: 'Hoàn thành' },
  { value: 'hoan_tien', label: 'Hoàn tiền' },
  { value: 'da_tao_don_khong_qua_api', label: 'Đã tạo đơn không qua API' },
  { value: 'da_nhan_cho_xu_ly', label: 'Đã nhận chờ xử lý' },
  { value: 'dang_cho_duyet', label: 'Đang chờ duyệt' },
  { value: 'dang_xu_ly', label: 'Đang xử lý' },
  { value: 'tu_choi', label: 'Đơn bị từ chối' },
];

/** The codes a manager may set by hand; 'Đang xử lý' not for prepaid (spec 2 §4). */
export function tradeStatusChoices(numberType: number) {
  const all = [
    { value: -9999, label: 'Hoàn thành' },
    { value: -10000, label: 'Hoàn tiền' },
    { value: -10002, label: 'Đang xử lý' },
  ];
  return numberType === 1 ? all.slice(0, 2) : all;
}

/** Colour of a partner status (spec 2 §4): done green, refund/refused red, others blue. */
export function tradeStatusColor(text: string): 'success' | 'error' | 'default' | 'info' {
  if (text === 'Hoàn thành') return 'success';
  if (text === 'Hoàn tiền' || text === 'Đơn bị từ chối') return 'error';
  if (text === 'Đang xử lý') return 'default';
  return 'info';
}

/** The partner notices of a creation, one alert text each (spec 2 §8; the server writes the text). */
export function noticeText(reply: CreateReply | null | undefined): string {
  return (reply?.notices ?? [])
    .map((n) => n.text)
    .filter(Boolean)
    .join('\n\n');
}

/**
 * Whether a row offers 'Xoá': managers (priority below 3), not while the card
 * gateway's answer is awaited (can_retry) and not once a clawback was collected — the server's
 * rules (services/refunds/src/domain/deletion.ts), which it applies whatever the screen shows.
 */
export function canDeleteRequest(
  r: Pick<RefundRequest, 'can_retry' | 'trang_thai_truy_thu_hoan_theo_goi' | 'trang_thai_truy_thu_hoan_them'>,
  priority: number,
): boolean {
  return (
    isManager(priority) &&
    !r.can_retry &&
    r.trang_thai_truy_thu_hoan_theo_goi !== 'da_truy_thu' &&
    r.trang_thai_truy_thu_hoan_them !== 'da_truy_thu'
  );
}

/**
 * What the phone's copy button puts on the clipboard: its last 9 digits (spec 2 §5 'Copying a phone
 * copies its last 9 digits'); nothing for a number the server sent masked ('****' + last 5).
 */
export function phoneToCopy(phone: unknown): string | null {
  const s = String(phone ?? '');
  const digits = s.replace(/\D/g, '');
  return s.includes('*') || digits.length < 9 ? null : digits.slice(-9);
}

/**
 * The colour of 'Chênh lệch chiết khấu' (spec 2 §6: priority above 2 see it coloured and read-only;
 * managers edit it, uncoloured): a positive difference green, a negative one red, none plain.
 */
export function differenceColor(value: number, priority: number): 'success.main' | 'error.main' | undefined {
  if (isManager(priority) || !value) return undefined;
  return value > 0 ? 'success.main' : 'error.main';
}

export const requestApi = {
  remove: (rowId: string) => Refunds.deleteRequest({ id: rowId }),
  createRefund: (body: Partial<refunds_v1_refunds.CreatePackageRefundRequest>) => Refunds.createPackageRefund(body),
  createTopUp: (body: Partial<refunds_v1_refunds.CreateTopUpRequest>) => Refunds.createTopUp(body),
  /** PUT /{id}: the subscriber corrected (phone and type). */
  correctSubscriber: (rowId: string, body: { number_phone: string; number_type: number }) =>
    Refunds.correctSubscriber({ id: rowId, ...body }),
  approve: (rowId: string, status: 1 | 2) => Refunds.approveTopUp({ id: rowId, status_duyet_don: status, currentOriginUrl: location.href }),
  packageApproval: (rowId: string, v: number) =>
    Refunds.setPackageApproval({ id: rowId, trang_thai_duyet_hoan_goi: v, currentOriginUrl: location.href }),
  transfer: (rowId: string, v: number) => Refunds.setTransferStatus({ id: rowId, is_transfer: v }),
  tradeStatus: (rowId: string, code: number) => Refunds.setTradeStatus({ id: rowId, ma_trang_thai_giao_dich_doi_tac: code }),
  method: (rowId: string, v: number) => Refunds.setMethod({ id: rowId, request_method: v }),
  type: (rowId: string, v: number) => Refunds.setType({ id: rowId, request_type: v }),
  createdTime: (rowId: string, v: string) => Refunds.setCreatedTime({ id: rowId, created_time: v }),
  staff: (rowId: string, username: string) => Refunds.updateStaff({ id: rowId, username }),
  packageCode: (rowId: string, code: string) => Refunds.updatePackage({ id: rowId, package_code: code }),
  extraRefund: (rowId: string, v: number) => Refunds.updateExtraRefund.send({ id: rowId, other_refund: v }),
  refundAmount: (rowId: string, v: number) => Refunds.updateRefundAmount.send({ id: rowId, refund_price: v }),
  difference: (rowId: string, v: number) => Refunds.updateDifference.send({ id: rowId, chenh_lech: v }),
  retry: (rowId: string) => Refunds.retryPartner({ id: rowId, currentOriginUrl: location.href }),
  /** Hand-out: the pool's size, and handing requests to staff. */
  countAssign: () => Refunds.countAssignableRequests(),
  assign: (items: Array<{ username: string; count: number }>) => Refunds.assignRequests({ items }),
};
/** The requests handed to the caller (GET assign, list shape). */
export const ASSIGNED_LIST = Refunds.listAssignedRequests.url();

/** Every field a request's audit trail names, as the screens name it (the history dialog of the list and the report). */
export const HISTORY_FIELD_LABELS: Record<string, string> = {
  created: 'Tạo yêu cầu',
  deleted: 'Xoá bản ghi',
  staff_username: 'Nhân viên',
  staff_fullname: 'Tên nhân viên',
  package_code: 'Gói cước',
  refund_price: 'Số tiền hoàn / nạp',
  other_refund: 'Hoàn thêm',
  other_reason: 'Lý do hoàn thêm',
  transfer_final_amount: 'Số tiền khách chuyển khoản',
  tien_hoan_sau_chiet_khau: 'Tiền sau chiết khấu',
  chenh_lech: 'Chênh lệch chiết khấu',
  username_cap_nhat_chenh_lech: 'Người cập nhật chênh lệch',
  created_time: 'Thời gian yêu cầu',
  request_type: 'Yêu cầu',
  request_method: 'Hình thức',
  is_transfer: 'Chuyển khoản',
  username_duyet_trang_thai_chuyen_khoan: 'Người duyệt chuyển khoản',
  approver: 'Người duyệt',
  status_duyet_don: 'Duyệt đơn',
  trang_thai_duyet_hoan_goi: 'Duyệt hoàn gói',
  username_duyet_trang_thai_duyet_hoan_goi: 'Người duyệt hoàn gói',
  trang_thai_giao_dich_doi_tac: 'Trạng thái giao dịch',
  ma_trang_thai_giao_dich_doi_tac: 'Mã trạng thái giao dịch',
  trang_thai_key: 'Trạng thái (lọc)',
  partner_state: 'Cổng nạp thẻ',
  kenh_doi_tac: 'Kênh đối tác',
  trang_thai_truy_thu_hoan_theo_goi: 'Truy thu hoàn theo gói',
  trang_thai_truy_thu_hoan_them: 'Truy thu hoàn thêm',
  username_duyet_trang_thai_truy_thu_hoan_theo_goi: 'Người đổi truy thu hoàn gói',
  username_duyet_trang_thai_truy_thu_hoan_them: 'Người đổi truy thu hoàn thêm',
  linked_id: 'Yêu cầu đi kèm',
  assigned_to: 'Giao cho',
};

const labelsOf = (opts: ReadonlyArray<{ value: string | number; label: string }>) =>
  Object.fromEntries(opts.map((o) => [String(o.value), o.label]));

/** Stored values of the trail in the screens' words. */
export function historyValueLabels(): Record<string, Record<string, string>> {
  const clawback = labelsOf(CLAWBACK_OPTIONS);
  return {
    created: labelsOf(REQUEST_TYPES),
    request_type: labelsOf(REQUEST_TYPES),
    request_method: labelsOf(METHOD_LABELS),
    is_transfer: { '0': 'Chưa CK', '1': 'Đã CK' },
    status_duyet_don: { '0': 'Chưa duyệt', '1': 'Đã duyệt', '2': 'Từ chối' },
    trang_thai_duyet_hoan_goi: { '0': 'Chưa duyệt hoàn', '1': 'Đã duyệt hoàn', '2': 'Từ chối' },
    trang_thai_key: labelsOf(TRADE_STATUS_FILTER),
    partner_state: { none: 'Không qua cổng', pending: 'Đang gửi', unknown: 'Chưa phản hồi', answered: 'Đã trả lời' },
    kenh_doi_tac: labelsOf(CHANNEL_OPTIONS),
    trang_thai_truy_thu_hoan_theo_goi: clawback,
    trang_thai_truy_thu_hoan_them: clawback,
    deleted: { true: 'Đã xoá' },
  };
}

export const REPORT_LIST = Refunds.listReport.url();
export type ClawbackList = refunds_v1_refunds.ClawbackList;

/** Clawback statuses (spec 2 §4) with their colours and the confirm text of each (spec 2 §5). */
export const CLAWBACK_OPTIONS = [
  { value: 'truy_thu', label: 'Truy thu', color: 'error' as const, confirm: "Xác nhận đổi trạng thái 'Truy thu'?" },
  { value: 'da_truy_thu', label: 'Đã truy thu', color: 'info' as const, confirm: "Xác nhận đổi trạng thái 'Đã truy thu'?" },
  { value: 'binh_thuong', label: 'Bình thường', color: 'success' as const, confirm: "Xác nhận đổi trạng thái 'Bình thường'?" },
];

/** The label of a clawback status; a top-up's normal state reads 'ĐÃ THANH TOÁN' (spec 2 §4). */
export function clawbackLabel(value: string, requestType: number): string {
  if (value === 'binh_thuong' && requestType === 5) return 'ĐÃ THANH TOÁN';
  return CLAWBACK_OPTIONS.find((o) => o.value === value)?.label ?? value;
}

export const reportApi = {
  /** 'Xoá' from the report's row (spec 2 §7 "Refund report": DELETE /{id}); the server's rules are the list's. */
  remove: (rowId: string) => Refunds.deleteReportRequest({ id: rowId }),
  staff: () => Refunds.reportStaff(),
  clawbackList: (query: Record<string, unknown>) => Refunds.listClawback.send(query),
  setPackage: (rowId: string, v: string) =>
    Refunds.setClawbackPackage({ id: rowId, trang_thai_truy_thu_hoan_theo_goi: v, currentOriginUrl: location.href }),
  setExtra: (rowId: string, v: string) =>
    Refunds.setClawbackExtra({ id: rowId, trang_thai_truy_thu_hoan_them: v, currentOriginUrl: location.href }),
};
