import { createServer, Server } from 'node:http';
import { createLogger } from '@cskh/kit/observability';
import { createRedis, createRevocationStore, onShutdown } from '@cskh/kit/server';
import { gatewayConfig } from './config';
import { createGateway } from './app';

export interface RunningGateway {
  port: number;
  server: Server;
  stop(): Promise<void>;
}

/** Starts the gateway on config.PORT (0 = any free port). */
export async function startGateway(env: NodeJS.ProcessEnv = process.env): Promise<RunningGateway> {
  const config = gatewayConfig.load(env);
  const log = createLogger('gateway', config.LOG_LEVEL);
  const redis = createRedis(config.REDIS_URL);
  const revocations = createRevocationStore(redis);
  const gw = createGateway({ config, log, redis, revocations });
  const server = createServer(gw.app);
  gw.attach(server);
  // Keep-alive longer than a typical ingress idle timeout, to avoid 502s on reused connections.
  server.keepAliveTimeout = 65000;
  // A port already taken is an error the caller can explain (EADDRINUSE), not a crash.
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(config.PORT, () => {
      server.off('error', reject);
      resolve();
    });
  }).catch(async (err) => {
    await gw.close();
    await revocations.close();
    redis?.disconnect();
    throw err;
  });
  const port = (server.address() as { port: number }).port;
  log.info({ port, routes: gw.routes.length }, 'gateway listening');
  return {
    port,
    server,
    async stop() {
      // A client mid-request when the pod left the Service's endpoints keeps its connection busy,
      // and Node keeps a busy connection alive after close(): every request it sends from now on
      // is answered with Connection: close, so it reconnects to a pod that stays and the server
      // closes as soon as that answer is out, not at the grace's end with a request cut.
      server.prependListener('request', (_req, res) => res.setHeader('connection', 'close'));
      await new Promise<void>((resolve) => {
        const t = setTimeout(() => {
          server.closeAllConnections();
          resolve();
        }, config.SHUTDOWN_GRACE_MS);
        server.close(() => {
          clearTimeout(t);
          resolve();
        });
        server.closeIdleConnections();
      });
      await gw.close();
      await revocations.close();
      redis?.disconnect();
    },
  };
}

if (require.main === module) {
  startGateway().then(
    (gw) => onShutdown(gw.stop, createLogger('gateway')),
    (err) => {
      console.error(err);
      process.exit(1);
    },
  );
}
