/**
 * Care results (spec 1 §4) with their labels, in the dialog's order (the first is the default).
 * Imports nothing: the web bundles this file, so the codes and labels are written once for both.
 */
export const CARE_RESULTS = [
  { value: 'APPROVED', label: 'Đồng ý' },
  { value: 'REJECTED', label: 'Không đồng ý' },
  { value: 'APPOINTMENT', label: 'Hẹn lại' },
  { value: 'KBM', label: 'Không bắt máy' },
  { value: 'KLLĐ', label: 'Không liên lạc được' },
  { value: 'KEEP', label: 'Dùng lại gói cũ' },
  { value: 'RE-REGISTER', label: 'Đã đăng ký lại' },
] as const;

export type CareResult = (typeof CARE_RESULTS)[number]['value'];

/** A customer's own status (spec 1 §3 "Subscriber statuses"): where it stands between upload and care. */
export const SUBSCRIBER_STATUSES = [
  { value: 'NORMAL', label: 'Bình thường' },
  { value: 'ASSIGNED', label: 'Đã giao' },
  { value: 'BLOCKED', label: 'Đã chặn' },
  { value: 'TAKECARE', label: 'Chăm sóc' },
  { value: 'APPROVED', label: 'Xác nhận' },
  { value: 'REGISTERED', label: 'Đã đăng ký' },
] as const;

/**
 * A customer's status as staff read it: once cared for it holds the last care result (its label),
 * before that one of the subscriber statuses; a code neither list knows is shown as it is.
 */
export function customerStatusLabel(code: string): string {
  const all: ReadonlyArray<{ value: string; label: string }> = [...CARE_RESULTS, ...SUBSCRIBER_STATUSES];
  return all.find((s) => s.value === code)?.label ?? code;
}
