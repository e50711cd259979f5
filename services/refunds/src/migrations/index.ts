import { RefundsSettingsPrices1733200000000 } from './1733200000000-settings-prices';
import { RefundsRequests1733200000001 } from './1733200000001-requests';
import { RefundsBankTransfers1733200000002 } from './1733200000002-bank-transfers';

export const refundsMigrations = [RefundsSettingsPrices1733200000000, RefundsRequests1733200000001, RefundsBankTransfers1733200000002];
