import { lazyScreen, type Area } from '../types';

export * from './api';

const CustomerLookup = lazyScreen(() => import('./CustomerLookup'));
const MessageCentre = lazyScreen(() => import('./MessageCentre'));
const RegistrationResults = lazyScreen(() => import('./RegistrationResults'));
const LookupHistory = lazyScreen(() => import('./LookupHistory'));

/** Subscriber lookups, the message centre, registration results and the lookup log (spec 1 §2.12–2.14, spec 3 §2.12). */
export const lookupArea: Area = {
  key: 'lookup',
  screens: [
    {
      path: '/app/customer-lookup',
      title: 'Tra cứu thuê bao',
      component: CustomerLookup,
      menu: { permissions: ['lookup.balance', 'lookup.package', 'lookup.info'], section: 'main', icon: 'search', order: 90 },
    },
    {
      path: '/app/customer-message-999',
      title: 'Trung tâm tin nhắn',
      component: MessageCentre,
      menu: { permissions: ['history.999'], section: 'main', group: 'messages', icon: 'sms', order: 100 },
    },
    {
      path: '/app/customer-message-9084',
      title: 'Kết quả đăng ký',
      component: RegistrationResults,
      menu: { permissions: ['history.9084'], section: 'main', group: 'messages', icon: 'sms', order: 110 },
    },
    {
      path: '/sys/lstracuu',
      title: 'Lịch sử tra cứu',
      component: LookupHistory,
      menu: { permissions: ['lstracuu'], section: 'admin', icon: 'history', order: 1010 },
    },
  ],
};
