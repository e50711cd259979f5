import { lazyScreen, type Area } from '../types';

export * from './api';

const RefundPrices = lazyScreen(() => import('./RefundPrices'));
const RefundRequests = lazyScreen(() => import('./RefundRequests'));
const RefundReport = lazyScreen(() => import('./RefundReport'));
const SystemSettings = lazyScreen(() => import('./SystemSettings'));

/** Refund requests, their report, the refund price list and the system settings (refunds service, spec 2 §2.9–2.11, spec 3 §2.19). */
export const refundsArea: Area = {
  key: 'refunds',
  screens: [
    {
      path: '/app/requestrefund',
      title: 'Yêu cầu hoàn tiền',
      component: RefundRequests,
      menu: { permissions: ['requestrefund'], section: 'main', hnimbHidden: true, icon: 'money', order: 140 },
    },
    {
      path: '/app/requestrefundreport',
      title: 'Báo cáo yêu cầu hoàn tiền',
      component: RefundReport,
      menu: { permissions: ['requestrefundreport'], section: 'main', group: 'reports', hnimbHidden: true, icon: 'report', order: 230 },
    },
    {
      path: '/sys/giahoantien',
      title: 'Giá hoàn tiền',
      component: RefundPrices,
      menu: { permissions: ['giahoantien'], section: 'admin', icon: 'price', order: 1030 },
    },
    // The system settings are the refund settings (spec 2 §2.11, §3); the refunds service keeps them.
    {
      path: '/sys/settings',
      title: 'Cài đặt',
      component: SystemSettings,
      menu: { permissions: ['settings'], section: 'admin', icon: 'settings', order: 1130 },
    },
  ],
};
