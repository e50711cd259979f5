import { WORDS } from '../../common/words';
import { lazyScreen, type Area } from '../types';

export * from './api';

const CustomerCare = lazyScreen(() => import('./CustomerCare'));
const CareHistory = lazyScreen(() => import('./CareHistory'));
const BusySignalRate = lazyScreen(() => import('./BusySignalRate'));
const Invite = lazyScreen(() => import('./Invite'));
const CustomerUpload = lazyScreen(() => import('./CustomerUpload'));
const Division = lazyScreen(() => import('./Division'));
const NextDayInvite = lazyScreen(() => import('./NextDayInvite'));

/**
 * Customer care, invitations, the busy-signal rate, invite-next-day, and the customers' upload and
 * division (care service, which owns the customers: spec 1 §2.9–2.11, spec 2 §2.1, §2.6, spec 3
 * §2.3, §2.17). Priority 7 ('Điều phối dữ liệu') may upload customers (spec 3 §1).
 */
export const careArea: Area = {
  key: 'care',
  screens: [
    {
      path: '/app/customer-care',
      title: 'Khách hàng mới',
      component: CustomerCare,
      menu: { permissions: ['customer.get', 'customer.care'], section: 'main', icon: 'personAdd', order: 10 },
    },
    {
      path: '/app/care-history',
      title: 'Nhật ký CSKH',
      component: CareHistory,
      menu: { permissions: ['customer.care'], section: 'main', icon: 'history', order: 70 },
    },
    {
      path: '/app/tilebatso',
      title: 'Tỉ lệ bắt số',
      component: BusySignalRate,
      menu: { permissions: ['tilebatso'], section: 'main', icon: 'percent', order: 80 },
    },
    {
      path: '/app/invite',
      title: 'Mời gói cước',
      component: Invite,
      menu: {
        permissions: ['care.otp', 'care.otpnew', 'care.otpnew1', 'care.9332', 'care.selling', 'care.dk'],
        section: 'main',
        icon: 'phone',
        order: 150,
      },
    },
    // Spec 1 §2.4's menu has no entry for it; one is added so staff holding 'moigoihomsau' can reach
    // it. Order 45 keeps it right after 'Đăng ký 9279' (40), where it sat when another area listed it.
    {
      path: '/app/moigoihomsau',
      title: 'Mời gói hôm sau',
      component: NextDayInvite,
      menu: { permissions: ['moigoihomsau'], section: 'main', icon: 'phone', order: 45 },
    },
    { path: '/sys/customers', title: 'Khách hàng', component: CustomerUpload },
    // Spec 1 §2.1 names /sys/upload and /sys/division but its menu has no entry: 'Upload' goes in the
    // admin section beside 'Upload chia data' (the seniors and priority 7 who divide lists), and
    // division opens from its 'Phân chia dữ liệu' button (spec 3 §2.3); the service checks both.
    {
      path: '/sys/upload',
      title: WORDS.upload,
      component: CustomerUpload,
      menu: { permissions: [], section: 'admin', icon: 'upload', order: 1095, alsoPriorities: [7] },
    },
    { path: '/sys/division', title: 'Phân chia dữ liệu', component: Division },
    // /app/chamsoc, /app/request-sms and /app/approval are taken out (README, Web): the spec names
    // them in its route list only — no screen, menu entry, permission or call — so they go to /404.
  ],
};
