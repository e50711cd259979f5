import { createLogger, onShutdown, runService } from '@cskh/kit';
import { bankModule } from './module';

export { bankModule } from './module';

if (require.main === module) {
  const log = createLogger('bank');
  runService(bankModule).then(
    (svc) => onShutdown(() => svc.stop(), log),
    (err) => {
      log.error({ err }, 'bank service failed to start');
      process.exit(1);
    },
  );
}
