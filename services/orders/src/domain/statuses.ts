/**
 * Order statuses (spec 3 §4) and the rules the spec leaves to the server ("which transitions the
 * server accepts is not shown"): what a status change does to the request status, when the
 * 10-minute auto-cancel window runs, and whom the change reminds. Written down in the README.
 */
export type OrderKind = 'mfy' | '9279';
/** The list a request names (its `kind`, fixed by the route called), or undefined for any other value. */
export const orderKindOf = (raw: unknown): OrderKind | undefined => (raw === 'mfy' || raw === '9279' ? raw : undefined);

/** Who the server records for its own changes (spec 3 §4: '__AUTO' = set automatically). */
export const AUTO = '__AUTO';

/** The auto-cancel window (spec 3 §9: 10 minutes). */
export const CANCEL_WINDOW_MS = 10 * 60_000;

export const MFY_STATUSES = [
  'dang_cho_duyet',
  'duyet',
  'duyet_lan_2',
  'da_soan_y_lan_1',
  'dang_ky_thanh_cong',
  'thu_hoi',
  'huy_qua_han',
  'huy_qua_han_lan_2',
] as const;
export const MFY_REQUEST_STATUSES = [
  'cho_soan_y',
  'qua_han',
  'da_soan_y_lan_1',
  'cho_soan_y_lan_2',
  'qua_han_lan_2',
  'dang_cho_xu_ly',
  'thanh_cong',
  'thu_hoi',
  'that_bai',
] as const;
export const R9279_STATUSES = ['dang_cho_duyet', 'y1', 'y2', 'y3', 'y4', 'y5', 'y6', 'bi_moi', 'dang_ky_thanh_cong', 'that_bai'] as const;
export const R9279_REQUEST_STATUSES = [
  'dang_cho_xu_ly',
  'cho_soan_y',
  'soan_y1',
  'soan_y2',
  'soan_y3',
  'soan_y4',
  'soan_y5',
  'soan_y6',
  'bi_moi',
  'thanh_cong',
  'that_bai',
] as const;
export const COLLECTION_STATUSES = ['da_chuyen_khoan', 'da_thu_tien_mat', 'chua_thu_tien', 'yeu_cau_thu_hoi'] as const;
/** The manager dropdown offers three; da_thu_tien_mat is shown but never set by a user (spec 3 §4). */
export const SETTABLE_COLLECTION_STATUSES = ['da_chuyen_khoan', 'chua_thu_tien', 'yeu_cau_thu_hoi'] as const;
export const INFO_APPROVAL_STATUSES = ['dang_cho_duyet', 'da_duyet', 'tu_choi'] as const;
export const FORMS = ['dang_ky', 'gia_han'] as const;

/**
 * The one name of each state, for every role and every place that shows it: the lists, their
 * filters and selects, the audit trails, the exports (web/src/areas/orders/statuses.ts uses it)
 * and the reminders (reminderText). A state's name is written nowhere else. 'cho_soan_y' is the
 * first of the customer's two chances to confirm ('lần 1', as the reminder and 'lần 2' say).
 */
export const STATE_LABELS: Readonly<Record<string, string>> = {
  dang_cho_duyet: 'Đang chờ duyệt',
  duyet: 'Duyệt',
  duyet_lan_2: 'Duyệt lần 2',
  da_soan_y_lan_1: 'Đã soạn Y lần 1',
  dang_ky_thanh_cong: 'Đăng ký thành công',
  thu_hoi: 'Thu hồi',
  huy_qua_han: 'Huỷ quá hạn',
  huy_qua_han_lan_2: 'Huỷ quá hạn lần 2',
  cho_soan_y: 'Chờ soạn Y lần 1',
  qua_han: 'Quá hạn',
  cho_soan_y_lan_2: 'Chờ soạn Y lần 2',
  qua_han_lan_2: 'Quá hạn lần 2',
  dang_cho_xu_ly: 'Đang chờ xử lý',
  thanh_cong: 'Thành công',
  that_bai: 'Thất bại',
  bi_moi: 'Bị mời',
  da_chuyen_khoan: 'Đã chuyển khoản',
  da_thu_tien_mat: 'Đã thu tiền mặt',
  chua_thu_tien: 'Chưa thu tiền',
  yeu_cau_thu_hoi: 'Yêu cầu thu hồi',
  da_duyet: 'Đã duyệt',
  tu_choi: 'Từ chối',
  dang_ky: 'Đăng ký',
  gia_han: 'Gia hạn',
  ...Object.fromEntries(
    [1, 2, 3, 4, 5, 6].flatMap((i) => [
      [`y${i}`, `Y${i}`],
      [`soan_y${i}`, `Soạn Y${i}`],
    ]),
  ),
};

/** A state's name (the value itself when it has none, never blank). */
export const stateLabel = (v: string) => STATE_LABELS[v] ?? v;

