import { lazyScreen, type Area } from '../types';

export * from './api';

const BankLookup = lazyScreen(() => import('./BankLookup'));

// What is handed to the signed-in person reaches them on every screen, not only on this one
// (./assignments.ts): started once in the browser (the unit tests load the registry in Node).
if (typeof window !== 'undefined') void import('./assignments').then((m) => m.startBankAssignmentNotices());

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
