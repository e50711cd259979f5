import { WORDS } from '../../common/words';
import { lazyScreen, type Area } from '../types';

export * from './api';

const QuetData = lazyScreen(() => import('./ScanScreen').then((m) => ({ default: m.QuetData })));
const QuetDataKhongGoi = lazyScreen(() => import('./ScanScreen').then((m) => ({ default: m.QuetDataKhongGoi })));
const QuetDtct = lazyScreen(() => import('./ScanScreen').then((m) => ({ default: m.QuetDtct })));
const Blacklist = lazyScreen(() => import('./Lists').then((m) => ({ default: m.Blacklist })));
const Otp1414 = lazyScreen(() => import('./Lists').then((m) => ({ default: m.Otp1414 })));
const SplitUpload = lazyScreen(() => import('./Split').then((m) => ({ default: m.SplitUpload })));
const DataPermission = lazyScreen(() => import('./Split').then((m) => ({ default: m.DataPermission })));
const DataSplit = lazyScreen(() => import('./Split').then((m) => ({ default: m.DataSplit })));

/**
 * Scans, data split and data permissions, blacklist and OTP 1414 (dataops service, spec 3 §2.4–2.11,
 * §2.18). Priority 7 ('Điều phối dữ liệu') is senior on data permission and data split (spec 3 §1).
 * The customers' upload and division and invite-next-day are the care area's, private customers and
 * the red report the orders area's: each area registers only the screens of its own service.
 */
export const dataopsArea: Area = {
  key: 'dataops',
  screens: [
    {
      path: '/app/blacklist',
      title: WORDS.blacklist,
      component: Blacklist,
      menu: { permissions: ['blacklist'], section: 'main', icon: 'block', order: 50 },
    },
    {
      path: '/app/mes1414otp',
      title: 'Tra cứu OTP 1414',
      component: Otp1414,
      menu: { permissions: ['mes1414otp'], section: 'main', icon: 'key', order: 130 },
    },
    {
      path: '/sys/quetdata',
      title: 'Quét data',
      component: QuetData,
      menu: { permissions: ['quetdata'], section: 'admin', icon: 'scan', order: 1070 },
    },
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
      title: WORDS.splitUpload,
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
