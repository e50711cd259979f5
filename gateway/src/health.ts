import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import type Redis from 'ioredis';
import type { GenericClient } from '@cskh/kit/server';
import { GatewayConfig, SERVICE_NAMES, serviceUrl } from './config';

const healthProto = require.resolve('grpc-health-check/proto/health/v1/health.proto');
const TIMEOUT_MS = 2000;

/** SERVING, NOT_SERVING, … as grpc.health.v1 says; UNREACHABLE when it does not answer; NOT_CONFIGURED without a URL. */
export type ServiceState = string;

const withTimeout = <T>(p: Promise<T>, fallback: T) =>
  Promise.race([p, new Promise<T>((resolve) => setTimeout(() => resolve(fallback), TIMEOUT_MS).unref())]);

/**
 * Readiness is about this gateway pod only: it can serve when its own dependency (Redis, when
 * configured) answers. A service that is down makes its own routes answer 503 and shows in
 * servicesReport() — it must not take every gateway pod out of rotation.
 */
export class HealthChecker {
  private clients = new Map<string, GenericClient>();

  constructor(
    private config: GatewayConfig,
    private redis?: Redis,
  ) {
    const def = protoLoader.loadSync(healthProto, { keepCase: true, enums: String });
    const loaded = grpc.loadPackageDefinition(def) as unknown as { grpc: { health: { v1: { Health: grpc.ServiceClientConstructor } } } };
    const Health = loaded.grpc.health.v1.Health;
    for (const s of SERVICE_NAMES) {
      const url = serviceUrl(config, s);
      if (url) this.clients.set(s, new Health(url, grpc.credentials.createInsecure()) as never);
    }
  }

  /** /readyz: Redis (when configured) answers. */
  async readiness() {
    const checks: Record<string, string> = {};
    if (this.redis)
      checks.redis = await withTimeout(
        this.redis.ping().then(
          () => 'SERVING',
          () => 'UNREACHABLE',
        ),
        'UNREACHABLE',
      );
    return { ready: Object.values(checks).every((v) => v === 'SERVING'), checks };
  }

  /** /healthz/services: every service the protos route to (gRPC health), and the realtime tier. */
  async servicesReport() {
    const services: Record<string, ServiceState> = {};
    await Promise.all([
      ...SERVICE_NAMES.map(async (name) => {
        const c = this.clients.get(name);
        services[name] = c ? await this.grpcHealth(c) : 'NOT_CONFIGURED';
      }),
      (async () => {
        if (!this.config.REALTIME_URL) return;
        services.realtime = await fetch(new URL('/healthz', this.config.REALTIME_URL), { signal: AbortSignal.timeout(TIMEOUT_MS) }).then(
          (r) => (r.ok ? 'SERVING' : `HTTP ${r.status}`),
          () => 'UNREACHABLE',
        );
      })(),
    ]);
    const configured = Object.values(services).filter((s) => s !== 'NOT_CONFIGURED');
    return { serving: configured.every((s) => s === 'SERVING'), services };
  }

  private grpcHealth(c: GenericClient) {
    return new Promise<ServiceState>((resolve) =>
      c.Check({ service: '' }, { deadline: new Date(Date.now() + TIMEOUT_MS) }, (err: Error | null, r: { status: string }) =>
        resolve(err ? 'UNREACHABLE' : r.status),
      ),
    );
  }

  close() {
    for (const c of this.clients.values()) c.close();
  }
}
