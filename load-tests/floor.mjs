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
import { spawn } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { httpOk } from '../scripts/chaos/procs.ts';
import { freePorts } from '../scripts/infra/processes.ts';
import { waitFor } from '../scripts/wait.mjs';
import { cpuMs, figures, installK6, markdownTable, runK6, loadAverage } from './api.ts';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..');
const say = (msg) => process.stderr.write(`[floor] ${msg}\n`);

/** The floor's log table: the columns of a lookup's log row, none of the product's other indexes. */
const WORK_LOG_DDL = `CREATE TABLE IF NOT EXISTS floor_lookup_log (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(), so_dien_thoai text NOT NULL, ten_tra_cuu text NOT NULL,
  noi_dung text NOT NULL DEFAULT '', username text NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`;

/** A lookup's work with the plain libraries: the carrier's answer (undici), one log row (pg), no code of ours. */
async function floorWork({ carrierUrl, carrierUser, carrierPass, databaseUrl }) {
  const { Agent, request } = await import('undici');
  const pg = (await import('pg')).default;
  const agent = new Agent({ connections: 256, keepAliveTimeout: 4000 });
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // PostgreSQL may stop before this process at the end of a run: an idle client's error is not a failure.
  pool.on('error', () => {});
  await pool.query(WORK_LOG_DDL);
  const authorization = `Basic ${Buffer.from(`${carrierUser}:${carrierPass}`).toString('base64')}`;
  return async (phone9) => {
    const res = await request(`${carrierUrl}/api/v1/subscribers/84${phone9}/balance`, {
      dispatcher: agent,
      headers: { authorization, accept: 'application/json' },
    });
    const body = await res.body.json();
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

async function echoServer(port, work) {
  const grpc = await import('@grpc/grpc-js');
  const protoLoader = await import('@grpc/proto-loader');
  const { grpcServerOptions } = await import('../services/kit/src/server/grpc.ts');
  const { PROTO_ROOT } = await import('@cskh/proto');
  const def = protoLoader.loadSync('cskh/lookup/v1/lookup.proto', {
    includeDirs: [PROTO_ROOT],
    keepCase: true,
    longs: String,
    defaults: true,
  });
  const service = grpc.loadPackageDefinition(def).cskh.lookup.v1.LookupService.service;
  const server = new grpc.Server(grpcServerOptions);
  const impl = Object.fromEntries(Object.keys(service).map((rpc) => [rpc, (_call, cb) => cb({ code: grpc.status.UNIMPLEMENTED })]));
  const doWork = work ? await floorWork(work) : undefined;
  impl.Balance = (call, cb) => {
    const phone = String(call.request.phone ?? '');
    if (!doWork || call.metadata.get('x-floor-work').length === 0)
      return cb(null, { NUMBER_PHONE: `84${phone.slice(-9)}`, NUM_TYPE: 'TT', PHONE_BALANCE: '125000' });
    doWork(phone.replace(/\D/g, '').slice(-9)).then(
      (reply) => cb(null, reply),
      (err) => cb({ code: grpc.status.UNAVAILABLE, details: String(err?.message ?? err) }),
    );
  };
  server.addService(service, impl);
  await new Promise((res, rej) =>
    server.bindAsync(`127.0.0.1:${port}`, grpc.ServerCredentials.createInsecure(), (e) => (e ? rej(e) : res())),
  );
  return server;
}

async function frontServer(port, echoPort) {
  const grpc = await import('@grpc/grpc-js');
  const protoLoader = await import('@grpc/proto-loader');
  const { default: express } = await import('express');
  const { default: helmet } = await import('helmet');
  const { grpcChannelOptions } = await import('../services/kit/src/server/grpc.ts');
  const { PROTO_ROOT } = await import('@cskh/proto');
  const def = protoLoader.loadSync('cskh/lookup/v1/lookup.proto', {
    includeDirs: [PROTO_ROOT],
    keepCase: true,
    longs: String,
    defaults: true,
  });
  const Client = grpc.loadPackageDefinition(def).cskh.lookup.v1.LookupService;
  const client = new Client(`127.0.0.1:${echoPort}`, grpc.credentials.createInsecure(), grpcChannelOptions);
  const app = express();
  app.disable('x-powered-by');
  app.use(helmet());
  app.get('/healthz', (_req, res) => res.json({ status: 'ok' }));
  app.use('/api', express.json());
  const work = new grpc.Metadata();
  work.set('x-floor-work', '1');
  const balance = (metadata) => (req, res) => {
    client.Balance({ phone: String(req.query.phone ?? '') }, metadata, { deadline: Date.now() + 10_000 }, (err, reply) => {
      if (err) return res.status(503).json({ status: 503, msg: err.message });
      res.json({ status: 200, data: reply });
    });
  };
  app.get('/api/v1/lookup/balance', balance(new grpc.Metadata()));
  app.get('/work/api/v1/lookup/balance', balance(work));
  await new Promise((res) => app.listen(port, '127.0.0.1', res));
}

/** A Node child process (tsx) of the repository, production settings, warnings only. */
function node(argv, env = {}, nodeArgs = []) {
  return spawn(process.execPath, [...nodeArgs, '--import', 'tsx', ...argv], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/**
 * Starts the libraries' floor: shape 'process' = echo and front, one process each; 'embedded' =
 * both in one process. Answers { url (the front), pids ({ echo, front } or { floor }), stop }.
 * `nodeArgs(name)` adds Node options per process (the bench's --profile: --cpu-prof). `work`
 * ({ carrierUrl, carrierUser, carrierPass, databaseUrl }): the echo can do a lookup's work too
 * (the row `express + grpc + work`).
 */
export async function startFloor(shape = 'process', { nodeArgs = () => [], work } = {}) {
  const [echoPort, frontPort] = await freePorts(2);
  const self = fileURLToPath(import.meta.url);
  const workEnv = work ? { FLOOR_WORK: JSON.stringify(work) } : {};
  const procs =
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
  return { url, pids: Object.fromEntries(Object.entries(procs).map(([k, p]) => [k, p.pid])), stop };
}

/** The floor's closed-loop rows (k6 script and env), against a floor started at `url` (the work row if it does the work). */
export const FLOOR_ROWS = (url, { work = false } = {}) => [
  { name: 'express', script: 'healthz.js', env: { BASE_URL: url } },
  { name: 'express + grpc', script: 'lookup-rest.js', env: { BASE_URL: url, TOKEN: 'floor', KIND: 'balance' } },
  ...(work ? [{ name: WORK_ROW, script: 'lookup-rest.js', env: { BASE_URL: `${url}/work`, TOKEN: 'floor', KIND: 'balance' } }] : []),
];

/** The row the product's lookup is held to: the same work, the plain libraries. */
export const WORK_ROW = 'express + grpc + work';

async function main() {
  const args = process.argv.slice(2);
  const opt = (name, dflt) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : dflt;
  };
  const role = opt('role');
  // A floor process stopped by SIGTERM exits normally, so that a --cpu-prof profile is written.
  if (role) process.once('SIGTERM', () => process.exit(0));
  const work = process.env.FLOOR_WORK ? JSON.parse(process.env.FLOOR_WORK) : undefined;
  if (role === 'echo') return echoServer(Number(opt('port')), work);
  if (role === 'front') return frontServer(Number(opt('port')), Number(opt('echo-port')));
  if (role === 'both')
    return echoServer(Number(opt('echo-port')), work).then(() => frontServer(Number(opt('port')), Number(opt('echo-port'))));

  const vus = opt('vus', '50');
  const duration = opt('duration', '15s');
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
  let floor;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cskh-floor-'));
  // PostgreSQL for the work row's log (DATABASE_URL, else one of its own).
  const { startInfra } = await import('../scripts/infra/index.ts');
  const infra = await startInfra({ redis: false, kafka: false, log: (m) => say(m) });
  try {
    await waitFor('carrier', () => httpOk(`http://127.0.0.1:${carrierPort}/healthz`), 60_000, 200);
    const work = {
      carrierUrl: `http://127.0.0.1:${carrierPort}`,
      carrierUser: 'floor',
      carrierPass: 'floor-secret',
      databaseUrl: infra.env.DATABASE_URL,
    };
    floor = await startFloor('process', { work });
    const pids = { carrier: carrier.pid, ...floor.pids };
    const loadBefore = loadAverage();
    const rows = [];
    const row = async (name, script, env) => {
      say(`${name}: ${vus} VUs × ${duration}`);
      const file = path.join(tmp, `${rows.length}.json`);
      const cpu0 = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, cpuMs(pid)]));
      const code = await runK6(k6, script, { VUS: vus, DURATION: duration, SUMMARY_FILE: file, ...env });
      const cpu = Object.fromEntries(Object.entries(pids).map(([k, pid]) => [k, cpuMs(pid) - cpu0[k]]));
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
    const fmt = (n, d = 1) => n.toFixed(d);
    const us = (r, k) => (r.lookups ? fmt((r.cpu[k] * 1000) / r.lookups, 0) : '-');
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
    await infra.stop().catch((e) => say(`infra stop: ${e}`));
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

// Run as a script (bench:floor, or a floor process of startFloor); imported by bench.mjs, nothing runs.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  main().catch((err) => {
    say(`failed: ${err?.stack ?? err}`);
    process.exit(1);
  });
