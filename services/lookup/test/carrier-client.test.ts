import { createServer, Server } from 'node:http';
import type { Socket } from 'node:net';
import { AppError } from '@cskh/kit';
import { createLogger } from '@cskh/kit/observability';
import { CarrierClient, CARRIER_DOWN_MSG, CARRIER_TIMEOUT_MSG } from '../src/clients/carrier-client';

/**
 * The carrier client keeps connections alive (undici's pool instead of fetch): what must hold is
 * that calls reuse connections, that a pooled connection the carrier closed is not a failed
 * lookup, and that the deadline still covers the whole exchange.
 */
const log = createLogger('test', 'silent');

async function server(handler: Parameters<typeof createServer>[1]) {
  const sockets = new Set<Socket>();
  let connections = 0;
  const srv: Server = createServer(handler);
  srv.on('connection', (s) => {
    connections++;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as { port: number }).port;
  return {
    url: `http://127.0.0.1:${port}`,
    get connections() {
      return connections;
    },
    /** Closes every open connection, as a carrier does after its keep-alive timeout. */
    dropConnections: () => sockets.forEach((s) => s.destroy()),
    close: () =>
      new Promise<void>((r) => {
        sockets.forEach((s) => s.destroy());
        srv.close(() => r());
      }),
  };
}

const credsFor = (url: string) => ({
  get: async () => ({ url, username: 'u', password: 'p', source: 'env' as const }),
  invalidate: () => undefined,
});

describe('carrier client', () => {
  it('reuses one connection for calls one after the other, with Basic auth on each', async () => {
    const auths: string[] = [];
    const s = await server((req, res) => {
      auths.push(String(req.headers.authorization));
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: req.url }));
    });
    const c = new CarrierClient(credsFor(s.url), 2000, log);
    try {
      for (let i = 0; i < 20; i++) expect(await c.get('/x', { n: i })).toEqual({ ok: `/x?n=${i}` });
      // undici's pool counts a new connection busy until the tick after its first answer, so the
      // second call opens one more; every later call reuses those.
      expect(s.connections).toBeLessThanOrEqual(2);
      expect(new Set(auths)).toEqual(new Set([`Basic ${Buffer.from('u:p').toString('base64')}`]));
    } finally {
      c.close();
      await s.close();
    }
  });

  it('sends a GET again on a new connection when the pooled one was closed by the carrier', async () => {
    const s = await server((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"a":1}'));
    const c = new CarrierClient(credsFor(s.url), 2000, log);
    try {
      for (let round = 0; round < 5; round++) {
        expect(await c.get('/y')).toEqual({ a: 1 });
        s.dropConnections();
        await new Promise((r) => setImmediate(r));
      }
    } finally {
      c.close();
      await s.close();
    }
  });

  it('keeps the deadline over the whole exchange (a body that never ends is a timeout)', async () => {
    const s = await server((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"slow":');
    });
    const c = new CarrierClient(credsFor(s.url), 300, log);
    try {
      const t0 = Date.now();
      const err = await c.get('/z').catch((e) => e);
      expect(err).toBeInstanceOf(AppError);
      expect((err as AppError).msg).toBe(CARRIER_TIMEOUT_MSG);
      expect(Date.now() - t0).toBeLessThan(1500);
    } finally {
      c.close();
      await s.close();
    }
  });

  it('says the carrier is down when nothing listens', async () => {
    const s = await server(() => undefined);
    const url = s.url;
    await s.close();
    const c = new CarrierClient(credsFor(url), 1000, log);
    try {
      const err = await c.get('/w').catch((e) => e);
      expect((err as AppError).msg).toBe(CARRIER_DOWN_MSG);
    } finally {
      c.close();
    }
  });
});
