/**
 * Every Vietnamese message of the dataops service. Texts the spec gives are quoted exactly
 * (spec 3 §4, §5, §8, and the cross-service contract for the blacklist); the rest are ours.
 */
import { TEXT_LIMITS } from '@cskh/kit';

export const MSG = {
  // spec 3 §8 / §4: the original's texts (it wrote them without diacritics), shown with them
  activated: 'Đã kích hoạt lấy số',
  deactivated: 'Đã dừng lấy số',
  noSplitFile: 'Chưa chọn file để chia data',
  permissionSaved: 'Đã lưu cài đặt phân quyền!',
  splitSaved: 'Đã lưu cài đặt',
  scanStopRequested: 'Đã yêu cầu dừng quét',
  scanStarted: 'Bắt đầu quét',
  // contract with care (quoted)
  blacklisted: 'Số điện thoại nằm trong danh sách đen',

  // ours
  phoneRequired: 'Thiếu số điện thoại',
  phoneInvalid: 'Số điện thoại không hợp lệ',
  fileNameRequired: 'Thiếu tên file',
  fileNameTooLong: `Tên file quá dài (tối đa ${TEXT_LIMITS.fileName} ký tự)`,
  fileNameMixed: 'Mỗi lần chỉ được gửi các dòng của một file',
  fieldTooLong: (label: string, max: number) => `${label} quá dài (tối đa ${max} ký tự)`,
  scanFileNotFound: 'Không tìm thấy file quét',
  scanFileRunning: 'File đang được quét, hãy dừng quét trước',
  scanFileExists: 'Tên file đã tồn tại',
  scanAlreadyDone: 'File đã quét xong',
  scanNotRunning: 'File không đang được quét',
  scanEmpty: 'File chưa có số nào để quét',
  scanKindInvalid: 'Lệnh quét không hợp lệ',
  scanScreenUnknown: 'Không rõ màn hình quét (quét data, quét data không gói hay quét đối tượng chương trình) của yêu cầu',
  scanFailedCarrier: 'Nhà mạng không trả lời, đã dừng quét',
  scanDeleted: (f: string) => `Đã xóa file ${f}`,
  notYourFile: 'Bạn chỉ thao tác được file do mình tải lên',
  assignTargetRequired: 'Chưa chọn người nhận file',
  packageRequired: 'Thiếu gói cần tìm',

  splitFileNotFound: 'Không tìm thấy file chia data',
  activeInvalid: 'Trạng thái lấy số phải là 0 hoặc 1',
  quantityInvalid: 'Số lượng phải là số nguyên không âm',
  quantityOverTotal: (left: number) => `Số lượng chia vượt quá số còn lại của file (còn ${left})`,
  quantityBelowTaken: (u: string, taken: number) => `${u} đã lấy ${taken} số, không thể chia ít hơn`,
  targetOutsideScope: (u: string) => `Tài khoản ${u} không thuộc phạm vi quản lý của bạn`,
  targetUnknown: (u: string) => `Không tìm thấy tài khoản ${u}`,
  targetNotStaff: (u: string) => `Tài khoản ${u} không phải chi nhánh, trưởng nhóm hoặc nhân viên`,
  sectionNotAllowed: (section: string) => `Bạn không được phân quyền data theo ${section}`,
  fileNotGrantable: (f: string) => `Bạn không có quyền data trên file ${f}`,
  dateNotGrantable: (d: string) => `Bạn không có quyền data ngày ${d}`,
  datePast: (d: string) => `Ngày ${d} đã qua, chỉ phân quyền từ hôm nay trở đi`,
  dateInvalid: (d: string) => `Ngày không hợp lệ: ${d}`,
  dateTooFar: (d: string) => `Ngày ${d} vượt quá 31 ngày tới`,
  nothingToSave: 'Chưa chọn tài khoản để phân quyền',
  usernameRequired: 'Thiếu tên tài khoản',

  noSplitNumber: 'Không còn số nào từ file chia data cho bạn hôm nay',

  blacklistNotFound: 'Không tìm thấy số trong danh sách đen',
  blacklistExists: 'Số điện thoại đã có trong danh sách đen',
  otpNotFound: 'Không tìm thấy OTP',
  otpMessageRequired: 'Thiếu nội dung tin nhắn',
  otpNotInMessage: 'Không tìm thấy mã OTP trong tin nhắn',
  otpInvalid: 'Mã OTP phải gồm 4 đến 8 chữ số',
  dateTimeInvalid: 'Thời gian không hợp lệ',
  exportForbidden: 'Bạn không có quyền xuất dữ liệu',
} as const;
