/**
 * The dialogs of 'Yêu cầu hoàn tiền' (spec 2 §2.9, §5): 'Hoàn tiền gói cước', 'Nạp tiền chiết khấu'
 * and 'Cài đặt'. The server computes and stores every amount; the dialogs show the transfer amount
 * of a top-up live with the server's own arithmetic (discount-math.ts) and the rate of the chosen
 * subscriber type, and fill the face amount back from a typed transfer amount.
 */
import type { FieldDef, FormConfig, FormOption, FormValues } from '../../form/types';
import { moneyDigits } from '../../form/values';
import { formatNumber } from '../../common/format';
import type { HandOut } from '../../common/HandOutDialog';
import { faceOf, rateHundredthsOf, transferOf } from '../../../../services/refunds/src/domain/discount-math';
import { staffPickerOptions, type StaffOption } from '../../common/refdata';
import {
  CHANNEL_OPTIONS,
  DIALOG_METHODS,
  REQUEST_METHODS,
  REQUEST_TYPES,
  priceApi,
  reportApi,
  requestApi,
  settingApi,
  type RefundPrice,
} from './api';
import { isManager } from '../../api/access';

/** The alert of spec 2 §5 (with its line break). */
export const REFUND_REQUIRED_ALERT = '[Lỗi]\nCó trường bắt buộc chưa được nhập hoặc chưa được chọn';
export const ASK_DISCOUNT_ORDER = 'Bạn chưa trả lời có lên đơn chiết khấu hay không';
export const ASK_REFUND_ORDER = 'Bạn chưa trả lời có lên đơn hoàn tiền hay không';
/** What to do when the package has no refund price: the methods and their amounts come from 'Giá hoàn tiền'. */
export const NO_REFUND_PRICE_HINT =
  "Kiểm tra lại tên gói cước, hoặc nhờ quản lý thêm giá hoàn tiền của gói này trong 'Giá hoàn tiền' rồi nhập lại tên gói.";

export const NUMBER_TYPES: FormOption[] = [
  { value: '1', label: 'Trả trước (MC)' },
  { value: '2', label: 'Trả sau (MG)' },
];
const YES_NO: FormOption[] = [
  { value: '1', label: 'Có', testKey: 'yes' },
  { value: '0', label: 'Không', testKey: 'no' },
];

/** One creation per opening: the dialog's creation time makes a double submit create once. */
let openedAt = Date.now();
export function markDialogOpened() {
  openedAt = Date.now();
  loadRates().catch(() => undefined);
}

/** The discount rates the server applies, by subscriber type ('1' prepaid, '2' postpaid), in hundredths of a percent. */
export type Rates = Record<string, number | null>;
let rates: Rates = {};
/** The rate of the subscriber type chosen in the dialog's values. */
const rateOf = (v: FormValues) => rates[String(v.number_type ?? '')];
async function loadRates() {
  const s = await loadSettings();
  rates = { '1': rateHundredthsOf(s.ti_le_chiet_khau), '2': rateHundredthsOf(s.ti_le_chiet_khau_tra_sau) };
}

/** The transfer amount of a typed face amount ('' while either is unknown): what the server will store. */
export function transferText(face: unknown, rate: number | null | undefined): string {
  const d = moneyDigits(face);
  return d && rate !== null && rate !== undefined ? String(transferOf(Number(d), rate)) : '';
}

/** The face amount of a typed transfer amount ('' while either is unknown, or at a 100 % rate). */
export function faceText(transfer: unknown, rate: number | null | undefined): string {
  const d = moneyDigits(transfer);
  return d && rate !== null && rate !== undefined && rate < 10000 ? String(faceOf(Number(d), rate)) : '';
}

/** Under the transfer amount: the rate it comes from, or what is missing. */
export function transferHint(numberType: unknown, rate: number | null | undefined): string {
  if (!numberType) return 'Chọn loại thuê bao để tính số tiền khách chuyển khoản';
  if (rate === null || rate === undefined) return 'Chưa đọc được tỉ lệ chiết khấu, số tiền chuyển khoản do hệ thống tính khi tạo yêu cầu';
  const kind = numberType === '1' ? 'trả trước' : 'trả sau';
  return `Tỉ lệ chiết khấu ${kind} ${rate / 100}%: khách chuyển khoản số tiền này. Nhập số tiền chuyển khoản để tính ngược số tiền nạp`;
}

