import { OrdersPrices1733200000000 } from './1733200000000-prices';
import { OrdersOrders1733200000001 } from './1733200000001-orders';

export const ordersMigrations = [OrdersPrices1733200000000, OrdersOrders1733200000001];
