/**
 * The single entry of the container image: `component <name>` runs one component of the
 * product — gateway, realtime, carrier-sim, any gRPC service under services/ (auth, lookup, …),
 * or `migrate`, which applies every service's migrations and exits (the Helm hook Job).
 */
import { join, resolve } from 'node:path';
import { collectProcessMetrics, createLogger, metricsPortOf, startMetricsServer, startTracing, stopTracing } from '@cskh/kit/observability';
import { onShutdown } from '@cskh/kit/server';
import { migrateService, runService } from '@cskh/kit/service';
import { startGateway } from '../gateway/src/main';
import { main as carrierSim } from '../services/carrier-sim/src/main';
import { main as realtime } from '../services/realtime/src/main';
import { discoverServices, loadServiceModule } from './stack';
import { settle } from './wait.mjs';

const ROOT = resolve(__dirname, '..');

export async function runComponent(name: string, env: NodeJS.ProcessEnv = process.env) {
  const log = createLogger(name, env.LOG_LEVEL);
  if (name === 'migrate') {
    for (const svc of discoverServices()) {
      const mod = await loadServiceModule(svc);
      // Each service reads its own DATABASE_URL when it has one (DATABASE_URL_<NAME>), else the shared one.
      await migrateService(mod, { ...env, DATABASE_URL: env[`DATABASE_URL_${svc.toUpperCase()}`] ?? env.DATABASE_URL });
    }
    return;
  }
  // Spans named after this component (exported when OTEL_EXPORTER_OTLP_ENDPOINT is set; kit/trace.ts).
  // The gateway carries its requests' trace context by hand, so it runs without AsyncLocalStorage.
  startTracing(name, [], { asyncContext: name !== 'gateway' });
  // Prometheus reads every component on METRICS_PORT (kit/metrics.ts), apart from its public port.
  collectProcessMetrics(name);
  const metricsPort = metricsPortOf(env);
  if (metricsPort !== null) log.info({ port: (await startMetricsServer(metricsPort)).port }, 'metrics on /metrics');
  let stop: () => Promise<void>;
  if (name === 'gateway') {
    // The web app beside the sources, found from here: the gateway's own default is relative to
    // its source file, which the image's bundle (scripts/bundle.ts) does not keep.
    stop = (await startGateway({ WEB_DIST: join(ROOT, 'web', 'dist'), ...env })).stop;
  } else if (name === 'carrier-sim') {
    const sim = await carrierSim(env);
    stop = drainKeepAlive(sim.server, sim.stop, Number(env.SHUTDOWN_GRACE_MS ?? 10000));
  } else if (name === 'realtime') {
    stop = (await realtime(env)).stop;
  } else if (discoverServices().includes(name)) {
    stop = (await runService(await loadServiceModule(name), env)).stop;
  } else {
    throw new Error(
      `unknown component "${name}"; expected gateway, realtime, carrier-sim, migrate or one of: ${discoverServices().join(', ')}`,
    );
  }
  onShutdown(async () => {
    await stop();
    await stopTracing();
  }, log);
}

/**
 * Graceful stop of a plain HTTP server behind a Kubernetes Service: callers (lookup's carrier
 * client) keep their keep-alive connections to a pod after it has left the Service's endpoints, so
 * stopping at once would cut their next requests (found on a real cluster: a few 503s per rolling
 * update of the carrier simulator). Until the connections are gone (at most `graceMs`), every
 * answer says `Connection: close`; then the server stops.
 */
function drainKeepAlive(server: import('node:http').Server, inner: () => Promise<void>, graceMs: number): () => Promise<void> {
  let draining = false;
  server.prependListener('request', (_req, res) => {
    if (draining) res.setHeader('connection', 'close');
  });
  return async () => {
    draining = true;
    const openConnections = () => new Promise<number>((resolve) => server.getConnections((err, n) => resolve(err ? 0 : n)));
    await settle(openConnections, (open) => open === 0, Math.min(graceMs, 5000));
    await inner();
  };
}

/** `component <name>`: the image's entry (through its bundle, scripts/bundle.ts) and `node --import tsx scripts/component.ts <name>`. */
export function main(argv = process.argv) {
  runComponent(argv[2] ?? '').catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

if (require.main === module) main();
