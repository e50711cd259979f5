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
