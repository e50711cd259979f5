/**
 * One lookup's path is one trace (what an SRE follows), through the whole stack on real
 * PostgreSQL, Redis and Kafka: a REST lookup continues the caller's `traceparent` through the
 * gateway and gRPC into the lookup service and answers its trace id as X-Trace-Id; a socket lookup
 * starts a trace at the realtime tier that the Kafka request, the lookup service's consumer, its
 * reply and the realtime tier's reply consumer all share. Spans are read from an in-memory
 * exporter registered before the stack starts (the stack runs in this process).
 */
import { randomBytes } from 'node:crypto';
import { io as connect, Socket } from 'socket.io-client';
import { InMemorySpanExporter, SimpleSpanProcessor } from '@opentelemetry/sdk-trace-base';
import { startTracing } from '@cskh/kit/observability';
import { settle } from '@cskh/kit/testing';
import { startStack, Stack } from '../../scripts/stack';
import { dropDatabase, isolatedStackEnv } from '../../scripts/testing';

const exporter = new InMemorySpanExporter();
startTracing('trace-test', [new SimpleSpanProcessor(exporter)]);

const env = isolatedStackEnv('gw_trace', { LOG_LEVEL: 'error', LOGIN_LIMIT_KEY_PREFIX: `test:trace:${randomBytes(4).toString('hex')}` });
let stack: Stack;
let token: string;
let socket: Socket | undefined;

beforeAll(async () => {
  stack = await startStack({ only: ['auth', 'lookup'], env });
  const res = await fetch(`${stack.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: env.CSKH_ADMIN_PASSWORD }),
  });
  token = (await res.json()).data.access_token;
}, 240_000);

afterAll(async () => {
  socket?.disconnect();
  await stack?.stop();
  await dropDatabase(env.DATABASE_URL!);
});

/** The spans of one trace, as "kind name" (kinds: 1 server, 4 consumer), once they are all ended. */
async function spansOf(traceId: string, atLeast: string[]): Promise<string[]> {
  const kinds = ['internal', 'server', 'client', 'producer', 'consumer'];
  return settle(
    () =>
      exporter
        .getFinishedSpans()
        .filter((s) => s.spanContext().traceId === traceId)
        .map((s) => `${kinds[s.kind]} ${s.name}`),
    (names) => atLeast.every((n) => names.includes(n)),
    10_000,
  );
}

test('a REST lookup continues the caller trace through the gateway and gRPC, and answers its id', async () => {
  const traceId = randomBytes(16).toString('hex');
  const res = await fetch(`${stack.url}/api/v1/lookup/balance?phone=0912345678`, {
    headers: { authorization: `Bearer ${token}`, traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get('x-trace-id')).toBe(traceId);
  const want = ['server GET /api/v1/lookup/balance', 'server cskh.lookup.v1.LookupService/Balance'];
  expect(await spansOf(traceId, want)).toEqual(expect.arrayContaining(want));

  // Without a traceparent a request starts its own trace, and says which.
  const fresh = await fetch(`${stack.url}/api/v1/lookup/balance?phone=0912345678`, { headers: { authorization: `Bearer ${token}` } });
  expect(fresh.headers.get('x-trace-id')).toMatch(/^[0-9a-f]{32}$/);
  expect(fresh.headers.get('x-trace-id')).not.toBe(traceId);
});

test('a socket lookup is one trace from the socket event through Kafka and the lookup service back to the reply', async () => {
  socket = await new Promise<Socket>((resolve, reject) => {
    const s = connect(stack.url, {
      path: '/socket.io',
      transports: ['websocket'],
      auth: { host: 'cskh', token, client_id: 'trace-tab' },
      reconnection: false,
    });
    s.once('connect', () => resolve(s));
    s.once('connect_error', reject);
  });
  const reply = new Promise<{ status: number }>((resolve) => socket!.once('traKetQuaThongTinChiTietThueBao', resolve));
  socket.emit('traCuuThongTinChiTietThueBao', {
    host: 'cskh',
    token,
    client_id: 'trace-tab',
    data: { isdn: '0987654321', phoneType: 'MC' },
  });
  expect((await reply).status).toBe(200);

  const root = exporter.getFinishedSpans().find((s) => s.name === 'traCuuThongTinChiTietThueBao');
  expect(root).toBeDefined();
  const spans = await spansOf(root!.spanContext().traceId, []);
  // The lookup service consumed the request and the realtime tier consumed the reply, in the same trace.
  expect(spans.filter((n) => n.startsWith('consumer process ')).length).toBeGreaterThanOrEqual(2);
  expect(spans).toEqual(expect.arrayContaining(['server traCuuThongTinChiTietThueBao']));
});
