#!/usr/bin/env node
// `npm run bench:lookup` (= `tsx load-tests/bench.mjs`): lookup throughput of the whole product.
//
// Starts real PostgreSQL, Redis and Kafka (scripts/infra; a piece is reused when DATABASE_URL /
// REDIS_URL / KAFKA_BROKERS is set), the stack (scripts/stack.ts: auth, lookup, … services,
// carrier simulator at zero latency, realtime tier, gateway), installs k6 if needed
// (load-tests/install-k6.sh), then runs, one after the other:
//   baseline  k6 → carrier simulator directly (same lookup)           carrier-baseline.js
//   rest      k6 → gateway → lookup service (gRPC) → carrier           lookup-rest.js
//   socket    k6 → gateway → realtime → Kafka → lookup → Kafka → back  lookup-socket.js
// and prints one table: lookups per second, p50/p95/p99, errors, lost replies, and each path's
// throughput as a share of the baseline's.
//
//   npm run bench:lookup                          20 s per path, 50 virtual users
//   npm run bench:lookup -- --vus 20 --duration 30s --pipeline 2
//   npm run bench:lookup -- --smoke               10 s, 5 VUs; exit 1 on any error, lost or duplicate reply (CI)
//   npm run bench:lookup -- --only rest,socket    skip a path
//   npm run bench:lookup -- --json out.json       also write the figures as JSON
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..');
const say = (msg) => process.stderr.write(`[bench] ${msg}\n`);

function parseArgs(argv) {
  const o = { smoke: false, vus: undefined, duration: undefined, pipeline: '1', only: ['baseline', 'rest', 'socket'], json: undefined };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--smoke') o.smoke = true;
    else if (a === '--vus') o.vus = argv[++i];
    else if (a === '--duration') o.duration = argv[++i];
    else if (a === '--pipeline') o.pipeline = argv[++i];
    else if (a === '--only') o.only = argv[++i].split(',');
    else if (a === '--json') o.json = argv[++i];
    else throw new Error(`unknown argument ${a}`);
  }
  o.vus ??= o.smoke ? '5' : '50';
  o.duration ??= o.smoke ? '10s' : '20s';
  return o;
}

