/**
 * Main menu of spec 1 §2.4 as data. One array; rendering and filtering live elsewhere.
 *
 *  - An item shows if the user holds ANY of its permission codes ('role.*' = any code starting 'role.').
 *  - Items of the 'admin' section ('Quản trị') show only for role priority below 5.
 *  - `hnimbHidden` items are hidden for usernames starting with HNIMB.
 *  - A group shows when at least one of its items shows (and, if the group lists permissions,
 *    when the user holds one of them).
 */

export type MenuSection = 'main' | 'admin';

export interface MenuItem {
  path: string;
  title: string;
  permissions: string[];
  section: MenuSection;
  /** Key into MENU_GROUPS. */
  group?: string;
  hnimbHidden?: boolean;
  /** Icon name, resolved by the sidebar. */
  icon?: string;
}

export interface MenuGroup {
  key: string;
  title: string;
  permissions?: string[];
  icon?: string;
}

export const ADMIN_SECTION_TITLE = 'Quản trị';
export const HNIMB_PREFIX = 'HNIMB';

export const MENU_GROUPS: MenuGroup[] = [
  {
    key: 'messages',
    title: 'Tra cứu tin nhắn',
    permissions: ['history.999', 'history.909', 'history.9084', 'history.9332'],
    icon: 'sms',
  },
  { key: 'reports', title: 'Báo cáo', icon: 'report' },
];

export const MENU: MenuItem[] = [
  { path: '/app/home', title: 'Dashboard', permissions: [], section: 'main', icon: 'dashboard' },
  { path: '/app/customer-care', title: 'Khách hàng mới', permissions: ['customer.get', 'customer.care'], section: 'main', icon: 'personAdd' },
  { path: '/app/khr', title: 'Khách hàng riêng', permissions: ['khr'], section: 'main', icon: 'person' },
  { path: '/app/mfy', title: 'Mfy', permissions: ['mfy'], section: 'main', icon: 'cart' },
  { path: '/app/dangky9279', title: 'Đăng ký 9279', permissions: ['dangky9279'], section: 'main', icon: 'appReg' },
  { path: '/app/blacklist', title: 'Blacklist', permissions: ['blacklist'], section: 'main', icon: 'block' },
  { path: '/app/baodo', title: 'Báo đỏ', permissions: ['baodo'], section: 'main', icon: 'alarm' },
  { path: '/app/care-history', title: 'Nhật ký CSKH', permissions: ['customer.care'], section: 'main', icon: 'history' },
  { path: '/app/tilebatso', title: 'Tỉ lệ bắt số', permissions: ['tilebatso'], section: 'main', icon: 'percent' },
  { path: '/app/customer-lookup', title: 'Tra cứu thuê bao', permissions: ['lookup.balance', 'lookup.package', 'lookup.info'], section: 'main', icon: 'search' },
  { path: '/app/customer-message-999', title: 'Trung tâm tin nhắn', permissions: ['history.999'], section: 'main', group: 'messages', icon: 'sms' },
  { path: '/app/customer-message-9084', title: 'Kết quả đăng ký', permissions: ['history.9084'], section: 'main', group: 'messages', icon: 'sms' },
  { path: '/app/bank-lookup', title: 'Tra cứu ngân hàng', permissions: ['lookup.bank'], section: 'main', icon: 'bank' },
  { path: '/app/mes1414otp', title: 'Tra cứu OTP 1414', permissions: ['mes1414otp'], section: 'main', icon: 'key' },
  { path: '/app/requestrefund', title: 'Yêu cầu hoàn tiền', permissions: ['requestrefund'], section: 'main', hnimbHidden: true, icon: 'money' },
  { path: '/app/invite', title: 'Mời gói cước', permissions: ['care.otp', 'care.otpnew', 'care.otpnew1', 'care.9332', 'care.selling', 'care.dk'], section: 'main', icon: 'phone' },
  { path: '/app/tinhluong', title: 'Tính lương', permissions: ['tinhluong'], section: 'main', icon: 'payments' },
  { path: '/app/reportbranchrevenue', title: 'Doanh thu theo chi nhánh', permissions: ['reportbranchrevenue'], section: 'main', group: 'reports', icon: 'report' },
  { path: '/app/reportstaffrevenue', title: 'Doanh thu theo nhân viên', permissions: ['reportstaffrevenue'], section: 'main', group: 'reports', icon: 'report' },
  { path: '/app/report90849332', title: 'Doanh thu chi tiết', permissions: ['report90849332'], section: 'main', group: 'reports', icon: 'report' },
  { path: '/app/requestrefundreport', title: 'Báo cáo yêu cầu hoàn tiền', permissions: ['requestrefundreport'], section: 'main', group: 'reports', hnimbHidden: true, icon: 'report' },
  { path: '/app/report9279', title: 'Báo cáo 9279', permissions: ['report9279'], section: 'main', group: 'reports', icon: 'report' },
  { path: '/app/dsdttinhluong', title: 'Đối soát doanh thu tính lương', permissions: ['dsdttinhluong'], section: 'main', group: 'reports', icon: 'report' },

  { path: '/sys/accounts', title: 'Quản lý nhân viên', permissions: ['user.get', 'user.edit', 'user.add', 'user.delete'], section: 'admin', icon: 'people' },
  { path: '/sys/lstracuu', title: 'Lịch sử tra cứu', permissions: ['lstracuu'], section: 'admin', icon: 'history' },
  { path: '/sys/roles', title: 'Phân quyền theo vai trò', permissions: ['role.*'], section: 'admin', icon: 'security' },
  { path: '/sys/giahoantien', title: 'Giá hoàn tiền', permissions: ['giahoantien'], section: 'admin', icon: 'price' },
  { path: '/sys/giagoimfy', title: 'Giá gói mfy', permissions: ['giagoimfy'], section: 'admin', icon: 'price' },
  { path: '/sys/giagoidangky9279', title: 'Giá gói đăng ký 9279', permissions: ['giagoidangky9279'], section: 'admin', icon: 'price' },
  { path: '/sys/systemaccount', title: 'Tài khoản hệ thống', permissions: ['systemaccount'], section: 'admin', icon: 'account' },
  { path: '/sys/quetdata', title: 'Quét data', permissions: ['quetdata'], section: 'admin', icon: 'scan' },
  { path: '/sys/quetdatakhonggoi', title: 'Quét data không gói', permissions: ['quetdatakhonggoi'], section: 'admin', icon: 'scan' },
  { path: '/sys/quetdtct', title: 'Quét đối tượng chương trình', permissions: ['quetdtct'], section: 'admin', icon: 'scan' },
  { path: '/sys/uploadchiadata', title: 'Upload chia data', permissions: ['uploadchiadata'], section: 'admin', icon: 'upload' },
  { path: '/sys/phanquyendata', title: 'Phân quyền data', permissions: ['phanquyendata'], section: 'admin', icon: 'security' },
  { path: '/sys/chiadata', title: 'Chia data', permissions: ['chiadata'], section: 'admin', icon: 'split' },
  { path: '/sys/settings', title: 'Cài đặt', permissions: ['settings'], section: 'admin', icon: 'settings' },
];

