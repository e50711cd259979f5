/** Every Vietnamese message the care service answers with, in one place (spec texts quoted exactly). */
export const MSG = {
  exportForbidden: 'Bạn không có quyền xuất dữ liệu',
  forbidden: 'Bạn không có quyền thực hiện chức năng này',
  // 'Khách hàng mới' with nothing handed to the caller and no data-split number for them
  noNewCustomer: 'Không còn khách hàng mới được giao cho bạn',
  // uploads and customer rows (spec 3 §2.3, §3)
  uploadNotFound: 'Không tìm thấy danh sách upload',
  uploadDeleted: (removed: number, kept: number) =>
    kept > 0
      ? `Đã xoá danh sách và ${removed} khách hàng chưa giao; giữ lại ${kept} khách hàng đã giao hoặc đang chăm sóc`
      : `Đã xoá danh sách và ${removed} khách hàng`,
  fileNameRequired: 'Thiếu tên danh sách (tên file)',
  phoneRequired: 'Thiếu số điện thoại',
  phoneInvalid: 'Số điện thoại không hợp lệ',
  registerAtInvalid: 'Ngày đăng ký không hợp lệ (định dạng DD/MM/YYYY)',
  expiredAtInvalid: 'Ngày hết hạn không hợp lệ (định dạng DD/MM/YYYY)',
  expiredBeforeRegister: 'Ngày hết hạn trước ngày đăng ký',
  fieldTooLong: (what: string) => `${what} dài quá 200 ký tự`,
  blacklisted: 'Số điện thoại nằm trong danh sách đen',
  customerNotFound: 'Không tìm thấy khách hàng',
  customerInCare: 'Khách hàng đã được giao hoặc đang chăm sóc, không thể xoá',
  customerDeleted: 'Xoá khách hàng thành công',
  // division (spec 3 §2.7, §5, §8; spec 1 §8)
  divideNothing: 'Chưa chọn data chia',
  divideForbidden: 'Chỉ quản lý, chi nhánh hoặc điều phối dữ liệu mới được phân chia khách hàng',
  divideCountInvalid: 'Số lượng phân chia phải là số nguyên lớn hơn 0',
  divideNotEnough: (left: number) => `Không đủ khách hàng để chia: chỉ còn ${left} khách hàng có thể chia`,
  divideUnknownStaff: (u: string) => `Không tìm thấy nhân viên ${u}`,
  divideInactiveStaff: (u: string) => `Nhân viên ${u} đã bị khóa`,
  divideOutOfScope: (u: string) => `Nhân viên ${u} không thuộc quyền quản lý của bạn`,
  divideNotStaff: (u: string) => `Chỉ chia cho chi nhánh, trưởng nhóm hoặc nhân viên (${u})`,
  divided: 'Phân chia thông tin khách hàng thành công.',
  // care (spec 1 §5, §8)
  statusRequired: 'Bạn phải chọn kết quả!',
  packageRequired: 'Bạn chưa nhập gói cước!',
  appointmentRequired: 'Bạn chưa nhập thời gian hẹn lại!',
  appointmentInvalid: 'Thời gian hẹn lại không hợp lệ (định dạng DD/MM/YYYY HH:mm)',
  noteRequired: 'Bạn chưa nhập ghi chú!',
  noteTooLong: 'Ghi chú dài quá 2000 ký tự',
  notYourCustomer: 'Khách hàng không thuộc ca chăm sóc của bạn',
  careRecorded: 'Thông tin chăm sóc khách hàng ghi nhận thành công.',
  // 'Mời lại' (issue 24.17)
  moiLaiFinal: 'Khách hàng này đã có kết quả chăm sóc cuối cùng, không thể mời lại',
  moiLaiCaseOpen: 'Bạn đang chăm sóc một khách hàng khác: hãy ghi nhận kết quả trước khi mời lại',
  moiLaiOpened: 'Đã mở lại ca chăm sóc: gọi cho khách hàng rồi ghi nhận kết quả',
  // one customer typed in (issue 24.17)
  customerExists: (phone: string) => `Số ${phone} đã có trong danh sách này`,
  // care history (spec 1 §2.9, §6)
  recordNotFound: 'Không tìm thấy nhật ký chăm sóc',
  notYourRecord: 'Bạn chỉ được sửa nhật ký chăm sóc của mình',
  statusInvalid: 'Kết quả chăm sóc không hợp lệ',
  // package invitations (spec 2 §4 "OTP flow", §5, §8)
  inviteTypeInvalid: 'Kênh mời gói cước không hợp lệ',
  invitePhoneRequired: 'Bạn chưa nhập số điện thoại!',
  invitePhoneInvalid: 'Số điện thoại không hợp lệ',
  invitePackageRequired: 'Bạn chưa nhập gói cước!',
  inviteCommandInvalid: 'Lệnh đăng ký phải là DK hoặc GIAHAN',
  inviteTransRequired: 'Chưa có yêu cầu gửi mã OTP',
  inviteCommandNotForOtp: 'Kênh mã xác nhận không đăng ký trực tiếp được',
  inviteOtpNotForChannel: 'Kênh này không dùng mã OTP',
  inviteForbidden: 'Bạn không có quyền mời gói cước qua kênh này',
  inviteChannelInactive: 'Kênh mời gói cước chưa được kích hoạt cho bạn hoặc chi nhánh của bạn',
  inviteCarrierUnavailable: 'Không kết nối được nhà mạng. Vui lòng thử lại sau',
  inviteChannelUnavailable: 'Không kiểm tra được kênh mời gói cước. Vui lòng thử lại sau',
  otpSent: 'Đã gửi mã OTP thành công',
  otpConfirmed: 'Xác nhận mã OTP thành công',
  registerFailed: 'Đăng ký gói cước không thành công',
  registered: 'Đăng ký gói cước thành công',
  // invite-next-day (spec 3 §2.17, §5)
  nextDayNotFound: 'Không tìm thấy bản ghi mời gói hôm sau',
  nextDayStaffRequired: 'Bạn chưa chọn nhân viên!',
  nextDayStaffUnknown: (u: string) => `Không tìm thấy nhân viên ${u}`,
  nextDayStaffOutOfScope: (u: string) => `Nhân viên ${u} không thuộc quyền quản lý của bạn`,
  nextDayStatusInvalid: 'Trạng thái phải là 1 (đã mời) hoặc 0 (chưa mời)',
  nextDayNotYours: 'Bạn chỉ được sửa bản ghi của mình',
  nextDaySaved: 'Lưu mời gói hôm sau thành công',
  nextDayDeleted: 'Xoá bản ghi thành công',
} as const;
