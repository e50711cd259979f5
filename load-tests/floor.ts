#!/usr/bin/env node
// `npm run bench:floor`: what the chosen libraries alone can do on this machine, next to the
// carrier baseline — the ceiling any lookup path built from them can reach, with none of our code.
//
// Three processes, as the process mode of `npm run bench:lookup` runs the real ones:
//   carrier   the carrier simulator (services/carrier-sim), the baseline's target
//   echo      a grpc-js server (proto-loader, the kit's server options) answering lookup.v1's
//             LookupService.Balance from the request alone: no carrier call, no log row; or, for
//             a call with the metadata `x-floor-work`, doing what a lookup must with the plain
//             libraries: one undici request to the carrier simulator, one pg INSERT of a log row
//             (no batching, a pg.Pool of 10), then the answer
//   front     Express with the gateway's helmet and express.json, one GET route that makes the
//             same unary grpc-js call to echo (proto-loader client, the kit's channel options) and
//             answers the reply as JSON (under /work, with `x-floor-work`); and /healthz
// Rows (closed loop, --vus × --duration each; the same k6 scripts as bench:lookup):
//   baseline                k6 → carrier simulator                       carrier-baseline.js
//   express                 k6 → front GET /healthz                      healthz.js
//   express + grpc          k6 → front → echo (one unary call)           lookup-rest.js (TOKEN given: no login)
//   express + grpc + work   k6 → front → echo → carrier, INSERT          lookup-rest.js against /work
// The work row needs a PostgreSQL: DATABASE_URL, else bench:floor starts one (scripts/infra).
// with CPU per answered request of each process and the ratios to the baseline. The issue's
// targets for the product (REST ≥ 0.25 × baseline, ≥ 0.5 × /healthz) are read against these.
//
//   npm run bench:floor
//   npm run bench:floor -- --vus 50 --duration 15s
//
// `npm run bench:lookup` runs the same floor (startFloor, FLOOR_ROWS below) beside the product's
// rows in each of its modes, and prints the product's ratios to it: in process mode
// echo and front are two processes, in embedded mode one (--role both), as the product is.
import { ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import type * as Grpc from '@grpc/grpc-js';
import { httpOk } from '../scripts/chaos/procs';
import { startInfra } from '../scripts/infra/index';
import { freePorts } from '../scripts/infra/processes';
import { grpcChannelOptions, grpcServerOptions } from '../services/kit/src/server/grpc';
import { waitFor } from '../scripts/wait.mjs';
import { cpuSince, Figures, figures, installK6, markdownTable, runK6, loadAverage } from './api';
import { errorText, parseFlags, sayAs } from './cli';

const ROOT = path.resolve(__dirname, '..');
const say = sayAs('floor');

/** Where the echo does a lookup's work: the carrier simulator and its login, the PostgreSQL of the log rows. */
export interface FloorWork {
  carrierUrl: string;
  carrierUser: string;
  carrierPass: string;
  databaseUrl: string;
}

/** LookupService.Balance's request and reply as proto-loader gives them (keepCase, longs as strings). */
interface BalanceRequest {
  phone?: string;
}
interface BalanceReply {
  NUMBER_PHONE: string;
  NUM_TYPE: string;
  PHONE_BALANCE: string;
}
/** The generated client's one method the front calls. */
interface BalanceClient {
  Balance(
    req: BalanceRequest,
    md: Grpc.Metadata,
    opts: Grpc.CallOptions,
    cb: (err: Grpc.ServiceError | null, reply?: BalanceReply) => void,
  ): void;
}

/** The floor's log table: the columns of a lookup's log row, none of the product's other indexes. */
const WORK_LOG_DDL = `CREATE TABLE IF NOT EXISTS floor_lookup_log (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(), so_dien_thoai text NOT NULL, ten_tra_cuu text NOT NULL,
  noi_dung text NOT NULL DEFAULT '', username text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`;

/** A lookup's work with the plain libraries: the carrier's answer (undici), one log row (pg), no code of ours. */
async function floorWork({ carrierUrl, carrierUser, carrierPass, databaseUrl }: FloorWork) {
  const { Agent, request } = await import('undici');
  const pg = (await import('pg')).default;
  const agent = new Agent({ connections: 256, keepAliveTimeout: 4000 });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // PostgreSQL may stop before this process at the end of a run: an idle client's error is not a failure.
  pool.on('error', () => {});
  await pool.query(WORK_LOG_DDL);
  const authorization = `Basic ${Buffer.from(`${carrierUser}:${carrierPass}`).toString('base64')}`;
  return async (phone9: string): Promise<BalanceReply> => {
    const res = await request(`${carrierUrl}/api/v1/subscribers/84${phone9}/balance`, {
      dispatcher: agent,
      headers: { authorization, accept: 'application/json' },
    });
    const body = (await res.body.json()) as { data?: Record<string, unknown> } & Record<string, unknown>;
    if (res.statusCode !== 200) throw new Error(`carrier ${res.statusCode}`);
    await pool.query('INSERT INTO floor_lookup_log (so_dien_thoai, ten_tra_cuu, noi_dung, username) VALUES ($1, $2, $3, $4)', [
      `0${phone9}`,
      'Tra cứu số dư',
      'floor',
      'floor',
    ]);
    const d = body.data ?? body;
    return { NUMBER_PHONE: String(d.NUMBER_PHONE), NUM_TYPE: String(d.NUM_TYPE), PHONE_BALANCE: String(d.PHONE_BALANCE) };
  };
}

/** lookup.v1's LookupService as proto-loader loads it (the product's proto, none of its generated code). */
async function lookupService() {
  const grpc = await import('@grpc/grpc-js');
  const protoLoader = await import('@grpc/proto-loader');
  const { PROTO_ROOT } = await import('@cskh/proto');
  const def = protoLoader.loadSync('cskh/lookup/v1/lookup.proto', {
    includeDirs: [PROTO_ROOT],
    keepCase: true,
    longs: String,
    defaults: true,
  });
  const pkg = grpc.loadPackageDefinition(def) as unknown as { cskh: { lookup: { v1: { LookupService: Grpc.ServiceClientConstructor } } } };
  return { grpc, LookupService: pkg.cskh.lookup.v1.LookupService };
}

async function echoServer(port: number, work: FloorWork | undefined): Promise<Grpc.Server> {
  const { grpc, LookupService } = await lookupService();
  const service = LookupService.service;
  const server = new grpc.Server(grpcServerOptions);
  const unimplemented: Grpc.handleUnaryCall<unknown, unknown> = (_call, cb) => cb({ code: grpc.status.UNIMPLEMENTED });
  const impl: Grpc.UntypedServiceImplementation = Object.fromEntries(Object.keys(service).map((rpc) => [rpc, unimplemented]));
  const doWork = work ? await floorWork(work) : undefined;
  const balance: Grpc.handleUnaryCall<BalanceRequest, BalanceReply> = (call, cb) => {
    const phone = String(call.request.phone ?? '');
    if (!doWork || call.metadata.get('x-floor-work').length === 0)
      return cb(null, { NUMBER_PHONE: `84${phone.slice(-9)}`, NUM_TYPE: 'TT', PHONE_BALANCE: '125000' });
    doWork(phone.replace(/\D/g, '').slice(-9)).then(
      (reply) => cb(null, reply),
      (err: unknown) => cb({ code: grpc.status.UNAVAILABLE, details: err instanceof Error ? err.message : String(err) }),
    );
  };
  impl.Balance = balance;
  server.addService(service, impl);
  await new Promise<number>((res, rej) =>
    server.bindAsync(`127.0.0.1:${port}`, grpc.ServerCredentials.createInsecure(), (e, bound) => (e ? rej(e) : res(bound))),
  );
  return server;
}

async function frontServer(port: number, echoPort: number): Promise<void> {
  const { grpc, LookupService } = await lookupService();
  const { default: express } = await import('express');
  const { default: helmet } = await import('helmet');
  const client = new LookupService(
    `127.0.0.1:${echoPort}`,
    grpc.credentials.createInsecure(),
    grpcChannelOptions,
  ) as unknown as BalanceClient;
  const app = express();
  app.disable('x-powered-by');
  app.use(helmet());
  app.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
  app.use('/api', express.json());
  const work = new grpc.Metadata();
  work.set('x-floor-work', '1');
  const balance = (metadata: Grpc.Metadata) => (req: import('express').Request, res: import('express').Response) => {
    client.Balance({ phone: String(req.query.phone ?? '') }, metadata, { deadline: Date.now() + 10_000 }, (err, reply) => {
      if (err) return res.status(503).json({ status: 503, msg: err.message });
      res.json({ status: 200, data: reply });
    });
  };
  app.get('/api/v1/lookup/balance', balance(new grpc.Metadata()));
  app.get('/work/api/v1/lookup/balance', balance(work));
  await new Promise<void>((res) => app.listen(port, '127.0.0.1', () => res()));
}

/** A Node child process (tsx) of the repository, production settings, warnings only. */
function node(argv: string[], env: NodeJS.ProcessEnv = {}, nodeArgs: string[] = []): ChildProcess {
  return spawn(process.execPath, [...nodeArgs, '--import', 'tsx', ...argv], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * Starts the libraries' floor: shape 'process' = echo and front, one process each; 'embedded' =
 * both in one process. Answers { url (the front), pids ({ echo, front } or { floor }), stop }.
 * `nodeArgs(name)` adds Node options per process (the bench's --profile: --cpu-prof). `work`: the
 * echo can do a lookup's work too (the row `express + grpc + work`).
 */
export async function startFloor(
  shape: 'process' | 'embedded' = 'process',
  { nodeArgs = () => [], work }: { nodeArgs?: (name: string) => string[]; work?: FloorWork } = {},
): Promise<{ url: string; pids: Record<string, number>; stop: () => void }> {
  const [echoPort, frontPort] = await freePorts(2);
  const self = __filename;
  const workEnv = work ? { FLOOR_WORK: JSON.stringify(work) } : {};
  const procs: Record<string, ChildProcess> =
    shape === 'embedded'
      ? {
          floor: node([self, '--role', 'both', '--port', String(frontPort), '--echo-port', String(echoPort)], workEnv, nodeArgs('floor')),
        }
      : {
          echo: node([self, '--role', 'echo', '--port', String(echoPort)], workEnv, nodeArgs('echo')),
          front: node([self, '--role', 'front', '--port', String(frontPort), '--echo-port', String(echoPort)], {}, nodeArgs('front')),
        };
  const url = `http://127.0.0.1:${frontPort}`;
  const stop = () => Object.values(procs).forEach((p) => p.kill('SIGTERM'));
  try {
    await waitFor(`floor ${url}`, () => httpOk(`${url}/api/v1/lookup/balance?phone=0912345678`), 60_000, 200);
  } catch (e) {
    stop();
    throw e;
  }
  return { url, pids: Object.fromEntries(Object.entries(procs).map(([k, p]) => [k, p.pid ?? 0])), stop };
}

/** The row the product's lookup is held to: the same work, the plain libraries. */
export const WORK_ROW = 'express + grpc + work';

/** The floor's closed-loop rows (k6 script and env), against a floor started at `url` (the work row if it does the work). */
export const FLOOR_ROWS = (url: string, { work = false } = {}) => [
  { name: 'express', script: 'healthz.js', env: { BASE_URL: url } },
  { name: 'express + grpc', script: 'lookup-rest.js', env: { BASE_URL: url, TOKEN: 'floor', KIND: 'balance' } },
  ...(work ? [{ name: WORK_ROW, script: 'lookup-rest.js', env: { BASE_URL: `${url}/work`, TOKEN: 'floor', KIND: 'balance' } }] : []),
];

/** `npm run bench:floor`: the carrier baseline and the floor's rows, one after the other, and their table. */
async function benchFloor(vus: string, duration: string): Promise<void> {
  const k6 = installK6();
  const [carrierPort] = await freePorts(1);
  const carrierAuth = { CARRIER_SIM_USERNAME: 'floor', CARRIER_SIM_PASSWORD: 'floor-secret' };
  const carrier = node(['services/carrier-sim/src/main.ts'], {
    ...carrierAuth,
    PORT: String(carrierPort),
    CARRIER_SIM_LATENCY_MS: '0',
    CARRIER_SIM_JITTER_MS: '0',
    CARRIER_SIM_ERROR_RATE: '0',
    CARRIER_SIM_TIMEOUT_RATE: '0',
    METRICS_PORT: '0',
  });
  let floor: Awaited<ReturnType<typeof startFloor>> | undefined;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cskh-floor-'));
  // PostgreSQL for the work row's log (DATABASE_URL, else one of its own).
  const infra = await startInfra({ redis: false, kafka: false, log: (m) => say(m) });
  try {
    await waitFor('carrier', () => httpOk(`http://127.0.0.1:${carrierPort}/healthz`), 60_000, 200);
    const work = {
      carrierUrl: `http://127.0.0.1:${carrierPort}`,
      carrierUser: 'floor',
      carrierPass: 'floor-secret',
      databaseUrl: infra.env.DATABASE_URL ?? '',
    };
    floor = await startFloor('process', { work });
    const pids = { carrier: carrier.pid ?? 0, ...floor.pids };
    const loadBefore = loadAverage();
    const rows: (Figures & { name: string; cpu: Record<string, number> })[] = [];
    const row = async (name: string, script: string, env: Record<string, string | undefined>) => {
      say(`${name}: ${vus} VUs × ${duration}`);
      const file = path.join(tmp, `${rows.length}.json`);
      const cpuOfRow = cpuSince(pids);
      const code = await runK6(k6, script, { VUS: vus, DURATION: duration, SUMMARY_FILE: file, ...env });
      const cpu = cpuOfRow();
      if (code !== 0 || !fs.existsSync(file)) throw new Error(`${name}: k6 exited ${code}`);
      rows.push({ name, ...figures(file), cpu });
    };
    await row('baseline', 'carrier-baseline.js', {
      CARRIER_URL: `http://127.0.0.1:${carrierPort}`,
      CARRIER_USERNAME: 'floor',
      CARRIER_PASSWORD: 'floor-secret',
    });
    for (const r of FLOOR_ROWS(floor.url, { work: true })) await row(r.name, r.script, r.env);
    const base = rows[0].rps;
    const fmt = (n: number, d = 1) => n.toFixed(d);
    const us = (r: (typeof rows)[number], k: string) => (r.lookups ? fmt((r.cpu[k] * 1000) / r.lookups, 0) : '-');
    process.stdout.write(
      `\nLibrary floor: ${vus} VUs × ${duration} per row, ${os.cpus().length} cores (${os.cpus()[0]?.model.trim()}); load average before ${loadBefore}, after ${loadAverage()}\n\n` +
        markdownTable(
          ['row', 'req/s', 'p50 ms', 'p95 ms', 'errors', 'vs baseline', 'carrier µs', 'echo µs', 'front µs'],
          rows.map((r) => [
            r.name,
            fmt(r.rps),
            fmt(r.p50),
            fmt(r.p95),
            String(r.errors),
            fmt(r.rps / base, 2),
            us(r, 'carrier'),
            us(r, 'echo'),
            us(r, 'front'),
          ]),
          1,
        ) +
        '\n\nCPU per answered request (user + system of each process during the row, /proc; k6 not included).\n',
    );
    if (rows.some((r) => r.errors > 0)) process.exitCode = 1;
  } finally {
    carrier.kill('SIGTERM');
    floor?.stop();
    await infra.stop().catch((e: unknown) => say(`infra stop: ${String(e)}`));
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

/** As a script: one of the floor's processes (--role, started by startFloor), else the bench. */
async function main(): Promise<unknown> {
  const opt = parseFlags(process.argv.slice(2), { role: 'value', port: 'value', 'echo-port': 'value', vus: 'value', duration: 'value' });
  const role = opt.role;
  // A floor process stopped by SIGTERM exits normally, so that a --cpu-prof profile is written.
  if (role) process.once('SIGTERM', () => process.exit(0));
  const work = process.env.FLOOR_WORK ? (JSON.parse(process.env.FLOOR_WORK) as FloorWork) : undefined;
  if (role === 'echo') return echoServer(Number(opt.port), work);
  if (role === 'front') return frontServer(Number(opt.port), Number(opt['echo-port']));
  if (role === 'both')
    return echoServer(Number(opt['echo-port']), work).then(() => frontServer(Number(opt.port), Number(opt['echo-port'])));
  return benchFloor(opt.vus ?? '50', opt.duration ?? '15s');
}

// Run as a script (bench:floor, or a floor process of startFloor); imported by bench.ts, nothing runs.
if (require.main === module)
  main().catch((err: unknown) => {
    say(`failed: ${errorText(err)}`);
    process.exit(1);
  });
