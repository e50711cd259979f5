/** Every Vietnamese message the bank service answers with, in one place. */
export const MSG = {
  notFound: 'Không tìm thấy tin nhắn ngân hàng',
  exportForbidden: 'Bạn không có quyền xuất dữ liệu',
  // channels, amounts, times, content
  senderInvalid: 'Kênh phải là Techcombank hoặc VPBANK',
  moneyInvalid: 'Số tiền không hợp lệ',
  moneyNotPositive: 'Số tiền phải lớn hơn 0',
  moneyTooLarge: 'Số tiền không được lớn hơn 1.000.000.000 đ',
  datetimeInvalid: 'Thời gian không hợp lệ (định dạng DD/MM/YYYY HH:mm:ss)',
  contentRequired: 'Thiếu nội dung chuyển khoản',
  isReadInvalid: 'Trạng thái xử lý phải là 0 (Chưa xử lý) hoặc 1 (Đã xử lý)',
  // processing (spec 1 §4)
  processingForbidden: 'Chỉ quản lý mới được cập nhật trạng thái xử lý',
  alreadyProcessed: 'Tin nhắn đã xử lý, không thể chuyển về Chưa xử lý',
  processingSaved: 'Cập nhật trạng thái xử lý thành công',
  // phone and package
  readOnlyProcessed: 'Tin nhắn đã xử lý, không thể sửa số điện thoại và gói cước',
  readOnlyDecided: 'Thông tin đã được duyệt hoặc từ chối, không thể sửa số điện thoại và gói cước',
  phoneFilled: 'Số điện thoại đã được nhập, bạn không thể sửa',
  packageFilled: 'Gói cước đã được nhập, bạn không thể sửa',
  phoneInvalid: 'Số điện thoại không hợp lệ',
  packageTooLong: 'Gói cước dài quá 50 ký tự',
  // approval (spec 1 §4)
  decideForbidden: 'Chỉ quản lý mới được duyệt hoặc từ chối thông tin',
  decideNeedsInfo: 'Tin nhắn chưa có đủ số điện thoại và gói cước',
  alreadyDecided: (who: string) => `Thông tin đã được duyệt hoặc từ chối bởi ${who}`,
  approved: 'Duyệt thông tin thành công',
  denied: 'Từ chối thông tin thành công',
  // deletion
  deleted: 'Xóa tin nhắn ngân hàng thành công',
  deleteApproved: 'Tin nhắn đã được duyệt, không thể xóa',
  // assign (spec 1 §8)
  assignForbidden: 'Bạn không có quyền phân chia tin nhắn ngân hàng',
  assignNothing: 'Bạn chưa chọn nhân viên và số lượng cần phân chia',
  assignCountInvalid: 'Số lượng phân chia phải là số nguyên lớn hơn 0',
  assignUnknownStaff: (u: string) => `Không tìm thấy nhân viên ${u}`,
  assignInactiveStaff: (u: string) => `Nhân viên ${u} đã bị khóa`,
  assignOutOfScope: (u: string) => `Nhân viên ${u} không thuộc quyền quản lý của bạn`,
  assigned: 'Phân chia dữ liệu thành công.',
  assignedShort: (who: string) => `Phân chia dữ liệu thành công. Không còn đủ tin nhắn chưa giao, đã giao: ${who}.`,
  assignedToYou: (n: string) => `Bạn được giao ${n} tin nhắn ngân hàng mới`,
} as const;