/** The face amount field `face` and its live transfer amount, both ways. */
function amountPair(face: FieldDef, visible?: (v: FormValues) => boolean): FieldDef[] {
  return [
    { ...face, visible, derive: (v) => ({ transfer_final_amount: transferText(v[face.key], rateOf(v)) }) },
    {
      key: 'transfer_final_amount',
      label: 'Số tiền khách chuyển khoản',
      type: 'money',
      visible,
      derive: (v) => {
        const back = faceText(v.transfer_final_amount, rateOf(v));
        return back ? { [face.key]: back } : {};
      },
      helperText: (v) => transferHint(v.number_type, rateOf(v)),
    },
  ];
}

/** The dialog's methods (renewal, G1–G3) with the package's refund price of each. */
export function methodOptions(price: RefundPrice | null): FormOption[] {
  return REQUEST_METHODS.filter((m) => DIALOG_METHODS.includes(m.value)).map((m) => ({
    value: String(m.value),
    label: price ? `${m.label} (${formatNumber(price[m.price])})` : m.label,
    testKey: String(m.value),
  }));
}

const loadMethods = async (v: FormValues) => methodOptions(await priceApi.findPackage(String(v.package_code).trim()));

/** Fields shared by both dialogs; a change of subscriber type recomputes the transfer amount of `faceKey`. */
const subscriberFields = (faceKey: string): FieldDef[] => [
  { key: 'number_phone', label: 'Số điện thoại', type: 'text', required: true, digitsOnly: true },
  {
    key: 'number_type',
    label: 'Loại thuê bao',
    type: 'select',
    required: true,
    options: NUMBER_TYPES,
    derive: (v) => ({ transfer_final_amount: transferText(v[faceKey], rateOf(v)) }),
  },
  { key: 'package_code', label: 'Tên gói cước', type: 'text', required: true, resets: ['request_method'] },
];

const refundFields = (when: (v: FormValues) => boolean): FieldDef[] => [
  {
    key: 'request_type',
    label: 'Yêu cầu',
    type: 'select',
    required: when,
    visible: when,
    options: REQUEST_TYPES.filter((t) => [1, 2, 4].includes(t.value)).map((t) => ({ value: String(t.value), label: t.label })),
  },
  {
    key: 'request_method',
    label: 'Hình thức',
    type: 'select',
    required: when,
    visible: when,
    loadOptions: loadMethods,
    optionsKey: (v) => String(v.package_code ?? '').trim() || undefined,
    // The package has no refund price (404 'Không tìm thấy giá hoàn tiền…'): say so and who fixes it.
    loadErrorHint: NO_REFUND_PRICE_HINT,
  },
];

const num = (v: unknown) => (v === undefined || v === null || v === '' ? 0 : Number(v));

/** What 'Hoàn tiền gói cước' sends (selects as their values, amounts as numbers; blank: null). */
type PackageRefundValues = {
  number_phone: string;
  number_type: string;
  package_code: string;
  request_type: string;
  request_method: string;
  other_refund?: number | null;
  other_reason?: string;
  cho_len_don?: string;
  nap_tien?: number | null;
};

export const packageRefundForm: FormConfig<unknown, PackageRefundValues> = {
  title: 'Hoàn tiền gói cước',
  requiredAlert: REFUND_REQUIRED_ALERT,
  submitLabel: 'Tạo yêu cầu',
  errorMsg: '[YÊU CẦU HOÀN TIỀN] Tạo yêu cầu không thành công',
  fields: [
    ...subscriberFields('nap_tien'),
    ...refundFields(() => true),
    { key: 'other_refund', label: 'Hoàn thêm', type: 'money', omitBlank: true },
    { key: 'other_reason', label: 'Lý do hoàn thêm', type: 'text', omitBlank: true },
    {
      key: 'cho_len_don',
      label: 'Lên đơn chiết khấu?',
      type: 'select',
      options: YES_NO,
      // Asked last: a missing field above it gets the form's alert first (the form takes the first missing field's text).
      required: true,
      requiredMsg: ASK_DISCOUNT_ORDER,
    },
    ...amountPair({ key: 'nap_tien', label: 'Số tiền nạp', type: 'money', required: true }, (v) => v.cho_len_don === '1'),
  ],
  submit: (v) =>
    requestApi.createRefund({
      millisecond_created_at: openedAt,
      number_phone: v.number_phone,
      number_type: Number(v.number_type),
      package_code: v.package_code,
      request_type: Number(v.request_type),
      request_method: Number(v.request_method),
      other_refund: num(v.other_refund),
      other_reason: v.other_reason ?? '',
      cho_len_don: v.cho_len_don === undefined ? undefined : Number(v.cho_len_don),
      nap_tien: num(v.nap_tien),
      currentOriginUrl: location.href,
    }),
};

