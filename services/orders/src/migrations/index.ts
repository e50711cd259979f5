import { OrdersPrices1733200000000 } from './1733200000000-prices';

export const ordersMigrations = [OrdersPrices1733200000000];
