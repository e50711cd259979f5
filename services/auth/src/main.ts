import { createLogger, migrateService, onShutdown, runService } from '@cskh/kit';
import { authModule } from './module';

/** Entry: `node main.ts` serves gRPC; `node main.ts migrate` applies the migrations and exits. */
async function main() {
  if (process.argv[2] === 'migrate') {
    await migrateService(authModule);
    return;
  }
  const running = await runService(authModule);
  onShutdown(running.stop, createLogger('auth'));
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
