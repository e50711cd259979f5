import { createLogger, onShutdown, runService } from '@cskh/kit';
import { lookupModule } from './module';

export { lookupModule } from './module';

if (require.main === module) {
  const log = createLogger('lookup');
  runService(lookupModule).then(
    (svc) => onShutdown(() => svc.stop(), log),
    (err) => {
      log.error({ err }, 'lookup service failed to start');
      process.exit(1);
    },
  );
}
