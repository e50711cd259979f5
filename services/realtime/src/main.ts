import { createLogger } from '@cskh/kit/observability';
import { onShutdown } from '@cskh/kit/server';
import { startRealtime, RealtimeHandle } from './server';

export { REPLICA_HEADER, startRealtime } from './server';
export { accountClientId } from './domain/routing';
export type { RealtimeHandle, RealtimeOptions, ReplyPayload } from './server';

/** Component entry: configuration from the environment. */
export function main(env: NodeJS.ProcessEnv = process.env): Promise<RealtimeHandle> {
  return startRealtime(env);
}

if (require.main === module) {
  const log = createLogger('realtime');
  main().then(
    (rt) => onShutdown(() => rt.stop(), log),
    (err) => {
      log.error({ err }, 'realtime tier failed to start');
      process.exit(1);
    },
  );
}
