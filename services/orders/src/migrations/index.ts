import { OrdersPrices1733200000000 } from './1733200000000-prices';
import { OrdersOrders1733200000001 } from './1733200000001-orders';
import { OrdersKhrBaodo1733200000002 } from './1733200000002-khr-baodo';
import { OrdersKhrBaodoAssign1733200000003 } from './1733200000003-khr-baodo-assign';
import { OrdersListVolume1733600000000 } from './1733600000000-list-volume';
import { OrdersScopeCounters1733700000000 } from './1733700000000-scope-counters';
import { OrdersSearch9279Indexes1733700000001 } from './1733700000001-search-9279';
import { OrdersReminders1734000000000 } from './1734000000000-reminders';
import { OrdersAssignCompanies1734100000000 } from './1734100000000-assign-companies';
import { OrdersTypedSearch1735100000000 } from './1735100000000-typed-search';

export const ordersMigrations = [
  OrdersPrices1733200000000,
  OrdersOrders1733200000001,
  OrdersKhrBaodo1733200000002,
  OrdersKhrBaodoAssign1733200000003,
  OrdersListVolume1733600000000,
  OrdersScopeCounters1733700000000,
  OrdersSearch9279Indexes1733700000001,
  OrdersReminders1734000000000,
  OrdersAssignCompanies1734100000000,
  OrdersTypedSearch1735100000000,
];
