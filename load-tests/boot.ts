#!/usr/bin/env node
// `npm run bench:boot`: the CPU a component spends loading its code, as a pod starts it, three ways:
//   tsx, cold   node --import tsx scripts/component.ts, with an empty compile cache (a new pod's /tmp)
//   tsx, warm   the same with tsx's cache filled by the run before
//   bundle      node dist/component.js (scripts/bundle.ts), what the image runs
// Each run is started without its settings, so it loads everything and stops at the configuration
// check, before connecting anywhere: what is measured is the loading alone. User + system CPU of
// the process (its own figure, at exit) and the wall time, median of --runs runs.
//
//   npm run bench:boot
//   npm run bench:boot -- --runs 7 --components gateway,lookup
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundleComponents } from '../scripts/bundle';
import { loadAverage, markdownTable } from './api';
import { errorText, parseFlags, sayAs } from './cli';

const ROOT = path.resolve(__dirname, '..');
const say = sayAs('boot');

interface Sample {
  cpuMs: number;
  wallMs: number;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** One start of `args` with `tmpdir` as its temporary folder: its CPU (reported by itself at exit) and wall time. */
function startOnce(args: string[], tmpdir: string, report: string): Sample {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['--require', report, ...args], {
    cwd: ROOT,
    // no settings: the component loads, then refuses its configuration; no port of ours taken
    env: { PATH: process.env.PATH, TMPDIR: tmpdir, METRICS_PORT: '0' },
    encoding: 'utf8',
  });
  const wallMs = performance.now() - t0;
  const m = /boot-cpu-ms=(\d+(?:\.\d+)?)/.exec(r.stderr);
  if (!m) throw new Error(`no CPU figure from ${args.join(' ')}:\n${r.stderr.slice(-2000)}`);
  if (!/Invalid configuration/.test(r.stderr))
    throw new Error(`${args.join(' ')} did not stop at its configuration:\n${r.stderr.slice(-2000)}`);
  return { cpuMs: Number(m[1]), wallMs };
}

async function main() {
  const flags = parseFlags(process.argv.slice(2), { runs: 'value', components: 'value' });
  const runs = Number(flags.runs ?? 5);
  const components = (flags.components ?? 'gateway,lookup,realtime,care').split(',');
  const bundle = await bundleComponents();
  const work = mkdtempSync(path.join(os.tmpdir(), 'cskh-boot-'));
  const report = path.join(work, 'report.cjs');
  writeFileSync(
    report,
    `process.on('exit', () => { const u = process.cpuUsage(); process.stderr.write('boot-cpu-ms=' + ((u.user + u.system) / 1000).toFixed(1) + '\\n'); });\n`,
  );
  const load0 = loadAverage();
  const rows: string[][] = [];
  try {
    for (const name of components) {
      const ways: Array<[string, () => Sample]> = [
        ['tsx, cold', () => startOnce(['--import', 'tsx', 'scripts/component.ts', name], mkdtempSync(path.join(work, 'cold-')), report)],
        ['tsx, warm', () => startOnce(['--import', 'tsx', 'scripts/component.ts', name], path.join(work, 'warm'), report)],
        ['bundle', () => startOnce([bundle, name], work, report)],
      ];
      startOnce(['--import', 'tsx', 'scripts/component.ts', name], path.join(work, 'warm'), report); // fills the warm cache
      for (const [way, once] of ways) {
        const samples = Array.from({ length: runs }, once);
        say(`${name}, ${way}: ${samples.map((s) => s.cpuMs.toFixed(0)).join(' ')} ms CPU`);
        rows.push([name, way, median(samples.map((s) => s.cpuMs)).toFixed(0), median(samples.map((s) => s.wallMs)).toFixed(0)]);
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  console.log(`\nLoading a component's code (median of ${runs} runs; load average ${load0} → ${loadAverage()})\n`);
  console.log(markdownTable(['component', 'started as', 'CPU ms', 'wall ms'], rows, 2));
}

main().catch((err) => {
  console.error(errorText(err));
  process.exit(1);
});
