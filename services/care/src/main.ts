import { createLogger, onShutdown, runService } from '@cskh/kit';
import { careModule } from './module';

export { careModule } from './module';

if (require.main === module) {
  const log = createLogger('care');
  runService(careModule).then(
    (svc) => onShutdown(() => svc.stop(), log),
    (err) => {
      log.error({ err }, 'care service failed to start');
      process.exit(1);
    },
  );
}
