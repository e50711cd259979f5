/** Every Vietnamese message the orders service answers with, in one place (spec 3 quoted exactly where it has the text). */
export const MSG = {
  // spec 3 §5 / §8: the order dialogs' alert text (also used for any required field left blank)
  required: 'Có trường bắt buộc chưa được nhập hoặc chưa được chọn',
  exportForbidden: 'Bạn không có quyền xuất dữ liệu',
  // price lists
  priceNotFound: 'Không tìm thấy giá gói',
  packageNotFound: (name: string) => `Không tìm thấy gói cước ${name}`,
  priceNameTooLong: 'Tên gói cước dài quá 100 ký tự',
  priceExists: (name: string) => `Gói cước ${name} đã có trong bảng giá`,
  amountInvalid: (label: string) => `${label} không hợp lệ (chỉ gồm chữ số)`,
  priceDeleted: 'Xoá bản ghi thành công',
} as const;

/** Labels of the price fields, as the price-list screen names them. */
export const PRICE_LABELS = {
  ten_goi_cuoc: 'Tên gói cước',
  phi_thu_hoi: 'Phí thu hồi',
  gia_t1: 'Giá T1',
  gia_t2: 'Giá T2',
  gia_t3: 'Giá T3',
} as const;
