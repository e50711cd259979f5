/** Every Vietnamese message the orders service answers with, in one place (spec 3 quoted exactly where it has the text). */
import { TEXT_LIMITS } from '@cskh/kit';

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
  // orders
  orderNotFound: 'Không tìm thấy đơn',
  phoneInvalid: 'Số điện thoại không hợp lệ',
  ownerPhoneInvalid: 'Số điện thoại chủ không hợp lệ',
  tierInvalid: 'Giá bán gói phải là T1, T2 hoặc T3',
  packageNotListed: (name: string) => `Gói ${name} chưa có trong bảng giá`,
  staffUnknown: (u: string) => `Không tìm thấy nhân viên ${u}`,
  staffOutOfScope: (u: string) => `Nhân viên ${u} không thuộc quyền quản lý của bạn`,
  statusInvalid: 'Trạng thái không hợp lệ',
  collectionInvalid: 'Trạng thái thu tiền không hợp lệ',
  collectionCash: 'Không thể chọn trạng thái Đã thu tiền mặt',
  collectionForbidden: 'Bạn không có quyền đổi trạng thái thu tiền',
  infoApprovalInvalid: 'Trạng thái duyệt thông tin không hợp lệ',
  formInvalid: 'Hình thức phải là Đăng ký hoặc Gia hạn',
  createdTimeInvalid: 'Ngày đơn không hợp lệ (định dạng DD/MM/YYYY)',
  editForbidden: 'Bạn chỉ được sửa đơn của mình khi đơn còn chờ duyệt',
  managersOnly: 'Chỉ quản lý mới được thực hiện chức năng này',
  unknownList: 'Không rõ danh sách (mfy hoặc đăng ký 9279) của yêu cầu',
  // spec 3 §5 company and note modal
  missingId: 'Thiếu id cập nhật',
  nothingToUpdate: 'Chưa nhập thông tin cập nhật',
  updated: 'Cập nhật thành công',
  orderDeleted: 'Xoá bản ghi thành công',
  noClawback: 'Đơn không có truy thu',
  textTooLong: (label: string, max: number = TEXT_LIMITS.short) => `${label} dài quá ${max} ký tự`,
  // Tra ĐTCT, moiTuDong (spec 3 §8)
  lookupPhoneRequired: 'Chưa nhập số điện thoại',
  lookupUnknown: 'Lỗi không xác định!',
  // private customers, red report (spec 3 §4, §5)
  recordNotFound: 'Không tìm thấy bản ghi',
  dateInvalid: 'Ngày thành công không hợp lệ (định dạng DD/MM/YYYY)',
  channelInvalid: "Kênh phải là '9084 (3)', '9084 (4)' hoặc '9084 (CU_PHAP_3)'",
  decisionInvalid: 'Trạng thái duyệt phải là 1 (duyệt) hoặc 2 (từ chối)',
  alreadyDecided: 'Bản ghi đã được duyệt hoặc từ chối',
  resultInvalid: 'Kết quả phải là SUCCESS hoặc FAILD',
  staffActionsOnly: 'Chỉ quản lý (cấp dưới 5) mới được thực hiện chức năng này',
  ownRecordDecision: 'Bạn không thể tự phê duyệt bản ghi của chính mình; cấp trên của bạn sẽ duyệt',
  deleted: 'Xoá bản ghi thành công',
  // assign (spec 3 §7.4, §7.5; texts of spec 3 §8)
  assignNothing: 'Bạn chưa chọn nhân viên và số lượng cần phân chia',
  assignCountInvalid: 'Số lượng phân chia phải là số nguyên lớn hơn 0',
  staffLocked: (u: string) => `Nhân viên ${u} đã bị khóa`,
  assigned: 'Phân chia dữ liệu thành công.',
  // partner companies
  companyNotListed: (name: string) => `Công ty ${name} chưa có trong danh sách công ty đối tác`,
  companyExists: (name: string) => `Công ty ${name} đã có trong danh sách`,
  companyNameRequired: 'Vui lòng nhập tên công ty',
  companyNotFound: 'Không tìm thấy công ty',
  companyDeleted: 'Đã xoá công ty khỏi danh sách',
  inviteUnavailable: 'Kênh mời của dịch vụ chăm sóc chưa sẵn sàng, vui lòng thử lại sau',
} as const;

/** Labels of the price fields, as the price-list screen names them. */
export const PRICE_LABELS = {
  ten_goi_cuoc: 'Tên gói cước',
  phi_thu_hoi: 'Phí thu hồi',
  gia_t1: 'Giá T1',
  gia_t2: 'Giá T2',
  gia_t3: 'Giá T3',
} as const;