const chained = (v: FormValues) => v.cho_len_don === '1';

/** What 'Nạp tiền chiết khấu' sends (the refund's type and method only when a refund order is chained). */
type TopUpValues = {
  number_phone: string;
  number_type: string;
  package_code: string;
  refund_price: number | null;
  cho_len_don?: string;
  request_type?: string;
  request_method?: string;
};

export const topUpForm: FormConfig<unknown, TopUpValues> = {
  title: 'Nạp tiền chiết khấu',
  requiredAlert: REFUND_REQUIRED_ALERT,
  submitLabel: 'Tạo yêu cầu',
  errorMsg: '[NẠP TIỀN CHIẾT KHẤU] Tạo yêu cầu không thành công',
  fields: [
    ...subscriberFields('refund_price'),
    ...amountPair({ key: 'refund_price', label: 'Số tiền nạp', type: 'money', required: true }),
    {
      key: 'cho_len_don',
      label: 'Lên đơn hoàn tiền?',
      type: 'select',
      options: YES_NO,
      required: true,
      requiredMsg: ASK_REFUND_ORDER,
    },
    ...refundFields(chained),
  ],
  submit: (v) =>
    requestApi.createTopUp({
      millisecond_created_at: openedAt,
      number_phone: v.number_phone,
      number_type: Number(v.number_type),
      package_code: v.package_code,
      refund_price: num(v.refund_price),
      cho_len_don: v.cho_len_don === undefined ? undefined : Number(v.cho_len_don),
      is_transfer: 0,
      request_type: chained(v) ? Number(v.request_type) : 0,
      request_method: chained(v) ? Number(v.request_method) : 0,
    }),
};

/** The current settings as the dialog's row (key → value). */
export async function loadSettings(): Promise<Record<string, string>> {
  const r = await settingApi.all();
  return Object.fromEntries((r.values ?? []).map((s) => [s.key, s.value]));
}

/** 'Cài đặt' (spec 2 §2.11): the channel (required); the two rates for priority below 3. */
export const settingsForm: FormConfig<Record<string, string>> = {
  title: 'Cài đặt',
  submitLabel: 'Lưu',
  successMsg: 'Cập nhật cài đặt thành công',
  errorMsg: 'Cập nhật cài đặt không thành công',
  fields: [
    { key: 'kenh_hoan_tien', label: 'Kênh hoàn tiền', type: 'select', required: true, options: CHANNEL_OPTIONS },
    {
      key: 'ti_le_chiet_khau',
      label: 'Tỉ lệ chiết khấu trả trước (%)',
      type: 'text',
      required: true,
      visibleTo: (s) => isManager(s.priority),
    },
    {
      key: 'ti_le_chiet_khau_tra_sau',
      label: 'Tỉ lệ chiết khấu trả sau (%)',
      type: 'text',
      required: true,
      visibleTo: (s) => isManager(s.priority),
    },
  ],
  submit: async (v, ctx) => {
    const before = ctx.row ?? {};
    for (const key of ['kenh_hoan_tien', 'ti_le_chiet_khau', 'ti_le_chiet_khau_tra_sau']) {
      if (v[key] !== undefined && String(v[key]) !== String(before[key] ?? '')) await settingApi.update(key, String(v[key]));
    }
  },
};

/**
 * 'Phân chia yêu cầu' (spec 2 §7 POST assign, §8 'Phân chia dữ liệu thành công.' /
 * 'Phân chia dữ liệu thất bại. Vui lòng thử lại lần sau.'): a manager hands pooled requests (not
 * finished, held by no one), oldest first, to staff; the server says what they got.
 */
export const requestHandOut: HandOut = {
  testId: 'requestrefund-assign',
  title: 'Phân chia yêu cầu hoàn tiền',
  poolText: (n) => `Còn ${n} yêu cầu chưa giao (chưa hoàn thành, chưa giao cho ai)`,
  poolFailed: 'Không tải được số yêu cầu chưa giao',
  countLabel: 'Số yêu cầu giao',
  submitLabel: 'Phân chia',
  countPool: async () => (await requestApi.countAssign()).total,
  staff: async () => staffPickerOptions(((await reportApi.staff()).values ?? []) as StaffOption[]),
  handOut: requestApi.assign,
};