export interface MenuViewer {
  username: string;
  priority: number;
  permissions: string[];
}

/** Any-of match; a code ending in '.*' matches every code with that prefix. */
export function holdsAny(held: string[], wanted: string[] | undefined): boolean {
  if (!wanted || wanted.length === 0) return true;
  const set = new Set(held);
  return wanted.some((w) => (w.endsWith('.*') ? held.some((h) => h.startsWith(w.slice(0, -1))) : set.has(w)));
}

export function isAdminVisible(viewer: MenuViewer): boolean {
  return viewer.priority < 5;
}

export function isItemVisible(item: MenuItem, viewer: MenuViewer): boolean {
  if (item.section === 'admin' && !isAdminVisible(viewer)) return false;
  if (item.hnimbHidden && (viewer.username || '').toUpperCase().startsWith(HNIMB_PREFIX)) return false;
  if (item.group) {
    const g = MENU_GROUPS.find((x) => x.key === item.group);
    if (g && !holdsAny(viewer.permissions, g.permissions)) return false;
  }
  return holdsAny(viewer.permissions, item.permissions);
}

export type MenuNode =
  | { kind: 'item'; item: MenuItem }
  | { kind: 'group'; group: MenuGroup; items: MenuItem[] };

/** The visible menu of one section, groups placed where their first item sits. */
export function visibleMenu(viewer: MenuViewer, section: MenuSection): MenuNode[] {
  const nodes: MenuNode[] = [];
  const groupNodes = new Map<string, { kind: 'group'; group: MenuGroup; items: MenuItem[] }>();
  for (const item of MENU) {
    if (item.section !== section || !isItemVisible(item, viewer)) continue;
    if (item.group) {
      let node = groupNodes.get(item.group);
      if (!node) {
        const group = MENU_GROUPS.find((g) => g.key === item.group)!;
        node = { kind: 'group', group, items: [] };
        groupNodes.set(item.group, node);
        nodes.push(node);
      }
      node.items.push(item);
    } else {
      nodes.push({ kind: 'item', item });
    }
  }
  return nodes;
}

/** Menu entry gating a screen path (screens without an entry are open to every logged-in user). */
export function menuEntryFor(path: string): MenuItem | undefined {
  return MENU.find((m) => m.path === path);
}

export function canOpenScreen(path: string, viewer: MenuViewer): boolean {
  const entry = menuEntryFor(path);
  return entry ? isItemVisible(entry, viewer) : true;
}
