/**
 * The carrier's codes as staff read them, shared by the subscriber lookup panels and
 * the scan exports: the subscriber type and a package's status in the carrier's history.
 */
export const NUM_TYPES: Record<string, string> = { MC: 'MC - Trả trước', MG: 'MG - Trả sau' };

export const PACKAGE_STATUS: Record<string, string> = { ACTIVE: 'Đang hoạt động', EXPIRED: 'Hết hạn', CANCELLED: 'Đã huỷ' };
