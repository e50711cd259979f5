/** Every Vietnamese message the payroll service answers with, in one place (spec 2 §8 where it has one). */
export const MSG = {
  exportForbidden: 'Bạn không có quyền xuất dữ liệu',
  staffOutOfScope: 'Bạn không có quyền xem dữ liệu của nhân viên này',
  // revenue records
  recordNotFound: 'Không tìm thấy bản ghi doanh thu',
  reassignForbidden: 'Chỉ quản lý mới được đổi nhân viên của bản ghi doanh thu',
  staffRequired: 'Chưa chọn nhân viên',
  staffUnknown: 'Nhân viên không tồn tại',
  revenueInvalid: 'Doanh thu phải là số nguyên không âm',
  successTimeInvalid: 'Ngày thành công không hợp lệ (định dạng DD/MM/YYYY HH:mm:ss)',
  phoneRequired: 'Thiếu số điện thoại',
  packageRequired: 'Thiếu gói cước',
  ratioInvalid: 'Tỉ lệ doanh thu phải từ 0 đến 100',
  // payroll
  monthInvalid: 'Tháng tính lương không hợp lệ (định dạng MM/YYYY)',
  editForbidden: 'Bạn không có quyền cập nhật bảng lương',
  closeForbidden: 'Chỉ quản lý mới được chốt bảng lương',
  ownPayroll: 'Bạn không thể tự sửa bảng lương của chính mình; cấp trên của bạn sẽ sửa',
  monthClosed: (month: string) => `Bảng lương tháng ${month} đã chốt, không thể thay đổi`,
  monthAlreadyClosed: (month: string) => `Bảng lương tháng ${month} đã được chốt`,
  stillCalculating: 'Bảng lương đang được tính toán, vui lòng thử lại sau',
  payrollNotFound: 'Chỉnh sửa không thành công',
  updated: (username: string, month: string) => `Đã cập nhật NV ${username} trên bảng lương tháng ${month}`,
  checkInInvalid: 'Giờ vào không hợp lệ (định dạng DD/MM/YYYY HH:mm:ss)',
  checkOutInvalid: 'Giờ ra không hợp lệ (định dạng DD/MM/YYYY HH:mm:ss)',
  checkOutBeforeIn: 'Giờ ra phải sau giờ vào',
  checkInOtherMonth: (month: string) => `Giờ vào không thuộc tháng ${month}`,
  amountInvalid: (field: string) => `${field} phải là số nguyên không âm`,
  daysInvalid: 'Ngày công thực tế phải từ 0 đến 31',
  settingsForbidden: 'Chỉ quản lý mới được sửa cài đặt tính lương',
  settingInvalid: (field: string) => `Cài đặt ${field} không hợp lệ`,
  tiersInvalid: 'Bậc hoa hồng phải tăng dần theo doanh thu, phần trăm từ 0 đến 100',
} as const;

/** The label of the union fee column (spec 2 §3). */
export const UNION_FEE_LABEL = '1% - Max 150k';
export const CALCULATING_LABEL = 'Đang tính toán...';

/** Name of the branch row that gathers staff outside any branch (seniors, unknown staff). */
export const NO_BRANCH_LABEL = 'Không thuộc chi nhánh';
