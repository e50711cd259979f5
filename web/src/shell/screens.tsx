import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/**
 * Every screen route of spec 1 §2.1 (under /app and /sys), with its tab title and component.
 * `component: null` → the tab honestly says 'Chức năng đang được xây dựng'.
 */
export interface ScreenDef {
  path: string;
  title: string;
  component: LazyExoticComponent<ComponentType<any>> | null;
}

const Dashboard = lazy(() => import('../screens/dashboard/Dashboard'));
const Accounts = lazy(() => import('../screens/accounts/Accounts'));
const Roles = lazy(() => import('../screens/roles/Roles'));
const Profile = lazy(() => import('../screens/profile/Profile'));
const CustomerLookup = lazy(() => import('../screens/lookup/CustomerLookup'));
const MessageCentre = lazy(() => import('../screens/lookup/MessageCentre'));
const RegistrationResults = lazy(() => import('../screens/lookup/RegistrationResults'));
const LookupHistory = lazy(() => import('../screens/lookup/LookupHistory'));

export const HOME_PATH = '/app/home';
export const PROFILE_PATH = '/sys/profile';

export const SCREENS: ScreenDef[] = [
  { path: '/app/home', title: 'Dashboard', component: Dashboard },
  { path: '/app/dashboard', title: 'Dashboard', component: Dashboard },
  { path: '/app/care-history', title: 'Nhật ký CSKH', component: null },
  { path: '/app/customer-care', title: 'Khách hàng mới', component: null },
  { path: '/app/customer-lookup', title: 'Tra cứu thuê bao', component: CustomerLookup },
  { path: '/app/customer-message-999', title: 'Trung tâm tin nhắn', component: MessageCentre },
  { path: '/app/customer-message-9084', title: 'Kết quả đăng ký', component: RegistrationResults },
  { path: '/app/bank-lookup', title: 'Tra cứu ngân hàng', component: null },
  { path: '/app/invite', title: 'Mời gói cước', component: null },
  { path: '/app/request-sms', title: 'Yêu cầu SMS', component: null },
  { path: '/app/approval', title: 'Phê duyệt', component: null },
  { path: '/app/requestrefund', title: 'Yêu cầu hoàn tiền', component: null },
  { path: '/app/requestrefundreport', title: 'Báo cáo yêu cầu hoàn tiền', component: null },
  { path: '/app/report90849332', title: 'Báo cáo doanh thu chi tiết', component: null },
  { path: '/app/report9279', title: 'Báo cáo 9279', component: null },
  { path: '/app/reportstaffrevenue', title: 'Báo cáo doanh thu theo nhân viên', component: null },
  { path: '/app/reportbranchrevenue', title: 'Báo cáo doanh thu theo chi nhánh', component: null },
  { path: '/app/tilebatso', title: 'Tỉ lệ bắt số', component: null },
  { path: '/app/dsdttinhluong', title: 'Đối soát doanh thu tính lương', component: null },
  { path: '/app/tinhluong', title: 'Tính lương', component: null },
  { path: '/app/chamsoc', title: 'Chăm sóc khách hàng', component: null },
  { path: '/app/khr', title: 'Khách hàng riêng', component: null },
  { path: '/app/baodo', title: 'Báo đỏ', component: null },
  { path: '/app/blacklist', title: 'Blacklist', component: null },
  { path: '/app/mfy', title: 'Mfy', component: null },
  { path: '/app/dangky9279', title: 'Đăng ký 9279', component: null },
  { path: '/app/moigoihomsau', title: 'Mời gói hôm sau', component: null },
  { path: '/app/mes1414otp', title: 'Tra cứu OTP 1414', component: null },

  { path: '/sys/lstracuu', title: 'Lịch sử tra cứu', component: LookupHistory },
  { path: '/sys/profile', title: 'Tài khoản cá nhân', component: Profile },
  { path: '/sys/customers', title: 'Khách hàng', component: null },
  { path: '/sys/permissions', title: 'Quyền', component: null },
  { path: '/sys/roles', title: 'Quản lý vai trò', component: Roles },
  { path: '/sys/accounts', title: 'Quản lý nhân viên', component: Accounts },
  { path: '/sys/upload', title: 'Upload', component: null },
  { path: '/sys/division', title: 'Phân chia dữ liệu', component: null },
  { path: '/sys/dashboard', title: 'Dashboard', component: Dashboard },
  { path: '/sys/settings', title: 'Cài đặt', component: null },
  { path: '/sys/giahoantien', title: 'Giá hoàn tiền', component: null },
  { path: '/sys/giagoimfy', title: 'Giá gói mfy', component: null },
  { path: '/sys/giagoidangky9279', title: 'Giá gói đăng ký 9279', component: null },
  { path: '/sys/systemaccount', title: 'Tài khoản hệ thống', component: null },
  { path: '/sys/quetdata', title: 'Quét data', component: null },
  { path: '/sys/quetdatakhonggoi', title: 'Quét data không gói', component: null },
  { path: '/sys/quetdtct', title: 'Quét đối tượng chương trình', component: null },
  { path: '/sys/uploadchiadata', title: 'Upload chia data', component: null },
  { path: '/sys/phanquyendata', title: 'Phân quyền data', component: null },
  { path: '/sys/chiadata', title: 'Chia data', component: null },
];

const byPath = new Map(SCREENS.map((s) => [s.path, s]));
export function screenFor(path: string): ScreenDef | undefined {
  return byPath.get(path);
}
