import { createLogger, onShutdown, runService } from '@cskh/kit';
import { dataopsModule } from './module';

export { dataopsModule } from './module';

if (require.main === module) {
  const log = createLogger('dataops');
  runService(dataopsModule).then(
    (svc) => onShutdown(() => svc.stop(), log),
    (err) => {
      log.error({ err }, 'dataops service failed to start');
      process.exit(1);
    },
  );
}
