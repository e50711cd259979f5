import { BankInit1733100000000 } from './1733100000000-init';
import { BankListVolume1733600000000 } from './1733600000000-list-volume';
import { BankRefundLinks1733700000000 } from './1733700000000-refund-links';
import { BankTypedSearch1735100000000 } from './1735100000000-typed-search';

export const bankMigrations = [
  BankInit1733100000000,
  BankListVolume1733600000000,
  BankRefundLinks1733700000000,
  BankTypedSearch1735100000000,
];
