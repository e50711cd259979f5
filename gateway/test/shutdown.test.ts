/**
 * The gateway stopping (a pod's SIGTERM in a rolling update or a drain) while a client keeps its
 * connection busy, as a browser or the k6 load does: the requests it still sends are answered and
 * told to close the connection, and the gateway exits at once instead of waiting its grace period
 * and cutting the connection under a request. A browser's socket proxied to the realtime tier is
 * ended at once too, so the browser moves to a gateway pod that stays.
 */
import { Agent, createServer, request } from 'node:http';
import { Server } from 'socket.io';
import { io as connect } from 'socket.io-client';
import { startGateway } from '../src/main';

const GRACE_MS = 8000;

function get(port: number, agent: Agent, path: string, body?: (write: (chunk: string) => void, end: () => void) => void) {
  return new Promise<{ status: number; connection: string }>((resolve, reject) => {
    const req = request(
      {
        port,
        agent,
        path,
        method: body ? 'POST' : 'GET',
        headers: body ? { 'content-type': 'application/json', 'transfer-encoding': 'chunked' } : {},
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: String(res.headers.connection) }));
      },
    );
    req.on('error', reject);
    if (body)
      body(
        (c) => req.write(c),
        () => req.end(),
      );
    else req.end();
  });
}

it('a connection busy when the gateway stops is answered, then told to close; the gateway exits without waiting its grace', async () => {
  const gw = await startGateway({
    JWT_SECRET: 'shutdown-test-secret-0123456789abcdef',
    PORT: '0',
    REDIS_URL: '',
    LOG_LEVEL: 'error',
    SHUTDOWN_GRACE_MS: String(GRACE_MS),
  });
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  try {
    expect((await get(gw.port, agent, '/healthz')).status).toBe(200);
    // a request still being sent (its body half written) on the kept-alive connection when the stop begins
    let finish = () => {};
    const inFlight = get(gw.port, agent, '/api/v1/auth/login', (write, end) => {
      write('{"username":');
      finish = () => {
        write('"x","password":"y"}');
        end();
      };
    });
    await new Promise((r) => setTimeout(r, 100));
    const t0 = Date.now();
    const stopped = gw.stop().then(() => Date.now() - t0);
    finish();
    expect((await inFlight).status).toBeGreaterThan(0);
    // the client's next request on the same connection: answered, and the connection closed after it
    const next = await get(gw.port, agent, '/healthz');
    expect(next).toEqual({ status: 200, connection: 'close' });
    expect(await stopped).toBeLessThan(GRACE_MS / 2);
  } finally {
    agent.destroy();
  }
}, 30000);

it('a socket proxied to the realtime tier is ended when the gateway stops, and the gateway exits without waiting its grace', async () => {
  // the realtime tier's stand-in: a Socket.IO server that keeps every socket
  const realtime = createServer();
  const io = new Server(realtime, { path: '/socket.io' });
  await new Promise<void>((resolve) => realtime.listen(0, '127.0.0.1', resolve));
  const gw = await startGateway({
    JWT_SECRET: 'shutdown-test-secret-0123456789abcdef',
    PORT: '0',
    REDIS_URL: '',
    LOG_LEVEL: 'error',
    SHUTDOWN_GRACE_MS: String(GRACE_MS),
    REALTIME_URL: `http://127.0.0.1:${(realtime.address() as { port: number }).port}`,
  });
  const socket = connect(`http://127.0.0.1:${gw.port}`, { path: '/socket.io', transports: ['websocket'], reconnection: false });
  try {
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', resolve);
      socket.once('connect_error', reject);
    });
    const dropped = new Promise<string>((resolve) => socket.once('disconnect', resolve));
    const t0 = Date.now();
    const stopped = gw.stop().then(() => Date.now() - t0);
    expect(await dropped).toBe('transport close');
    expect(await stopped).toBeLessThan(GRACE_MS / 2);
  } finally {
    socket.close();
    await new Promise((resolve) => io.close(resolve));
  }
}, 30000);
