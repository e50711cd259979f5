/**
 * The permission catalogue: every code the three specs name (menu items, admin screens and the
 * two refund sub-permissions), grouped by category with Vietnamese names, plus the permission
 * sets of the seeded roles. Pure data; the seed writes it idempotently.
 */
import { ADMIN_SECTION_CODES, PRIORITY7_ADMIN_CODES } from '@cskh/kit';

export interface CatalogueEntry {
  code: string;
  name: string;
  category: string;
}

const C = {
  customer: 'Khách hàng',
  care: 'Mời gói cước',
  lookup: 'Tra cứu',
  messages: 'Tra cứu tin nhắn',
  refund: 'Hoàn tiền',
  report: 'Báo cáo',
  payroll: 'Tính lương',
  staff: 'Quản lý nhân viên',
  roles: 'Phân quyền theo vai trò',
  prices: 'Bảng giá',
  data: 'Dữ liệu',
  system: 'Hệ thống',
} as const;

export const PERMISSION_CATALOGUE: readonly CatalogueEntry[] = [
  // Khách hàng (spec 1 §2.4)
  { code: 'customer.get', name: 'Xem khách hàng mới', category: C.customer },
  { code: 'customer.care', name: 'Chăm sóc khách hàng / Nhật ký CSKH', category: C.customer },
  { code: 'khr', name: 'Khách hàng riêng', category: C.customer },
  { code: 'mfy', name: 'Mfy', category: C.customer },
  { code: 'dangky9279', name: 'Đăng ký 9279', category: C.customer },
  { code: 'blacklist', name: 'Danh sách đen', category: C.customer },
  { code: 'baodo', name: 'Báo đỏ', category: C.customer },
  { code: 'tilebatso', name: 'Tỉ lệ bắt số', category: C.customer },
  { code: 'moigoihomsau', name: 'Mời gói hôm sau', category: C.customer },
  // Tra cứu
  { code: 'lookup.balance', name: 'Tra cứu số dư tài khoản', category: C.lookup },
  { code: 'lookup.package', name: 'Tra cứu gói cước', category: C.lookup },
  { code: 'lookup.info', name: 'Tra cứu thông tin thuê bao', category: C.lookup },
  { code: 'lookup.bank', name: 'Tra cứu ngân hàng', category: C.lookup },
  { code: 'mes1414otp', name: 'Tra cứu OTP 1414', category: C.lookup },
  // Tra cứu tin nhắn
  { code: 'history.999', name: 'Trung tâm tin nhắn (999)', category: C.messages },
  { code: 'history.909', name: 'Tin nhắn 909', category: C.messages },
  { code: 'history.9084', name: 'Kết quả đăng ký (9084)', category: C.messages },
  { code: 'history.9332', name: 'Tin nhắn 9332', category: C.messages },
  // Mời gói cước (spec 2 §2.1)
  { code: 'care.otp', name: 'Mã xác nhận 1', category: C.care },
  { code: 'care.otpnew', name: 'Mã xác nhận 2', category: C.care },
  { code: 'care.otpnew1', name: 'Mã xác nhận 3', category: C.care },
  { code: 'care.otpnew2', name: 'Mã xác nhận 4', category: C.care },
  { code: 'care.9332', name: 'Gia hạn gói cước (9332)', category: C.care },
  { code: 'care.selling', name: 'Bán gói', category: C.care },
  { code: 'care.dk', name: 'Đăng ký trực tiếp', category: C.care },
  // Hoàn tiền
  { code: 'requestrefund', name: 'Yêu cầu hoàn tiền', category: C.refund },
  { code: 'requestrefund.duyet-don-chuyen-khoan', name: 'Duyệt đơn chuyển khoản', category: C.refund },
  { code: 'requestrefund.doi-kenh-hoan-tien', name: 'Đổi kênh hoàn tiền', category: C.refund },
  { code: 'giahoantien', name: 'Giá hoàn tiền', category: C.refund },
  // Báo cáo
  { code: 'reportbranchrevenue', name: 'Doanh thu theo chi nhánh', category: C.report },
  { code: 'reportstaffrevenue', name: 'Doanh thu theo nhân viên', category: C.report },
  { code: 'report90849332', name: 'Doanh thu chi tiết', category: C.report },
  { code: 'requestrefundreport', name: 'Báo cáo yêu cầu hoàn tiền', category: C.report },
  { code: 'report9279', name: 'Báo cáo 9279', category: C.report },
  { code: 'dsdttinhluong', name: 'Đối soát doanh thu tính lương', category: C.report },
  // Tính lương
  { code: 'tinhluong', name: 'Tính lương', category: C.payroll },
  // Quản lý nhân viên
  { code: 'user.get', name: 'Xem nhân viên', category: C.staff },
  { code: 'user.add', name: 'Thêm nhân viên', category: C.staff },
  { code: 'user.edit', name: 'Sửa nhân viên', category: C.staff },
  { code: 'user.delete', name: 'Khoá / mở khoá nhân viên', category: C.staff },
  { code: 'lstracuu', name: 'Lịch sử tra cứu', category: C.staff },
  // Phân quyền theo vai trò
  { code: 'role.get', name: 'Xem vai trò', category: C.roles },
  { code: 'role.add', name: 'Thêm vai trò', category: C.roles },
  { code: 'role.edit', name: 'Sửa vai trò', category: C.roles },
  { code: 'role.delete', name: 'Xoá vai trò', category: C.roles },
  // Bảng giá
  { code: 'giagoimfy', name: 'Giá gói mfy', category: C.prices },
  { code: 'giagoidangky9279', name: 'Giá gói đăng ký 9279', category: C.prices },
  // Dữ liệu
  { code: 'quetdata', name: 'Quét data', category: C.data },
  { code: 'quetdatakhonggoi', name: 'Quét data không gói', category: C.data },
  { code: 'quetdtct', name: 'Quét đối tượng chương trình', category: C.data },
  { code: 'uploadchiadata', name: 'Tải lên chia data', category: C.data },
  { code: 'phanquyendata', name: 'Phân quyền data', category: C.data },
  { code: 'chiadata', name: 'Chia data', category: C.data },
  // Hệ thống
  { code: 'systemaccount', name: 'Tài khoản hệ thống', category: C.system },
  { code: 'settings', name: 'Cài đặt', category: C.system },
];

