import { createLogger, onShutdown, runService } from '@cskh/kit';
import { refundsModule } from './module';

export { refundsModule } from './module';

if (require.main === module) {
  const log = createLogger('refunds');
  runService(refundsModule).then(
    (svc) => onShutdown(() => svc.stop(), log),
    (err) => {
      log.error({ err }, 'refunds service failed to start');
      process.exit(1);
    },
  );
}
