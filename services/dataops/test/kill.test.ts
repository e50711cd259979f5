/**
 * A scan worker killed mid-scan, on real PostgreSQL, Kafka and Redis against the carrier simulator.
 * Replica A (in this process) starts a file from a real socket and is stopped gracefully mid-scan
 * (its lease released); replica K, a separate process, takes the file over and is killed with
 * SIGKILL mid-scan (no shutdown code: the lease stays, the step in flight is lost); replica K2, a
 * new process, takes over once K's lease has expired and scans to the end. Every number's result
 * is stored once; the carrier is asked again only for the numbers of the step K had in flight.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { io as connect, Socket } from 'socket.io-client';
import { rand, testToken, TestService, until } from '@cskh/kit/testing';
import { RealtimeHandle, startRealtime } from '../../realtime/src/main';
import { realtimeTestEnv } from '../../realtime/test/fixtures/env';
import type { CarrierSimHandle } from '../../carrier-sim/src/main';
import { phones, startDataops, startSim } from './helpers';

const ROOT = resolve(__dirname, '../../..');
const NUMBERS = 600;
const BATCH = 10;
const LEASE_MS = 3000;
const settings = {
  SCAN_BATCH_SIZE: String(BATCH),
  SCAN_LEASE_MS: String(LEASE_MS),
  SCAN_CONCURRENCY: '4',
  SCAN_RATE_PER_SECOND: '200',
  SCAN_POLL_MS: '100',
};

let sim: CarrierSimHandle;
let t: TestService;
let a: Awaited<ReturnType<typeof startDataops>>;
let rt: RealtimeHandle;
let socket: Socket | undefined;
const children: ChildProcess[] = [];
const uploader = `dieuphoi_${rand()}`;
const me = () => t.as(4, ['quetdata'], { username: uploader });

beforeAll(async () => {
  sim = await startSim(30);
  a = await startDataops(sim, 'A', undefined, settings);
  t = a.t;
  rt = await startRealtime(realtimeTestEnv(t.topicPrefix));
  await rt.ready;
});
afterAll(async () => {
  socket?.disconnect();
  // The last replica shuts down as a pod would (SIGTERM); nothing is left running.
  for (const c of children) {
    if (c.exitCode === null && c.signalCode === null) {
      const exited = new Promise((ok) => c.once('exit', ok));
      c.kill('SIGTERM');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([exited, new Promise((ok) => (timer = setTimeout(ok, 10000)))]);
      clearTimeout(timer);
      if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    }
    c.stdout?.destroy();
    c.stderr?.destroy();
  }
  await rt?.stop();
  await t?.stop().catch(() => undefined);
  await sim?.stop();
});

/** A dataops replica as its own process (the container's entry), sharing A's database and Kafka prefix; resolves once it serves. */
function replica(instance: string): Promise<ChildProcess> {
  const env = { ...t.env, ...settings, DATAOPS_INSTANCE: instance, LOG_LEVEL: 'info', METRICS_PORT: '0', GRPC_PORT: '0' };
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'scripts', 'component.ts'), 'dataops'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let tail = '';
  const keep = (b: Buffer) => void (tail = (tail + b.toString()).slice(-4000));
  return new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`replica ${instance} did not start: ${tail}`)), 60000);
    child.stderr!.on('data', keep);
    child.stdout!.on('data', (b: Buffer) => {
      keep(b);
      if (tail.includes('gRPC server listening')) {
        clearTimeout(timer);
        ok(child);
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      fail(new Error(`replica ${instance} exited (${code ?? signal}): ${tail}`));
    });
  });
}

const fileRow = async (name: string) => (await t.sql(`SELECT * FROM dataops.scan_file WHERE file_name = $1`, [name]))[0];

it('a replica killed mid-scan (lease kept, step in flight lost) is taken over when its lease expires; every number stored once', async () => {
  const f = `kill-${rand()}.xlsx`;
  const numbers = phones(NUMBERS);
  for (let i = 0; i < numbers.length; i += 200) {
    const rows = numbers.slice(i, i + 200).map((PhoneNumber) => ({ PhoneNumber, FileName: f }));
    await a.scans.uploadScanFile({ rows, first_row: i + 2, kind: 'quetdata' }, { identity: me() });
  }
  for (const k of Object.keys(sim.stats)) sim.stats[k] = 0;

  // Started over a real socket; A scans a little, then shuts down gracefully (lease released).
  const token = testToken(me());
  socket = connect(`http://127.0.0.1:${rt.port}`, {
    path: '/socket.io',
    transports: ['websocket'],
    auth: { host: 'cskh.test', token, client_id: `c-${rand()}` },
    reconnection: false,
  });
  await new Promise((ok, fail) => {
    socket!.once('connect', () => ok(undefined));
    socket!.once('connect_error', fail);
  });
  socket.emit('batDauQuetTHREAD1', { token, FileName: f });
  await until('A scanning', async () => (await fileRow(f)).scanned >= 30);
  await t.service.stop();
  const byA = (await fileRow(f)).scanned;
  expect(byA).toBeLessThan(NUMBERS);
  expect(await fileRow(f)).toMatchObject({ state: 'running', lease_owner: null });

  // K, its own process, takes the file over and is killed mid-scan.
  const k = await replica('K');
  await until('K scanning', async () => {
    const r = await fileRow(f);
    return r.lease_owner === 'K' && r.scanned >= byA + 50;
  });
  k.kill('SIGKILL');
  await new Promise((ok) => (k.exitCode !== null || k.signalCode !== null ? ok(undefined) : k.once('exit', ok)));
  const killed = await fileRow(f);
  expect(killed).toMatchObject({ state: 'running', lease_owner: 'K' }); // nothing released it
  expect(killed.scanned).toBeLessThan(NUMBERS);
  const leaseUntil = new Date(killed.lease_until).getTime();

  // K2, a new process, waits out K's lease, then scans to the end.
  await replica('K2');
  await until('done by K2', async () => (await fileRow(f)).state === 'done', 60000);
  const done = await fileRow(f);
  expect(done.scanned).toBe(NUMBERS);
  const by = await t.sql(
    `SELECT scanned_by, count(*)::int AS n, min(scanned_at) AS first FROM dataops.scan_number n JOIN dataops.scan_file f ON f.id = n.file_id
      WHERE f.file_name = $1 GROUP BY scanned_by ORDER BY scanned_by`,
    [f],
  );
  expect(by.map((x) => x.scanned_by)).toEqual(['A', 'K', 'K2']);
  expect(by.reduce((n, x) => n + x.n, 0)).toBe(NUMBERS);
  expect(
    (
      await t.sql(
        `SELECT count(*)::int AS n FROM dataops.scan_number n JOIN dataops.scan_file f ON f.id = n.file_id WHERE f.file_name = $1 AND n.scanned_at IS NULL`,
        [f],
      )
    )[0].n,
  ).toBe(0);
  // K2 began only after K's lease ran out.
  expect(new Date(by.find((x) => x.scanned_by === 'K2')!.first).getTime()).toBeGreaterThanOrEqual(leaseUntil - 50);
  // The carrier was asked again only for what K had in flight (at most one step) when it died.
  expect(sim.stats.requests).toBeGreaterThanOrEqual(NUMBERS);
  expect(sim.stats.requests).toBeLessThanOrEqual(NUMBERS + BATCH);
}, 150000);
