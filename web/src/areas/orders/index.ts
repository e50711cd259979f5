import { lazyScreen, type Area } from '../types';

export * from './api';

const MfyPrices = lazyScreen(() => import('./PriceLists').then((m) => ({ default: m.MfyPrices })));
const Reg9279Prices = lazyScreen(() => import('./PriceLists').then((m) => ({ default: m.Reg9279Prices })));
const MfyOrders = lazyScreen(() => import('./OrdersScreen').then((m) => ({ default: m.MfyOrders })));
const Reg9279Orders = lazyScreen(() => import('./OrdersScreen').then((m) => ({ default: m.Reg9279Orders })));
const PrivateCustomers = lazyScreen(() => import('./KhrBaodo').then((m) => ({ default: m.PrivateCustomers })));
const RedReport = lazyScreen(() => import('./KhrBaodo').then((m) => ({ default: m.RedReport })));

/** Mfy and 9279 orders and their price lists, private customers and the red report (orders service, spec 3 §2.13–2.16). */
export const ordersArea: Area = {
  key: 'orders',
  screens: [
    {
      path: '/app/khr',
      title: 'Khách hàng riêng',
      component: PrivateCustomers,
      menu: { permissions: ['khr'], section: 'main', icon: 'person', order: 20 },
    },
    {
      path: '/app/baodo',
      title: 'Báo đỏ',
      component: RedReport,
      menu: { permissions: ['baodo'], section: 'main', icon: 'alarm', order: 60 },
    },
    { path: '/app/mfy', title: 'Mfy', component: MfyOrders, menu: { permissions: ['mfy'], section: 'main', icon: 'cart', order: 30 } },
    {
      path: '/app/dangky9279',
      title: 'Đăng ký 9279',
      component: Reg9279Orders,
      menu: { permissions: ['dangky9279'], section: 'main', icon: 'appReg', order: 40 },
    },
    {
      path: '/sys/giagoimfy',
      title: 'Giá gói mfy',
      component: MfyPrices,
      menu: { permissions: ['giagoimfy'], section: 'admin', icon: 'price', order: 1040 },
    },
    {
      path: '/sys/giagoidangky9279',
      title: 'Giá gói đăng ký 9279',
      component: Reg9279Prices,
      menu: { permissions: ['giagoidangky9279'], section: 'admin', icon: 'price', order: 1050 },
    },
  ],
};
