import { createServer, Server } from 'node:http';
import type { Duplex } from 'node:stream';
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
  // The sockets proxied to the realtime tier. Once upgraded, a connection is no request Node can
  // answer with Connection: close nor close when idle, and server.close() waits for it: a pod
  // holding a browser's socket waited its whole grace, then was cut. Stopping ends them at once
  // instead (ended, not destroyed: the proxy then ends its side to the realtime tier too); the
  // browser reconnects through a pod that stays and sends again what it awaits.
  const upgraded = new Set<Duplex>();
  server.on('upgrade', (_req, socket: Duplex) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
  });
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
          for (const socket of upgraded) socket.destroy();
          resolve();
        }, config.SHUTDOWN_GRACE_MS);
        server.close(() => {
          clearTimeout(t);
          resolve();
        });
        server.closeIdleConnections();
        for (const socket of upgraded) socket.end();
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
