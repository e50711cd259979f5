import { lazy } from 'react';
import type { Area } from '../types';

export * from './api';

const BankLookup = lazy(() => import('./BankLookup'));

/** Bank-transfer messages (bank service, spec 1 §2.8). */
export const bankArea: Area = {
  key: 'bank',
  screens: [
    {
      path: '/app/bank-lookup',
      title: 'Tra cứu ngân hàng',
      component: BankLookup,
      menu: { permissions: ['lookup.bank'], section: 'main', icon: 'bank', order: 120 },
    },
  ],
};