export const ALL_CODES: readonly string[] = PERMISSION_CATALOGUE.map((p) => p.code);

/** The admin section's codes (spec 1 §2.4 'Quản trị'): never granted to salespeople. The kit's list, the one the guards count. */
export const ADMIN_CODES: readonly string[] = ADMIN_SECTION_CODES;

const SALES_CODES = [
  'customer.get',
  'customer.care',
  'khr',
  'mfy',
  'dangky9279',
  'baodo',
  'moigoihomsau',
  'lookup.balance',
  'lookup.package',
  'lookup.info',
  'lookup.bank',
  'mes1414otp',
  'history.999',
  'history.9084',
  'care.otp',
  'care.otpnew',
  'care.otpnew1',
  'care.otpnew2',
  'care.9332',
  'care.selling',
  'care.dk',
  'requestrefund',
];

/** The admin-section codes that priority 7 may use (spec 3 §1), and what a coordinator needs beside them. */
export { PRIORITY7_ADMIN_CODES };
const PRIORITY7_CODES: readonly string[] = ['customer.get', 'lookup.balance', 'lookup.package', ...PRIORITY7_ADMIN_CODES];

export interface SeedRole {
  name: string;
  priority: number;
  codes: readonly string[];
}

/** Seeded roles (priorities 1, 2, 3, 4, 5 and 7). Created once by name; the administrator role is topped up with new codes. */
export const SEED_ROLES: readonly SeedRole[] = [
  { name: 'Quản trị hệ thống', priority: 1, codes: ALL_CODES },
  {
    name: 'Quản lý',
    priority: 2,
    codes: ALL_CODES.filter((c) => !['role.add', 'role.edit', 'role.delete', 'systemaccount'].includes(c)),
  },
  {
    name: 'Chi nhánh',
    priority: 3,
    codes: [
      ...SALES_CODES,
      'blacklist',
      'tilebatso',
      'history.909',
      'history.9332',
      'reportbranchrevenue',
      'reportstaffrevenue',
      'report90849332',
      'requestrefundreport',
      'report9279',
      'dsdttinhluong',
      'tinhluong',
      'user.get',
      'lstracuu',
      'phanquyendata',
      'chiadata',
    ],
  },
  {
    name: 'Trưởng nhóm',
    priority: 4,
    codes: [...SALES_CODES, 'tilebatso', 'reportstaffrevenue', 'report90849332', 'user.get', 'phanquyendata', 'chiadata'],
  },
  { name: 'Nhân viên kinh doanh', priority: 5, codes: SALES_CODES },
  {
    // Spec 3 §1: priority 7 counts as senior only on the data-permission and data-division
    // screens; the admin section (scans, uploads, prices…) needs priority below 5, and detailed
    // subscriber info too, so those codes would be dead weight here.
    name: 'Điều phối dữ liệu',
    priority: 7,
    codes: PRIORITY7_CODES,
  },
];

export const ADMIN_ROLE_NAME = 'Quản trị hệ thống';
export const ADMIN_USERNAME = 'admin';
export const ADMIN_FULLNAME = 'Quản trị hệ thống';
