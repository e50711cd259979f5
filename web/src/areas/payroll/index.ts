import { lazyScreen, type Area } from '../types';

export * from './api';

const Payroll = lazyScreen(() => import('./Payroll'));
const DetailedReport = lazyScreen(() => import('./Reports').then((m) => ({ default: m.DetailedReport })));
const StaffRevenueReport = lazyScreen(() => import('./Reports').then((m) => ({ default: m.StaffRevenueReport })));
const BranchRevenueReport = lazyScreen(() => import('./Reports').then((m) => ({ default: m.BranchRevenueReport })));
const Report9279 = lazyScreen(() => import('./Reports').then((m) => ({ default: m.Report9279 })));
const Reconciliation = lazyScreen(() => import('./Reports').then((m) => ({ default: m.Reconciliation })));

/** Payroll, revenue reports and their reconciliation (payroll service, spec 2 §2.2–2.5, §2.7–2.8). */
export const payrollArea: Area = {
  key: 'payroll',
  screens: [
    {
      path: '/app/tinhluong',
      title: 'Tính lương',
      component: Payroll,
      menu: { permissions: ['tinhluong'], section: 'main', icon: 'payments', order: 160 },
    },
    {
      path: '/app/reportbranchrevenue',
      title: 'Báo cáo doanh thu theo chi nhánh',
      component: BranchRevenueReport,
      menu: {
        title: 'Doanh thu theo chi nhánh',
        permissions: ['reportbranchrevenue'],
        section: 'main',
        group: 'reports',
        icon: 'report',
        order: 200,
      },
    },
    {
      path: '/app/reportstaffrevenue',
      title: 'Báo cáo doanh thu theo nhân viên',
      component: StaffRevenueReport,
      menu: {
        title: 'Doanh thu theo nhân viên',
        permissions: ['reportstaffrevenue'],
        section: 'main',
        group: 'reports',
        icon: 'report',
        order: 210,
      },
    },
    {
      path: '/app/report90849332',
      title: 'Báo cáo doanh thu chi tiết',
      component: DetailedReport,
      menu: { title: 'Doanh thu chi tiết', permissions: ['report90849332'], section: 'main', group: 'reports', icon: 'report', order: 220 },
    },
    {
      path: '/app/report9279',
      title: 'Báo cáo 9279',
      component: Report9279,
      menu: { permissions: ['report9279'], section: 'main', group: 'reports', icon: 'report', order: 240 },
    },
    {
      path: '/app/dsdttinhluong',
      title: 'Đối soát doanh thu tính lương',
      component: Reconciliation,
      menu: { permissions: ['dsdttinhluong'], section: 'main', group: 'reports', icon: 'report', order: 250 },
    },
  ],
};