function installK6() {
  const r = spawnSync('bash', [path.join(HERE, 'install-k6.sh')], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (r.status !== 0) throw new Error('k6 install failed');
  return r.stdout.trim().split('\n').pop();
}

function runK6(k6, script, env) {
  return new Promise((resolve) => {
    const child = spawn(k6, ['run', '--no-color', '--quiet', path.join(HERE, script)], {
      env: { ...process.env, ...env, K6_NO_USAGE_REPORT: 'true' },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    child.on('exit', (code) => resolve(code ?? 1));
  });
}

function figures(file) {
  const s = JSON.parse(fs.readFileSync(file, 'utf8'));
  const m = s.metrics;
  const v = (k, f) => (m[k]?.values?.[f] ?? 0);
  return {
    lookups: v('lookups', 'count'),
    rps: v('lookups', 'rate'),
    p50: v('lookup_duration', 'med'),
    p95: v('lookup_duration', 'p(95)'),
    p99: v('lookup_duration', 'p(99)'),
    errors: v('lookup_errors', 'count'),
    lost: v('lost_replies', 'count'),
    duplicates: v('duplicate_replies', 'count'),
  };
}

function table(rows, baselineRps) {
  const head = ['path', 'lookups/s', 'p50 ms', 'p95 ms', 'p99 ms', 'errors', 'lost replies', 'vs baseline'];
  const body = rows.map((r) => [
    r.name,
    r.rps.toFixed(1),
    r.p50.toFixed(1),
    r.p95.toFixed(1),
    r.p99.toFixed(1),
    String(r.errors),
    r.name === 'socket' ? String(r.lost) : '-',
    baselineRps ? `${((r.rps / baselineRps) * 100).toFixed(1)}%` : '-',
  ]);
  const width = head.map((h, i) => Math.max(h.length, ...body.map((b) => b[i].length)));
  const line = (cells) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(width[i]) : c.padStart(width[i]))).join(' | ')} |`;
  return [line(head), `|${width.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...body.map(line)].join('\n');
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const k6 = installK6();
  say(`k6: ${k6}`);
  const { startInfra } = await import('../scripts/infra/index.mjs');
  const infra = await startInfra({ log: (m) => say(m) });
  let stack;
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'cskh-bench-'));
  const stop = async () => {
    await stack?.stop().catch((e) => say(`stack stop: ${e}`));
    await infra.stop().catch((e) => say(`infra stop: ${e}`));
    fs.rmSync(tmp, { recursive: true, force: true });
  };
  process.once('SIGINT', () => stop().then(() => process.exit(130)));
  let exit = 0;
  try {
    const adminPassword = `Bench-${randomBytes(6).toString('hex')}`;
    const carrier = { user: 'bench-carrier', pass: `c-${randomBytes(6).toString('hex')}` };
    const { startStack } = await import('../scripts/stack.ts');
    stack = await startStack({
      env: {
        ...process.env,
        ...infra.env,
        LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
        JWT_SECRET: randomBytes(32).toString('hex'),
        SYSTEM_ACCOUNT_KEY: randomBytes(32).toString('hex'),
        CSKH_ADMIN_PASSWORD: adminPassword,
        CARRIER_LATENCY_MS: '0',
        CARRIER_JITTER_MS: '0',
        CARRIER_ERROR_RATE: '0',
        CARRIER_TIMEOUT_RATE: '0',
        CARRIER_USERNAME: carrier.user,
        CARRIER_PASSWORD: carrier.pass,
        MIGRATE_ON_START: 'true',
      },
    });
    const carrierUrl = `http://127.0.0.1:${stack.services['carrier-sim']}`;
    say(`stack up at ${stack.url}; carrier simulator at ${carrierUrl}; ${opts.vus} VUs × ${opts.duration} per path`);
    const common = { VUS: opts.vus, DURATION: opts.duration, SMOKE: opts.smoke ? '1' : '0', PIPELINE: opts.pipeline };
    const runs = [
      { name: 'baseline', script: 'carrier-baseline.js', env: { CARRIER_URL: carrierUrl, CARRIER_USERNAME: carrier.user, CARRIER_PASSWORD: carrier.pass } },
      { name: 'rest', script: 'lookup-rest.js', env: { BASE_URL: stack.url, USERNAME: 'admin', PASSWORD: adminPassword } },
      { name: 'socket', script: 'lookup-socket.js', env: { BASE_URL: stack.url, USERNAME: 'admin', PASSWORD: adminPassword } },
    ].filter((r) => opts.only.includes(r.name));
    const rows = [];
    for (const r of runs) {
      const file = path.join(tmp, `${r.name}.json`);
      say(`running ${r.name} (${r.script})`);
      const code = await runK6(k6, r.script, { ...common, ...r.env, SUMMARY_FILE: file });
      if (!fs.existsSync(file)) {
        say(`${r.name}: k6 wrote no summary (exit ${code})`);
        exit = 1;
        continue;
      }
      const f = { name: r.name, k6Exit: code, ...figures(file) };
      rows.push(f);
      if (code !== 0) {
        say(`${r.name}: k6 exited ${code} (threshold failed?)`);
        exit = 1;
      }
      if (opts.smoke && (f.errors > 0 || f.lost > 0 || f.duplicates > 0 || f.lookups === 0)) exit = 1;
    }
    const baseline = rows.find((r) => r.name === 'baseline');
    const out = table(rows, baseline?.rps);
    process.stdout.write(`\nLookup throughput (${opts.vus} VUs, ${opts.duration} per path, carrier simulator at zero latency, ${os.cpus().length} cores)\n\n${out}\n\n`);
    if (opts.json) fs.writeFileSync(opts.json, JSON.stringify({ vus: opts.vus, duration: opts.duration, rows }, null, 2));
  } catch (err) {
    say(`failed: ${err?.stack ?? err}`);
    exit = 1;
  } finally {
    await stop();
  }
  process.exit(exit);
}

main();
