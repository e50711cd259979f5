import type { Area } from '../types';

/** Bank-transfer messages (bank service, spec 1 §2.8). Not built yet. */
export const bankArea: Area = {
  key: 'bank',
  screens: [
    {
      path: '/app/bank-lookup',
      title: 'Tra cứu ngân hàng',
      component: null,
      menu: { permissions: ['lookup.bank'], section: 'main', icon: 'bank', order: 120 },
    },
  ],
};
