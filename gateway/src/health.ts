import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import type Redis from 'ioredis';
import { GatewayConfig, SERVICE_NAMES, serviceUrl } from './config';

const healthProto = require.resolve('grpc-health-check/proto/health/v1/health.proto');

/** Readiness: every configured gRPC service answers the standard health check, Redis and realtime answer. */
export class HealthChecker {
  private clients = new Map<string, grpc.Client & Record<string, Function>>();

  constructor(private config: GatewayConfig, private redis?: Redis) {
    const def = protoLoader.loadSync(healthProto, { keepCase: true, enums: String });
    const Health = (grpc.loadPackageDefinition(def) as any).grpc.health.v1.Health as grpc.ServiceClientConstructor;
    for (const s of SERVICE_NAMES) {
      const url = serviceUrl(config, s);
      if (url) this.clients.set(s, new Health(url, grpc.credentials.createInsecure()) as never);
    }
  }

  async check() {
    const checks: Record<string, string> = {};
    await Promise.all([
      ...[...this.clients].map(async ([name, c]) => {
        checks[name] = await new Promise<string>((resolve) =>
          c.Check({ service: '' }, { deadline: new Date(Date.now() + 2000) }, (err: Error | null, r: { status: string }) =>
            resolve(err ? 'UNREACHABLE' : r.status),
          ),
        );
      }),
      (async () => {
        if (this.redis) checks.redis = await this.redis.ping().then(() => 'SERVING', () => 'UNREACHABLE');
      })(),
      (async () => {
        if (this.config.REALTIME_URL)
          checks.realtime = await fetch(new URL('/healthz', this.config.REALTIME_URL), { signal: AbortSignal.timeout(2000) }).then(
            (r) => (r.ok ? 'SERVING' : `HTTP ${r.status}`),
            () => 'UNREACHABLE',
          );
      })(),
    ]);
    return { ready: Object.values(checks).every((v) => v === 'SERVING'), checks };
  }

  close() {
    for (const c of this.clients.values()) c.close();
  }
}
