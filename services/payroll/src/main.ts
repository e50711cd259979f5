import { createLogger, onShutdown, runService } from '@cskh/kit';
import { payrollModule } from './module';

export { payrollModule } from './module';

if (require.main === module) {
  const log = createLogger('payroll');
  runService(payrollModule).then(
    (svc) => onShutdown(() => svc.stop(), log),
    (err) => {
      log.error({ err }, 'payroll service failed to start');
      process.exit(1);
    },
  );
}
