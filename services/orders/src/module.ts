import { bind } from '@cskh/kit/server';
import { ServiceModule } from '@cskh/kit/service';
import { orders_v1_orders } from '@cskh/proto';
import { ordersConfig } from './config';
import { Clock, OrdersContext, ordersContext, systemClock } from './context';
import { baodoHandlers, khrHandlers } from './handlers/khr-baodo';
import { byKind } from './handlers/order-common';
import { orderHandlers } from './handlers/orders';
import { priceHandlers } from './handlers/prices';
import { ordersMigrations } from './migrations';
import { SCHEMA } from './store/schema';
import { startAutoCancel } from './workers/auto-cancel';
import { startReminderRepeat } from './workers/reminder-repeat';

/**
 * The orders service with a given clock: tests pass a clock they move, so the 10-minute
 * auto-cancel is proven without sleeping; production uses the system clock (ordersModule).
 */
export function createOrdersModule(clock: Clock = systemClock): ServiceModule<typeof ordersConfig.shape, OrdersContext> {
  return {
    name: 'orders',
    schema: SCHEMA,
    config: ordersConfig,
    migrations: ordersMigrations,
    // Status changes leave through the outbox (events and browser pushes); every change is
    // audited; the staff read model names employees and scopes lists.
    features: { outbox: true, staff: true, audit: true },
    context: (deps) => ordersContext(deps, clock),
    services: (_deps, c) => [
      // The twin lists: one service each, the list named by the request's `kind` (its route's).
      bind(orders_v1_orders.PackagePriceServiceService, byKind({ mfy: priceHandlers(c, 'mfy'), '9279': priceHandlers(c, '9279') })),
      bind(orders_v1_orders.OrderServiceService, byKind({ mfy: orderHandlers(c, 'mfy'), '9279': orderHandlers(c, '9279') })),
      bind(orders_v1_orders.KhrServiceService, khrHandlers(c)),
      bind(orders_v1_orders.BaodoServiceService, baodoHandlers(c)),
    ],
    // The server owns time: every replica runs the auto-cancel worker; the database decides who claims what.
    // So does the reminder repeat: a waiting order reminds again every ORDERS_REMINDER_REPEAT_MS.
    start: async (_deps, c) => {
      const stopAutoCancel = await startAutoCancel(c);
      const stopRepeat = startReminderRepeat(c);
      return async () => {
        await stopRepeat();
        await stopAutoCancel();
        c.invites.close();
      };
    },
  };
}

/** Mfy and 9279 orders and their price lists (spec 3 §2.13–§2.16). */
export const ordersModule = createOrdersModule();
