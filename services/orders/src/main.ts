import { createLogger, onShutdown, runService } from '@cskh/kit';
import { ordersModule } from './module';

export { ordersModule } from './module';

if (require.main === module) {
  const log = createLogger('orders');
  runService(ordersModule).then(
    (svc) => onShutdown(() => svc.stop(), log),
    (err) => {
      log.error({ err }, 'orders service failed to start');
      process.exit(1);
    },
  );
}
