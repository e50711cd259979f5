/** Vietnamese texts of the lookup screens (spec 1 §5, §8; the server sends the same ones). */
export const PHONE_REQUIRED = 'Bạn phải nhập số điện thoại';
export const START_DATE_REQUIRED = 'Bạn phải nhập ngày bắt đầu';
export const END_DATE_REQUIRED = 'Bạn phải nhập ngày kết thúc';
export const INFO_NOTE = 'Lưu ý: chỉ được tra cứu thông tin chi tiết thuê bao từ 07:00 đến 22:00, tối đa 60 lần mỗi giờ.';
