#!/usr/bin/env node
// `npm run chaos`: the product under failure, with figures.
//
// Real PostgreSQL, Redis (append-only file on, as the chart runs it) and a Kafka broker
// (scripts/infra), and every component the lookup path needs in its own process: carrier
// simulator, auth, lookup, two realtime replicas behind a TCP balancer (the Kubernetes Service),
// and the gateway. k6 (load-tests/install-k6.sh) drives socket lookups (clients that reconnect and
// re-send, scripts/chaos/k6/socket-lookups.js) and REST lookups (scripts/chaos/k6/rest-lookups.js)
// while each scenario breaks one piece:
//   kafka     the broker stopped ~10 s and started again
//   realtime  one of the two realtime replicas killed (SIGKILL), started again 10 s later
//   postgres  PostgreSQL stopped ~10 s and started again
//   redis     Redis stopped ~5 s and started again (revocations and login limits before and after)
//   outbox    auth killed (SIGKILL) while its outbox holds committed, unpublished events; lookup (a
//             consumer of those events) killed and restarted too; events and effects counted
// and prints one table per scenario; exit 1 when an invariant breaks (a lost or duplicated
// lookup, a 500, a 5xx without a Vietnamese msg, a lost acknowledged write, no recovery).
//
//   npm run chaos
//   npm run chaos -- --only kafka,realtime      some scenarios
//   npm run chaos -- --vus 10 --duration 40     socket VUs (REST: half) and seconds of load per scenario
//   npm run chaos -- --json out.json            also write the figures as JSON
//
// The run is a list of named steps (SCENARIOS below), each a function of the world (world.ts):
// scenarios.ts (kafka, realtime, postgres, redis) and outbox-scenario.ts; report.ts prints them.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { installK6 } from '../../load-tests/api';
import { startInfra } from '../infra/index';
import { errorText, parseFlags } from '../../load-tests/cli';
import { outboxKilled } from './outbox-scenario';
import { ChaosResults, printReport } from './report';
import { kafkaStopped, postgresStopped, realtimeKilled, redisStopped } from './scenarios';
import { ChaosOptions, startLookupPath, takeOver, World } from './world';

const t00 = Date.now();
const say = (msg: string) => process.stderr.write(`[chaos ${((Date.now() - t00) / 1000).toFixed(1).padStart(6)}s] ${msg}\n`);

/** The scenarios, in the order they run: each breaks one piece under load and answers its figures. */
const SCENARIOS: { [K in keyof ChaosResults]-?: (w: World) => Promise<NonNullable<ChaosResults[K]>> } = {
  kafka: kafkaStopped,
  realtime: realtimeKilled,
  postgres: postgresStopped,
  redis: redisStopped,
  outbox: outboxKilled,
};
const NAMES = Object.keys(SCENARIOS) as (keyof ChaosResults)[];

function parseArgs(argv: readonly string[]): ChaosOptions {
  const f = parseFlags(argv, { only: 'value', vus: 'value', duration: 'value', pipeline: 'value', json: 'value', 'keep-logs': 'switch' });
  const o: ChaosOptions = {
    only: f.only?.split(',') ?? NAMES,
    vus: Number(f.vus ?? 10),
    duration: Number(f.duration ?? 40),
    pipeline: Number(f.pipeline ?? 2),
    json: f.json,
    keepLogs: f['keep-logs'] !== undefined,
  };
  for (const s of o.only) if (!(NAMES as string[]).includes(s)) throw new Error(`unknown scenario ${s}; one of ${NAMES.join(', ')}`);
  return o;
}

/** Runs one scenario and keeps its figures under its name. */
async function runScenario(name: keyof ChaosResults, w: World, results: ChaosResults): Promise<void> {
  const r = await SCENARIOS[name](w);
  Object.assign(results, { [name]: r });
  say(`${name}: ${JSON.stringify(r)}`);
}

async function main() {
  const opts = parseArgs(process.argv.slice(2));
  const k6 = installK6();
  const runDir = fs.mkdtempSync(path.join(os.tmpdir(), 'cskh-chaos-'));
  say(`k6 ${k6}; logs in ${runDir}`);
  const infra = await startInfra({ log: (m) => say(m) });
  const ground = await takeOver(opts, infra, runDir, say);
  const { failed } = ground;
  let stack: { stop: () => Promise<void> } | undefined;
  const cleanup = () => ground.cleanup(stack);
  process.once('SIGINT', () => void cleanup().then(() => process.exit(130)));

  const results: ChaosResults = {};
  try {
    const world = await startLookupPath(ground, k6, (s) => (stack = s));
    say(`stack up at ${world.base} (${((Date.now() - t00) / 1000).toFixed(0)} s)`);
    for (const name of NAMES) if (opts.only.includes(name)) await runScenario(name, world, results);
    printReport(results, opts);
    if (opts.json) fs.writeFileSync(opts.json, JSON.stringify({ opts, cores: os.cpus().length, results, failed }, null, 2));
  } catch (err) {
    say(`failed: ${errorText(err)}`);
    failed.push(err instanceof Error ? err.message : String(err));
  } finally {
    if (failed.length) {
      process.stdout.write(`\nFAILED:\n${failed.map((f) => `  - ${f}`).join('\n')}\n(logs kept in ${runDir})\n`);
    }
    // Set before the clean-up: if a stop there never settles, Node ends on an empty event loop
    // with this code instead of 0 (a failed run once exited 0 that way).
    process.exitCode = failed.length ? 1 : 0;
    await cleanup();
  }
  process.exit(failed.length ? 1 : 0);
}

void main();
