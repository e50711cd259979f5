import { RefundsSettingsPrices1733200000000 } from './1733200000000-settings-prices';

export const refundsMigrations = [RefundsSettingsPrices1733200000000];
