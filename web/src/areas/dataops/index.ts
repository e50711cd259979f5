import { lazy } from 'react';
import type { Area } from '../types';
import { CustomerUploadScreen, DivisionScreen, NextDayInviteScreen } from '../care';

export * from './api';

// Private customers and the red report are the orders service's (its area builds them).
const PrivateCustomers = lazy(() => import('../orders/KhrBaodo').then((m) => ({ default: m.PrivateCustomers })));
const RedReport = lazy(() => import('../orders/KhrBaodo').then((m) => ({ default: m.RedReport })));
const QuetData = lazy(() => import('./ScanScreen').then((m) => ({ default: m.QuetData })));
const QuetDataKhongGoi = lazy(() => import('./ScanScreen').then((m) => ({ default: m.QuetDataKhongGoi })));
const QuetDtct = lazy(() => import('./ScanScreen').then((m) => ({ default: m.QuetDtct })));
const Blacklist = lazy(() => import('./Lists').then((m) => ({ default: m.Blacklist })));
const Otp1414 = lazy(() => import('./Lists').then((m) => ({ default: m.Otp1414 })));
const SplitUpload = lazy(() => import('./Split').then((m) => ({ default: m.SplitUpload })));
const DataPermission = lazy(() => import('./Split').then((m) => ({ default: m.DataPermission })));
const DataSplit = lazy(() => import('./Split').then((m) => ({ default: m.DataSplit })));

/**
 * Customer import and distribution, scans, data split and data permissions, private customers,
 * red report, blacklist, invite-next-day and OTP 1414 (dataops service, spec 3 §2.3–2.11, §2.17–2.18).
 * Upload (/sys/upload, /sys/customers) and division come from the care area, whose service owns the
 * customers; private customers and the red report from the orders area; scans, data split, data
 * permission, blacklist and OTP 1414 from the dataops service (this folder). Priority 7 ('Điều phối
 * dữ liệu') is senior on data permission and data split (spec 3 §1).
 */
export const dataopsArea: Area = {
  key: 'dataops',
  screens: [
    { path: '/app/khr', title: 'Khách hàng riêng', component: PrivateCustomers, menu: { permissions: ['khr'], section: 'main', icon: 'person', order: 20 } },
    { path: '/app/blacklist', title: 'Blacklist', component: Blacklist, menu: { permissions: ['blacklist'], section: 'main', icon: 'block', order: 50 } },
    { path: '/app/baodo', title: 'Báo đỏ', component: RedReport, menu: { permissions: ['baodo'], section: 'main', icon: 'alarm', order: 60 } },
    {
      path: '/app/mes1414otp',
      title: 'Tra cứu OTP 1414',
      component: Otp1414,
      menu: { permissions: ['mes1414otp'], section: 'main', icon: 'key', order: 130 },
    },
    // Spec 1 §2.4's menu has no entry for it; one is added so staff holding 'moigoihomsau' can reach it.
    {
      path: '/app/moigoihomsau',
      title: 'Mời gói hôm sau',
      component: NextDayInviteScreen,
      menu: { permissions: ['moigoihomsau'], section: 'main', icon: 'phone', order: 40 },
    },
    { path: '/sys/customers', title: 'Khách hàng', component: CustomerUploadScreen },
    // Spec 1 §2.1 names /sys/upload and /sys/division but its menu has no entry: 'Upload' goes in the
    // admin section beside 'Upload chia data' (the seniors and priority 7 who divide lists), and
    // division opens from its 'Phân chia dữ liệu' button (spec 3 §2.3); the service checks both.
    {
      path: '/sys/upload',
      title: 'Upload',
      component: CustomerUploadScreen,
      menu: { title: 'Upload khách hàng', permissions: [], section: 'admin', icon: 'upload', order: 1095, alsoPriorities: [7] },
    },
    { path: '/sys/division', title: 'Phân chia dữ liệu', component: DivisionScreen },
    { path: '/sys/quetdata', title: 'Quét data', component: QuetData, menu: { permissions: ['quetdata'], section: 'admin', icon: 'scan', order: 1070 } },
    {
      path: '/sys/quetdatakhonggoi',
      title: 'Quét data không gói',
      component: QuetDataKhongGoi,
      menu: { permissions: ['quetdatakhonggoi'], section: 'admin', icon: 'scan', order: 1080 },
    },
    {
      path: '/sys/quetdtct',
      title: 'Quét đối tượng chương trình',
      component: QuetDtct,
      menu: { permissions: ['quetdtct'], section: 'admin', icon: 'scan', order: 1090 },
    },
    {
      path: '/sys/uploadchiadata',
      title: 'Upload chia data',
      component: SplitUpload,
      menu: { permissions: ['uploadchiadata'], section: 'admin', icon: 'upload', order: 1100 },
    },
    {
      path: '/sys/phanquyendata',
      title: 'Phân quyền data',
      component: DataPermission,
      menu: { permissions: ['phanquyendata'], section: 'admin', icon: 'security', order: 1110, alsoPriorities: [7] },
    },
    {
      path: '/sys/chiadata',
      title: 'Chia data',
      component: DataSplit,
      menu: { permissions: ['chiadata'], section: 'admin', icon: 'split', order: 1120, alsoPriorities: [7] },
    },
  ],
};
