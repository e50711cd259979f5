import { RefundsSettingsPrices1733200000000 } from './1733200000000-settings-prices';
import { RefundsRequests1733200000001 } from './1733200000001-requests';

export const refundsMigrations = [RefundsSettingsPrices1733200000000, RefundsRequests1733200000001];
