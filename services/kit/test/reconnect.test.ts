// A call made while its service is between pods (a rolling update) is made once more when that
// cannot run anything twice, and failures a service declares are answered as they are.
import { createServer, connect, Server, Socket } from 'node:net';
import type { sendUnaryData, ServerUnaryCall, ServiceDefinition, UntypedServiceImplementation } from '@grpc/grpc-js';
import { AppError, fromGrpcError, toServiceError } from '@cskh/kit';
import { createLogger } from '@cskh/kit/observability';
import { callUnary, createClient, startGrpcServer } from '@cskh/kit/server';

const json = {
  serialize: (v: unknown) => Buffer.from(JSON.stringify(v)),
  deserialize: (b: Buffer) => JSON.parse(b.toString()),
};
const def = {
  Echo: {
    path: '/cskh.test.Reconnect/Echo',
    requestStream: false,
    responseStream: false,
    requestSerialize: json.serialize,
    requestDeserialize: json.deserialize,
    responseSerialize: json.serialize,
    responseDeserialize: json.deserialize,
  },
} as unknown as ServiceDefinition;

const log = createLogger('reconnect-test', 'silent');

/** What the server does with each call; `calls` counts the calls it saw. */
let behaviour: (req: { n: number }) => Promise<{ n: number }> = async (req) => req;
let calls = 0;
const impl: UntypedServiceImplementation = {
  Echo: (call: ServerUnaryCall<{ n: number }, unknown>, cb: sendUnaryData<unknown>) => {
    calls++;
    behaviour(call.request).then(
      (res) => cb(null, res),
      (err) => cb(toServiceError(err)),
    );
  },
};

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const port = (srv.address() as { port: number }).port;
  await new Promise((r) => srv.close(r));
  return port;
}

const serve = (port: number) => startGrpcServer({ port, host: '127.0.0.1', services: [[def, impl]], log });
const echo = (client: ReturnType<typeof createClient>, n: number, opts: { idempotent?: boolean; deadlineMs?: number } = {}) =>
  callUnary<{ n: number }, { n: number }>(client, 'Echo', { n }, opts).catch((err) => {
    throw fromGrpcError(err);
  });

beforeEach(() => {
  calls = 0;
  behaviour = async (req) => req;
});

test('a write sent while no pod is listening waits for the next one and is run once', async () => {
  const port = await freePort();
  const client = createClient(def, `127.0.0.1:${port}`);
  const answer = echo(client, 7);
  // The pod comes up after the first attempt has already failed with "No connection established".
  await new Promise((r) => setTimeout(r, 600));
  const server = await serve(port);
  try {
    await expect(answer).resolves.toEqual({ n: 7 });
    expect(calls).toBe(1);
  } finally {
    client.close();
    await server.stop(100);
  }
});

test('a service that stays away is answered 503 (UNAVAILABLE), not a timeout, well before the deadline', async () => {
  const port = await freePort();
  const client = createClient(def, `127.0.0.1:${port}`);
  const started = Date.now();
  try {
    const err = await echo(client, 1, { deadlineMs: 20000 }).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err.code).toBe('UNAVAILABLE');
    expect(Date.now() - started).toBeLessThan(15000);
  } finally {
    client.close();
  }
});

test("a service's own UNAVAILABLE (its carrier or database is down) is answered as it is, not run again", async () => {
  const port = await freePort();
  const server = await serve(port);
  const client = createClient(def, `127.0.0.1:${port}`);
  behaviour = async () => {
    throw new AppError('UNAVAILABLE', 'Không kết nối được nhà mạng, vui lòng thử lại sau');
  };
  try {
    const err = await echo(client, 1, { idempotent: true }).catch((e) => e);
    expect(err.code).toBe('UNAVAILABLE');
    expect(err.msg).toBe('Không kết nối được nhà mạng, vui lòng thử lại sau');
    expect(calls).toBe(1);
  } finally {
    client.close();
    await server.stop(100);
  }
});

/** A TCP relay in front of the server: killing it drops the connection as a killed pod does. */
async function relay(port: number, target: number): Promise<{ kill(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const srv: Server = createServer((inbound) => {
    const outbound = connect(target, '127.0.0.1');
    for (const s of [inbound, outbound]) {
      sockets.add(s);
      s.on('error', () => undefined);
      s.on('close', () => sockets.delete(s));
    }
    inbound.pipe(outbound).pipe(inbound);
  });
  await new Promise<void>((r) => srv.listen(port, '127.0.0.1', r));
  return {
    async kill() {
      for (const s of sockets) s.destroy();
      await new Promise((r) => srv.close(r));
    },
  };
}

describe('a connection dropped while the server runs the call', () => {
  // The server takes the call, then the pod's connection is dropped; the next pod listens at the same address.
  async function dropMidCall(idempotent: boolean) {
    const serverPort = await freePort();
    const server = await serve(serverPort);
    const port = await freePort();
    const pod = await relay(port, serverPort);
    const client = createClient(def, `127.0.0.1:${port}`);
    let seen!: () => void;
    const taken = new Promise<void>((r) => (seen = r));
    behaviour = () => {
      seen();
      behaviour = async (req) => req;
      return new Promise(() => undefined);
    };
    const answer = echo(client, 3, { idempotent, deadlineMs: 10000 }).then(
      (v) => ({ ok: true as const, v }),
      (e) => ({ ok: false as const, e }),
    );
    await taken;
    await pod.kill();
    const next = await relay(port, serverPort);
    try {
      return await answer;
    } finally {
      client.close();
      await next.kill();
      await server.stop(100);
    }
  }

  test('a write is not run a second time: the caller gets 503', async () => {
    const out = await dropMidCall(false);
    expect(out.ok).toBe(false);
    expect(!out.ok && out.e.code).toBe('UNAVAILABLE');
    expect(calls).toBe(1);
  });

  test('a read is run again on the next pod and answered', async () => {
    const out = await dropMidCall(true);
    expect(out).toEqual({ ok: true, v: { n: 3 } });
    expect(calls).toBe(2);
  });
});
