/**
 * /metrics as Prometheus scrapes it (kit/metrics.ts): after real traffic through the gateway and
 * the auth service (real PostgreSQL, Redis, Kafka), the figures an SRE alerts on are there, by
 * declared route and RPC, with the outbox backlog and consumer lag read at scrape time.
 */
import { startStack, Stack } from '../../scripts/stack';
import { isolatedStackEnv } from '../../scripts/testing';
import { collectProcessMetrics, startMetricsServer } from '@cskh/kit/observability';

let stack: Stack;
let metricsUrl: string;
let closeMetrics: () => Promise<void>;

beforeAll(async () => {
  stack = await startStack({
    only: ['auth'],
    carrierSim: false,
    realtime: false,
    env: isolatedStackEnv('metrics_test', { CSKH_ADMIN_PASSWORD: 'Admin@123', LOG_LEVEL: 'silent' }),
  });
  collectProcessMetrics('test');
  const server = await startMetricsServer(0, '127.0.0.1');
  metricsUrl = `http://127.0.0.1:${server.port}/metrics`;
  closeMetrics = server.close;
}, 120000);

afterAll(async () => {
  await closeMetrics?.();
  await stack?.stop();
});

const scrape = async () => {
  const res = await fetch(metricsUrl);
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
  return res.text();
};

/** The value of one series, found by its name and labels (any order). */
function valueOf(text: string, name: string, labels: Record<string, string>): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`)) continue;
    const body = line.slice(name.length + 1, line.lastIndexOf('}'));
    if (Object.entries(labels).every(([k, v]) => body.includes(`${k}="${v}"`))) return Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return undefined;
}

const login = (password: string) =>
  fetch(`${stack.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password }),
  });

it('counts gateway requests by declared route and status, and gRPC calls by RPC and code', async () => {
  const before = await scrape();
  const okBefore = valueOf(before, 'cskh_http_request_duration_seconds_count', { route: '/api/v1/auth/login', status: '200' }) ?? 0;
  const rpcBefore = valueOf(before, 'cskh_grpc_server_handling_seconds_count', { method: 'Login', code: 'OK' }) ?? 0;
  const deniedBefore = valueOf(before, 'cskh_grpc_server_handling_seconds_count', { method: 'Login', code: 'UNAUTHENTICATED' }) ?? 0;

  expect((await login('Admin@123')).status).toBe(200);
  expect((await login('Admin@123')).status).toBe(200);
  expect((await login('sai-mat-khau')).status).toBe(401);

  const after = await scrape();
  expect(valueOf(after, 'cskh_http_request_duration_seconds_count', { method: 'POST', route: '/api/v1/auth/login', status: '200' })).toBe(
    okBefore + 2,
  );
  expect(valueOf(after, 'cskh_http_request_duration_seconds_count', { route: '/api/v1/auth/login', status: '401' })).toBeGreaterThanOrEqual(
    1,
  );
  expect(
    valueOf(after, 'cskh_grpc_server_handling_seconds_count', { service: 'cskh.auth.v1.SessionService', method: 'Login', code: 'OK' }),
  ).toBe(rpcBefore + 2);
  expect(valueOf(after, 'cskh_grpc_server_handling_seconds_count', { method: 'Login', code: 'UNAUTHENTICATED' })).toBe(deniedBefore + 1);
  // Latency histograms have buckets an SRE can put a p95 on.
  expect(
    valueOf(after, 'cskh_http_request_duration_seconds_bucket', { le: '0.05', route: '/api/v1/auth/login', status: '200' }),
  ).toBeGreaterThanOrEqual(0);
  expect(valueOf(after, 'cskh_http_request_duration_seconds_bucket', { le: '+Inf', route: '/api/v1/auth/login', status: '200' })).toBe(
    okBefore + 2,
  );
  // Node's own figures, prefixed.
  expect(after).toMatch(/^cskh_process_resident_memory_bytes\{component="test"\} \d+/m);
  expect(after).toMatch(/^cskh_nodejs_eventloop_lag_p99_seconds/m);
});

it('reads the outbox backlog and the consumer lag when scraped', async () => {
  const text = await scrape();
  // Auth writes user changes through its outbox; the relay keeps the backlog near zero.
  const backlog = valueOf(text, 'cskh_outbox_backlog', { schema: 'auth' });
  expect(backlog).toBeDefined();
  expect(backlog).toBeGreaterThanOrEqual(0);
  expect(text).toMatch(/^# TYPE cskh_kafka_consumer_lag gauge/m);
  expect(text).toMatch(/^# TYPE cskh_socket_connections gauge/m);
});

it('answers nothing but /metrics', async () => {
  expect((await fetch(metricsUrl.replace('/metrics', '/'))).status).toBe(404);
});