export const statusesOf = (kind: OrderKind): readonly string[] => (kind === 'mfy' ? MFY_STATUSES : R9279_STATUSES);
export const requestStatusesOf = (kind: OrderKind): readonly string[] => (kind === 'mfy' ? MFY_REQUEST_STATUSES : R9279_REQUEST_STATUSES);

/** A new order: waiting for approval, and for the customer to confirm with Y (the countdown runs from creation). */
export const INITIAL = {
  trang_thai: 'dang_cho_duyet',
  trang_thai_yeu_cau: 'cho_soan_y',
  trang_thai_thu_tien: 'chua_thu_tien',
  trang_thai_duyet_thong_tin: 'dang_cho_duyet',
};

/**
 * The request status a status change leaves the order in. Mfy: a new (or re-opened) order and the
 * second approval ask the customer to confirm (cho_soan_y / cho_soan_y_lan_2, each with its
 * 10-minute window); the first approval leaves it with the staff (dang_cho_xu_ly); a confirmed
 * first Y waits for the manager (da_soan_y_lan_1); success, revoke and the two cancels close it. 9279:
 * y1–y6 are the customer's confirmations (soan_y1–soan_y6), the rest map by name.
 */
export function requestStatusAfter(kind: OrderKind, status: string): string {
  if (kind === 'mfy') {
    const m: Record<string, string> = {
      dang_cho_duyet: 'cho_soan_y',
      duyet: 'dang_cho_xu_ly',
      duyet_lan_2: 'cho_soan_y_lan_2',
      da_soan_y_lan_1: 'da_soan_y_lan_1',
      dang_ky_thanh_cong: 'thanh_cong',
      thu_hoi: 'thu_hoi',
      huy_qua_han: 'qua_han',
      huy_qua_han_lan_2: 'qua_han_lan_2',
    };
    return m[status] ?? 'dang_cho_xu_ly';
  }
  const y = /^y([1-6])$/.exec(status);
  if (y) return `soan_y${y[1]}`;
  const m: Record<string, string> = {
    dang_cho_duyet: 'dang_cho_xu_ly',
    bi_moi: 'bi_moi',
    dang_ky_thanh_cong: 'thanh_cong',
    that_bai: 'that_bai',
  };
  return m[status] ?? 'dang_cho_xu_ly';
}

/** The status the auto-cancel moves an order to, for the request statuses that have a window (mfy). */
export const AUTO_CANCEL: Readonly<Record<string, { status: string; request: string }>> = {
  cho_soan_y: { status: 'huy_qua_han', request: 'qua_han' },
  cho_soan_y_lan_2: { status: 'huy_qua_han_lan_2', request: 'qua_han_lan_2' },
};

/**
 * When the server cancels an order left in a waiting request status: 10 minutes after the status
 * changed (creation when it never did), for mfy orders in cho_soan_y / cho_soan_y_lan_2; null
 * otherwise (spec 3 §4 "Automatic cancel rule (mfy)").
 */
export function cancelDueAt(kind: OrderKind, requestStatus: string, changedAt: Date | null, createdAt: Date): Date | null {
  if (kind !== 'mfy' || !AUTO_CANCEL[requestStatus]) return null;
  return new Date((changedAt ?? createdAt).getTime() + CANCEL_WINDOW_MS);
}

/** Reminder kinds of `GET …/nhacNhanVien` and the pushed reminders (spec 3 §4 "Reminder polling"). */
export type ReminderKind = 'can_duyet' | 'soan_y' | 'soan_y_lan_2';

/**
 * Whom a request status reminds: the salesperson must get the customer to confirm (soan_y,
 * soan_y_lan_2); a first Y confirmed needs a manager's approval (can_duyet, priority below 3).
 */
export function reminderFor(requestStatus: string): { kind: ReminderKind; to: 'staff' | 'managers' } | null {
  if (requestStatus === 'cho_soan_y') return { kind: 'soan_y', to: 'staff' };
  if (requestStatus === 'cho_soan_y_lan_2') return { kind: 'soan_y_lan_2', to: 'staff' };
  if (requestStatus === 'da_soan_y_lan_1') return { kind: 'can_duyet', to: 'managers' };
  return null;
}

/**
 * The toast texts of spec 3 §8 for a reminder (phone as the recipient may see it); the waiting
 * state is named as the lists name it ('đang chờ soạn Y lần 1' = 'Chờ soạn Y lần 1').
 */
export function reminderText(kind: ReminderKind, phone: string): string {
  if (kind === 'can_duyet') return `Đơn ${phone} cần duyệt. Vui lòng kiểm tra!`;
  const state = stateLabel(kind === 'soan_y' ? 'cho_soan_y' : 'cho_soan_y_lan_2');
  return `Đơn ${phone} đang ${state.charAt(0).toLowerCase()}${state.slice(1)}. Vui lòng kiểm tra!`;
}

/** Statuses that count as a successful registration (revenue, payroll). */
export const isSuccess = (status: string) => status === 'dang_ky_thanh_cong';
