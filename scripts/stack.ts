/**
 * Starts the whole product in one process: every gRPC service found under services/*
 * (each exports a ServiceModule from src/module.ts), the carrier simulator, the realtime tier
 * and the gateway — each on its own loopback port, talking real gRPC, as in Kubernetes.
 * Used by the embedded run (`npm start`), the browser test and the benchmark.
 */
import { createLogger } from '@cskh/kit/observability';
import { runService, RunningService, serviceModuleAmong, type AnyServiceModule } from '@cskh/kit/service';
import { startGateway, RunningGateway } from '../gateway/src/main';
import { startCarrierSim } from '../services/carrier-sim/src/main';
import { startRealtime } from '../services/realtime/src/main';
import * as auth from '../services/auth/src/module';
import * as bank from '../services/bank/src/module';
import * as care from '../services/care/src/module';
import * as dataops from '../services/dataops/src/module';
import * as lookup from '../services/lookup/src/module';
import * as orders from '../services/orders/src/module';
import * as payroll from '../services/payroll/src/module';
import * as refunds from '../services/refunds/src/module';

export interface Stack {
  url: string;
  gatewayPort: number;
  services: Record<string, number>;
  env: NodeJS.ProcessEnv;
  stop(): Promise<void>;
}

export interface StackOptions {
  /** DATABASE_URL, REDIS_URL, KAFKA_BROKERS, JWT_SECRET, SYSTEM_ACCOUNT_KEY, CSKH_ADMIN_PASSWORD … */
  env: NodeJS.ProcessEnv;
  port?: number;
  /** Limit to these services (default: all found). */
  only?: string[];
  carrierSim?: boolean;
  realtime?: boolean;
}

/**
 * Every gRPC service's module (services/<name>/src/module.ts), named in code rather than found on
 * disk so that the image's bundle (scripts/bundle.ts) holds them all; `stack-order.test.ts` checks
 * that each services/<name>/src/module.ts is here.
 */
const SERVICE_MODULES: Record<string, Record<string, unknown>> = {
  auth,
  bank,
  care,
  dataops,
  lookup,
  orders,
  payroll,
  refunds,
};

export function discoverServices(): string[] {
  return Object.keys(SERVICE_MODULES);
}

/** The ServiceModule of services/<name>/src/module.ts. */
export async function loadServiceModule(name: string): Promise<AnyServiceModule> {
  const exports = SERVICE_MODULES[name];
  const found = exports && serviceModuleAmong(exports);
  if (!found) throw new Error(`services/${name}/src/module.ts exports no ServiceModule`);
  return found;
}

/**
 * Callees before callers: a service reads `<NAME>_GRPC_URL` of the services it calls when it starts
 * (its config declares them), and each URL is known once that service listens. Services that call
 * nobody start first, in name order; a cycle would be a design error and fails loudly.
 */
export function startOrder(modules: ReadonlyMap<string, Pick<AnyServiceModule, 'config'>>): string[] {
  const callees = (name: string) =>
    Object.keys(modules.get(name)!.config.shape)
      .map((k) => /^([A-Z0-9]+)_GRPC_URL$/.exec(k)?.[1]?.toLowerCase())
      .filter((n): n is string => !!n && n !== name && modules.has(n));
  const order: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, path: string[]) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') throw new Error(`services call each other in a cycle: ${[...path, name].join(' → ')}`);
    state.set(name, 'visiting');
    for (const c of callees(name).sort()) visit(c, [...path, name]);
    state.set(name, 'done');
    order.push(name);
  };
  for (const name of [...modules.keys()].sort()) visit(name, []);
  return order;
}

export async function startStack(opts: StackOptions): Promise<Stack> {
  const log = createLogger('stack', opts.env.LOG_LEVEL ?? 'info');
  const stops: Array<() => Promise<void>> = [];
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch((err) => log.warn({ err }, 'stop failed'));
  };
  try {
    return await startComponents(opts, log, stops, stopAll);
  } catch (err) {
    // Nothing half-started may outlive a failed start (a test would hang on it).
    await stopAll();
    throw err;
  }
}

async function startComponents(
  opts: StackOptions,
  log: ReturnType<typeof createLogger>,
  stops: Array<() => Promise<void>>,
  stopAll: () => Promise<void>,
): Promise<Stack> {
  const env: NodeJS.ProcessEnv = { MIGRATE_ON_START: 'true', ...opts.env };
  const services: Record<string, number> = {};

  if (opts.carrierSim !== false) {
    const sim = await startCarrierSim({
      port: 0,
      latencyMs: Number(env.CARRIER_LATENCY_MS ?? 0),
      jitterMs: Number(env.CARRIER_JITTER_MS ?? 0),
      errorRate: Number(env.CARRIER_ERROR_RATE ?? 0),
      timeoutRate: Number(env.CARRIER_TIMEOUT_RATE ?? 0),
      username: env.CARRIER_USERNAME ?? 'cskh',
      password: env.CARRIER_PASSWORD ?? 'cskh-carrier',
      sellers: (env.CARRIER_SIM_SELLERS ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
    });
    env.CARRIER_URL = `http://127.0.0.1:${sim.port}`;
    env.CARRIER_USERNAME ??= 'cskh';
    env.CARRIER_PASSWORD ??= 'cskh-carrier';
    services['carrier-sim'] = sim.port;
    stops.push(() => sim.stop());
  }

  const names = discoverServices().filter((n) => !opts.only || opts.only.includes(n));
  const modules = new Map(await Promise.all(names.map(async (n) => [n, await loadServiceModule(n)] as const)));
  for (const name of startOrder(modules)) {
    const running: RunningService = await runService(modules.get(name)!, { ...env, GRPC_PORT: '0' });
    services[name] = running.port;
    env[`${name.toUpperCase()}_GRPC_URL`] = `127.0.0.1:${running.port}`;
    stops.push(() => running.stop());
  }

  if (opts.realtime !== false) {
    const rt = await startRealtime({ ...env, PORT: '0' });
    env.REALTIME_URL = `http://127.0.0.1:${rt.port}`;
    services.realtime = rt.port;
    stops.push(() => rt.stop());
  }

  const gw: RunningGateway = await startGateway({ ...env, PORT: String(opts.port ?? 0) });
  stops.push(() => gw.stop());
  const url = `http://127.0.0.1:${gw.port}`;
  log.info({ url, services }, 'stack up');
  return {
    url,
    gatewayPort: gw.port,
    services,
    env,
    stop: stopAll,
  };
}
