/** Every Vietnamese message the refunds service answers with, in one place (spec 2 §5, §8; spec 3 §5). */
export const MSG = {
  requiredMissing: 'Có trường bắt buộc chưa được nhập hoặc chưa được chọn',
  exportForbidden: 'Bạn không có quyền xuất dữ liệu',
  hnimbForbidden: 'Tài khoản của bạn không được sử dụng chức năng hoàn tiền',
  // settings (spec 2 §2.11, §5, §8)
  settingUnknown: 'Khóa cài đặt không hợp lệ',
  settingExists: 'Cài đặt đã tồn tại',
  settingNotFound: 'Không tìm thấy cài đặt',
  settingSaved: 'Cập nhật cài đặt thành công',
  channelRequired: 'Bạn chưa chọn kênh hoàn tiền',
  channelInvalid: 'Kênh hoàn tiền phải là khong_qua_api, cong_nap_the hoặc cong_nap_the_1',
  channelNotConfigured: (c: string) => `Kênh '${c}' chưa được cấu hình địa chỉ kết nối`,
  channelForbidden: 'Bạn không có quyền đổi kênh hoàn tiền',
  settingForbidden: 'Chỉ quản lý mới được thay đổi cài đặt',
  rateInvalid: 'Tỉ lệ chiết khấu phải là số từ 0 đến 100',
  labelInvalid: 'Tên cổng nạp thẻ không được để trống và dài tối đa 100 ký tự',
  // refund prices (spec 3 §2.19, §5)
  priceNotFound: 'Không tìm thấy giá hoàn tiền',
  packageNotFound: (p: string) => `Không tìm thấy giá hoàn tiền của gói cước ${p}`,
  priceNameTaken: (p: string) => `Gói cước ${p} đã có trong bảng giá hoàn tiền`,
  priceNegative: 'Giá không được là số âm',
  priceNameTooLong: 'Tên gói cước dài tối đa 50 ký tự',
  priceDeleted: 'Xóa giá hoàn tiền thành công',
} as const;
