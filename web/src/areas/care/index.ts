import { lazy } from 'react';
import type { Area } from '../types';

export * from './api';

const CustomerCare = lazy(() => import('./CustomerCare'));
const CareHistory = lazy(() => import('./CareHistory'));
const BusySignalRate = lazy(() => import('./BusySignalRate'));
const Invite = lazy(() => import('./Invite'));
/** Built here for the dataops area's /sys/upload, /sys/customers and /sys/division entries. */
export const CustomerUploadScreen = lazy(() => import('./CustomerUpload'));
export const DivisionScreen = lazy(() => import('./Division'));
/** Built here for the dataops area's /app/moigoihomsau entry (the care service owns the records). */
export const NextDayInviteScreen = lazy(() => import('./NextDayInvite'));

/** Customer care, invitations and the busy-signal rate (care service, spec 1 §2.9–2.11, spec 2 §2.1, §2.6). */
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
    { path: '/app/tilebatso', title: 'Tỉ lệ bắt số', component: BusySignalRate, menu: { permissions: ['tilebatso'], section: 'main', icon: 'percent', order: 80 } },
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
    // /app/chamsoc, /app/request-sms and /app/approval are taken out (README, Web): the spec names
    // them in its route list only — no screen, menu entry, permission or call — so they go to /404.
  ],
};
