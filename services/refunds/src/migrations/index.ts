import { RefundsSettingsPrices1733200000000 } from './1733200000000-settings-prices';
import { RefundsRequests1733200000001 } from './1733200000001-requests';
import { RefundsBankTransfers1733200000002 } from './1733200000002-bank-transfers';
import { RefundsListVolume1733600000000 } from './1733600000000-list-volume';
import { RefundsAssign1734200000000 } from './1734200000000-assign';
import { RefundsTypedSearch1735100000000 } from './1735100000000-typed-search';

export const refundsMigrations = [
  RefundsSettingsPrices1733200000000,
  RefundsRequests1733200000001,
  RefundsBankTransfers1733200000002,
  RefundsListVolume1733600000000,
  RefundsAssign1734200000000,
  RefundsTypedSearch1735100000000,
];
