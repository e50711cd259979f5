/**
 * The words staff read on the menu, tabs and screen titles where the spec names a screen in English:
 * said once here, and every area's labels import them (an exported file or toast says the same).
 */
export const WORDS = {
  /** The landing screen, spec 'Dashboard'. */
  home: 'Trang chủ',
  /** Numbers never to be called, spec 'Blacklist'. */
  blacklist: 'Danh sách chặn',
  /** The customer-sheet upload, spec 'Upload'. */
  upload: 'Tải lên khách hàng',
  /** The data-split file upload, spec 'Upload chia data' (its permission's name says the same, services/auth catalogue). */
  splitUpload: 'Tải lên chia data',
} as const;
